const IS_DEV = process.env.APP_VARIANT === "development";

/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // The app's own groups, in each variant: the app writes, the widget reads. The plugin calls this
    // function with the app's Expo config.
    "com.apple.security.application-groups": config.ios.entitlements["com.apple.security.application-groups"],
  },
  infoPlist: {
    AppGroup: IS_DEV ? "group.com.example.tidesdev" : "group.com.example.tides",
  },
});
