/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // Meant to be the group plugins/with-app-group.js gives the app, but it says "widgets", not "shared".
    "com.apple.security.application-groups": ["group.com.example.expowidgets.widgets"],
  },
});
