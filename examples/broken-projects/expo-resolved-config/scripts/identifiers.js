const suffix = (variant) => (variant === "development" ? "dev" : "");

exports.bundleIdentifier = (variant) => `com.example.tides${suffix(variant)}`;
exports.appGroup = (variant) => `group.com.example.tides${suffix(variant)}`;
