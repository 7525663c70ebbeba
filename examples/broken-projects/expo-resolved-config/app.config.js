// The identifiers come from a shared module: only running it tells them.
const { bundleIdentifier, appGroup } = require("./scripts/identifiers");

module.exports = ({ config }) => ({
  ...config,
  name: "Tides",
  slug: "tides",
  scheme: "tides",
  ios: {
    bundleIdentifier: bundleIdentifier(process.env.APP_VARIANT),
    entitlements: {
      "com.apple.security.application-groups": [appGroup(process.env.APP_VARIANT)],
    },
  },
  plugins: ["@bacons/apple-targets", ["expo-build-properties", { ios: { deploymentTarget: "16.0" } }]],
});
