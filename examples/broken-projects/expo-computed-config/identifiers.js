// The app's identifiers in one place, for app.json's readers and the target configs.
module.exports = {
  app: "com.example.expowidgets",
  widget: "com.example.expowidgets.widget",
};
