// The App Group the app shares with its extensions (app.json), and the kind the widget declares in
// targets/widget/ExpoWidget.swift.
export const APP_GROUP = "group.com.example.expowidgets.share";
export const WIDGET_KIND = "ExpoWidget";
