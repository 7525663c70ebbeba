/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  // Widgets with containerBackground need iOS 17; the app itself still runs on 16.0.
  deploymentTarget: "17.0",
  entitlements: {
    // No App Groups key here: @bacons/apple-targets copies the app's groups from app.json, the group the
    // app writes with ExtensionStorage and the widget reads.
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
