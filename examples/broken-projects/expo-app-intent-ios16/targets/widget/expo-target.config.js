/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  // Lowered to match the app, so the widget "runs on iOS 16 too".
  deploymentTarget: "16.0",
  entitlements: {
    "com.apple.security.application-groups": ["group.com.example.expowidgets"],
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
