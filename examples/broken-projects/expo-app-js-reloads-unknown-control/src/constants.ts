// The App Group in app.json's entitlements, which @bacons/apple-targets copies into the widget target,
// the kind the widget declares in targets/widget/ExpoWidget.swift, and the kind of the Control Center
// control in targets/widget/RefreshControl.swift.
export const APP_GROUP = "group.com.example.expowidgets";
export const WIDGET_KIND = "ExpoWidget";
export const CONTROL_KIND = "RefreshControl";
