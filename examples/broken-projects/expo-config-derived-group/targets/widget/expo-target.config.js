/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  bundleIdentifier: config.ios.bundleIdentifier + ".widget",
  deploymentTarget: "17.0",
  entitlements: {
    // The app's first group, from the Expo config the plugin passes in.
    "com.apple.security.application-groups": [config.ios.entitlements["com.apple.security.application-groups"][0]],
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
