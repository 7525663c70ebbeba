/// The smallest Xcode project the rule pages' examples need: one app target and one widget extension
/// target, each with a Release configuration (a project file cut down to what widgetlint reads).
package enum ExampleXcodeProject {
  /// `project.pbxproj` of app `app` (bundle identifier `appID`) and extension `widget`, whose settings
  /// are `INFOPLIST_FILE = <widget>/Info.plist` and `PRODUCT_BUNDLE_IDENTIFIER = widgetID`. With
  /// `synchronizedFolder`, the extension's member files are its folder (Xcode 16's synchronized group).
  package static func projectFile(
    app: String, appID: String, widget: String, widgetID: String, synchronizedFolder: Bool
  )
    -> String
  {
    let mainGroup = synchronizedFolder ? "\t\t\tmainGroup = 0A0000000000000000000040;\n" : ""
    let groups =
      synchronizedFolder
      ? """
      \t\t0A0000000000000000000030 /* \(widget) */ = {isa = PBXFileSystemSynchronizedRootGroup; path = \(widget); sourceTree = "<group>";};
      \t\t0A0000000000000000000040 = {isa = PBXGroup; children = (0A0000000000000000000030 /* \(widget) */); sourceTree = "<group>";};

      """ : ""
    let widgetGroups =
      synchronizedFolder ? "\t\t\tfileSystemSynchronizedGroups = (0A0000000000000000000030 /* \(widget) */);\n" : ""
    return """
      // !$*UTF8*$!
      {
      \tarchiveVersion = 1;
      \tobjectVersion = 77;
      \tobjects = {
      \t\t0A0000000000000000000001 /* Project object */ = {
      \t\t\tisa = PBXProject;
      \t\t\tbuildConfigurationList = 0A0000000000000000000002;
      \(mainGroup)\t\t\ttargets = (0A0000000000000000000010 /* \(app) */, 0A0000000000000000000020 /* \(widget) */);
      \t\t};
      \t\t0A0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000003);};
      \t\t0A0000000000000000000003 /* Release */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos;};
      \t\t\tname = Release;
      \t\t};
      \t\t0A0000000000000000000010 /* \(app) */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = 0A0000000000000000000011;
      \t\t\tname = \(app);
      \t\t\tproductType = "com.apple.product-type.application";
      \t\t};
      \t\t0A0000000000000000000011 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000012);};
      \t\t0A0000000000000000000012 /* Release */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {PRODUCT_BUNDLE_IDENTIFIER = \(appID);};
      \t\t\tname = Release;
      \t\t};
      \t\t0A0000000000000000000020 /* \(widget) */ = {
      \t\t\tisa = PBXNativeTarget;
      \t\t\tbuildConfigurationList = 0A0000000000000000000021;
      \(widgetGroups)\t\t\tname = \(widget);
      \t\t\tproductType = "com.apple.product-type.app-extension";
      \t\t};
      \t\t0A0000000000000000000021 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000022);};
      \t\t0A0000000000000000000022 /* Release */ = {
      \t\t\tisa = XCBuildConfiguration;
      \t\t\tbuildSettings = {
      \t\t\t\tINFOPLIST_FILE = \(widget)/Info.plist;
      \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \(widgetID);
      \t\t\t};
      \t\t\tname = Release;
      \t\t};
      \(groups)\t};
      \trootObject = 0A0000000000000000000001 /* Project object */;
      }
      """
  }

  /// An extension's Info.plist that declares `extensionPoint`.
  package static func infoPlist(extensionPoint: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>NSExtension</key>
    \t<dict>
    \t\t<key>NSExtensionPointIdentifier</key>
    \t\t<string>\(extensionPoint)</string>
    \t</dict>
    </dict>
    </plist>
    """
  }
}
