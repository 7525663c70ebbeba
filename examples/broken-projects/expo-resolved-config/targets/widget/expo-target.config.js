/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // A group of its own: the app (com.example.tides) is entitled to group.com.example.tides only.
    "com.apple.security.application-groups": ["group.com.example.tides.widget"],
  },
  infoPlist: {
    AppGroup: "group.com.example.tides.widget",
  },
});
