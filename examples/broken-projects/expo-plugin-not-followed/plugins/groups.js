// Adds `group.<bundle identifier>` to the app's App Groups, once, for every widget named.
exports.addWidgetGroups = (config, widgets) => {
  const groups = new Set(config.ios.entitlements?.["com.apple.security.application-groups"] ?? []);
  if (widgets.length > 0) groups.add(`group.${config.ios.bundleIdentifier}`);
  config.ios.entitlements = { ...config.ios.entitlements, "com.apple.security.application-groups": [...groups] };
  return config;
};
