/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  // Widgets with containerBackground need iOS 17; the app itself still runs on 16.0.
  deploymentTarget: "17.0",
  entitlements: {
    // Copied from the share extension's config when the widget was added.
    "com.apple.security.application-groups": [
      "group.com.example.expowidgets.share",
    ],
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
