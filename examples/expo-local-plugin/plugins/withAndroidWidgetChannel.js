// Android only: a notification channel for widget refreshes. Nothing here touches iOS.
const { withAndroidManifest } = require("expo/config-plugins");

module.exports = (config) =>
  withAndroidManifest(config, (mod) => {
    const application = mod.modResults.manifest.application[0];
    application["meta-data"] = application["meta-data"] ?? [];
    application["meta-data"].push({ $: { "android:name": "widget_channel", "android:value": "refresh" } });
    return mod;
  });
