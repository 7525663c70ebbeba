/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // Written once, for the store app: the development build's app uses group.com.example.tidesdev.
    "com.apple.security.application-groups": ["group.com.example.tides"],
  },
  infoPlist: {
    AppGroup: "group.com.example.tides",
  },
});
