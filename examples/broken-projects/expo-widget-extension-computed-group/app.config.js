// The App Group is made by a function at prebuild time, from the team's prefix.
const appGroup = (bundleIdentifier) => ["group", process.env.TEAM_PREFIX, bundleIdentifier].join(".");

module.exports = ({ config }) => ({
  ...config,
  name: "Trail Log",
  slug: "trail-log",
  scheme: "traillog",
  ios: { bundleIdentifier: "com.example.traillog" },
  plugins: [
    ["react-native-widget-extension", { groupIdentifier: appGroup("com.example.traillog") }],
  ],
});
