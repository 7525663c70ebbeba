// The app's own config plugin: the App Group the app and its widget share is named after the app's
// bundle identifier, so it follows the identifier of each build.
const APP_GROUPS = "com.apple.security.application-groups";

module.exports = function withWidgets(config) {
  config.ios = config.ios ?? {};
  config.ios.entitlements = config.ios.entitlements ?? {};
  config.ios.entitlements[APP_GROUPS] = [`group.${config.ios.bundleIdentifier}`];
  return config;
};
