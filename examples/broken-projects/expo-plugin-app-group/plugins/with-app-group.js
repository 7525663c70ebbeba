const { withEntitlementsPlist } = require("expo/config-plugins");

const APP_GROUPS = "com.apple.security.application-groups";

/** Adds `group.<bundle identifier>.<suffix>` to the app's entitlements, keeping any group already there. */
const withAppGroup = (config, { suffix } = {}) =>
  withEntitlementsPlist(config, (mod) => {
    const group = `group.${mod.ios.bundleIdentifier}.${suffix}`;
    mod.modResults[APP_GROUPS] = [...(mod.modResults[APP_GROUPS] ?? []), group];
    return mod;
  });

module.exports = withAppGroup;
