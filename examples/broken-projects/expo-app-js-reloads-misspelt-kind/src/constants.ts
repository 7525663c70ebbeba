// The App Group in app.json's entitlements, which @bacons/apple-targets copies into the widget target,
// and the kind the widget declares in targets/widget/ExpoWidget.swift.
export const APP_GROUP = "group.com.example.expowidgets";
export const WIDGET_KIND = "ExpoWidget";
