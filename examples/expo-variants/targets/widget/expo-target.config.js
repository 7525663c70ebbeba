const IS_DEV = process.env.APP_VARIANT === "development";

/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */
module.exports = (config) => ({
  type: "widget",
  name: "widget",
  deploymentTarget: "17.0",
  entitlements: {
    // The same group as the app's, in each variant: the app writes, the widget reads.
    "com.apple.security.application-groups": [IS_DEV ? "group.com.example.tidesdev" : "group.com.example.tides"],
  },
  infoPlist: {
    AppGroup: IS_DEV ? "group.com.example.tidesdev" : "group.com.example.tides",
  },
});
