/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // A group of its own for the widget: the app never writes here.
    "com.apple.security.application-groups": ["group.com.example.expowidgets.widget"],
  },
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
