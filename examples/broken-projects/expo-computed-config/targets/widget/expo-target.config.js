/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  // Kept in one file for the app and its targets; Expo runs this when it prebuilds.
  bundleIdentifier: require("../../identifiers").widget,
  deploymentTarget: "17.0",
  entitlements: {
    "com.apple.security.application-groups": ["group.com.example.expowidgets"],
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
