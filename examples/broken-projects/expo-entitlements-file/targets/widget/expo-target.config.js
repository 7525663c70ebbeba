/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  // No `entitlements` here: the plugin signs the target with widget.entitlements in this folder.
  colors: {
    $accent: "#4630EB",
    $widgetBackground: { light: "#FFFFFF", dark: "#1C1C1E" },
  },
});
