/// The files of the fuzz targets' projects that are not the input: a small counter app with one widget,
/// as each kind of project writes it. An input is read against them, so that the rules that compare
/// an app with its widget (App Groups, URL schemes, bundle identifiers) have both sides.
enum FixedProjectFiles {
  /// A file, by its path in its project.
  struct File {
    var path: String
    var text: String
  }

  /// The fixed files of a target's project (for javascript, both of its projects).
  static func files(of target: FuzzTarget) -> [File] {
    switch target {
    case .manifest: []
    case .swift: []
    case .javascript:
      // The input is the target's config here, and the app's config in `javascript-json`.
      [
        File(path: "app.json", text: expoAppConfig),
        File(path: "targets/widget/CounterWidget.swift", text: widgetSwift),
        File(path: "../javascript-json/targets/widget/expo-target.config.json", text: expoTargetConfig),
        File(path: "../javascript-json/targets/widget/CounterWidget.swift", text: widgetSwift),
      ]
    case .appjs:
      // The input is the app's `src/widget.tsx`; `./constants` and `./index` are modules it may import.
      // The app declares a widget in expo-widgets' options too, which `createWidget` names.
      [
        File(path: "app.json", text: expoAppConfigWithConfigWidgets),
        File(path: "targets/widget/expo-target.config.json", text: expoTargetConfig),
        File(path: "targets/widget/CounterWidget.swift", text: widgetSwift),
        File(path: "src/constants.ts", text: appConstants),
        File(
          path: "src/index.ts",
          text: "export * from \"./constants\";\nexport { KIND as WIDGET } from \"./constants\";\n"),
      ]
    case .plist:
      // The input is the widget's entitlements and the share extension's Info.plist.
      xcodeAppFolders(widgetEntitlements: false)
    case .dart, .pbxproj:
      xcodeAppFolders(widgetEntitlements: true)
    case .tuist:
      // The input is the manifest; `.git` makes the project's folder its root, where the helpers are.
      [
        File(path: ".git/HEAD", text: "ref: refs/heads/main\n"),
        File(path: "Tuist/ProjectDescriptionHelpers/Counter.swift", text: tuistHelper),
        File(path: "App/Counter.entitlements", text: plist(appGroups("group.com.example.counter"))),
        File(path: "Widget/Sources/CounterWidget.swift", text: widgetSwift),
      ]
    case .xcodegen:
      // The input is the spec; its paths name these files, and the generated project is committed.
      [
        File(path: "Counter/CounterApp.swift", text: appSwift),
        File(path: "CounterWidget/CounterWidget.swift", text: widgetSwift),
        File(path: "CounterWidget/Info.plist", text: plist(widgetInfo)),
        File(path: "CounterWidget/CounterWidget.entitlements", text: plist(appGroups("$(APP_GROUP)"))),
        File(path: "Config/Shared.xcconfig", text: "APP_GROUP = group.com.example.counter\n"),
        File(path: "Counter.xcodeproj/project.pbxproj", text: generatedProject),
      ]
    }
  }

  /// A helper of the tuist target's project: constants and a function returning a literal target.
  static let tuistHelper = """
    import ProjectDescription

    public enum Counter {
        public static let bundleId = "com.example.counter"
        public static let appGroup = "group.com.example.counter"
    }

    extension Target {
        public static func widget(name: String, deploymentTarget: String = "17.0") -> Target {
            .target(
                name: name, destinations: .iOS, product: .appExtension, bundleId: "\\(Counter.bundleId).\\(name)",
                deploymentTargets: .iOS(deploymentTarget),
                infoPlist: .extendingDefault(with: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
                sources: ["Widget/Sources/**"],
                entitlements: .dictionary(["com.apple.security.application-groups": [.string(Counter.appGroup)]])
            )
        }
    }

    """

  /// The app's side of the widget: it writes the App Group and reloads the widget.
  static let appSwift = """
    import WidgetKit

    enum CounterStore {
        static let defaults = UserDefaults(suiteName: "group.com.example.counter")
        static func save() { WidgetCenter.shared.reloadTimelines(ofKind: "CounterWidget") }
    }

    """

  /// The project XcodeGen would generate for the xcodegen target's seeds, committed beside the spec.
  static let generatedProject = """
    // !$*UTF8*$!
    {
    \tobjects = {
    \t\tP = {isa = PBXProject; buildConfigurationList = PL; targets = (A, W);};
    \t\tPL = {isa = XCConfigurationList; buildConfigurations = (PR);};
    \t\tPR = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0;}; name = Release;};
    \t\tA = {isa = PBXNativeTarget; buildConfigurationList = AL; name = Counter; productType = "com.apple.product-type.application";};
    \t\tAL = {isa = XCConfigurationList; buildConfigurations = (AR);};
    \t\tAR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.counter;}; name = Release;};
    \t\tW = {isa = PBXNativeTarget; buildConfigurationList = WL; name = CounterWidget; productType = "com.apple.product-type.app-extension";};
    \t\tWL = {isa = XCConfigurationList; buildConfigurations = (WR);};
    \t\tWR = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.counter.CounterWidget; INFOPLIST_FILE = CounterWidget/Info.plist; CODE_SIGN_ENTITLEMENTS = CounterWidget/CounterWidget.entitlements; APP_GROUP = group.com.example.counter;}; name = Release;};
    \t};
    \trootObject = P;
    }

    """

  /// The manifest of the swift target, whose one target's `sources` is the folder of the input.
  static let swiftManifest = File(
    path: "widgets.yaml",
    text: """
      version: 1
      app:
        bundleIdentifier: com.example.counter
        deploymentTarget: "17.0"
        urlSchemes: [counter]
        entitlements:
          com.apple.security.application-groups: [group.com.example.counter]
      targets:
        - name: CounterWidget
          bundleIdentifier: com.example.counter.CounterWidget
          entitlements:
            com.apple.security.application-groups: [group.com.example.counter]
          sources: [Sources]
          widgets:
            - kind: CounterWidget
              displayName: Counter
              description: The count, from the app.
              configuration: static
              families: [systemSmall, systemMedium, accessoryCircular]
              refresh: 30m
              appGroup: group.com.example.counter
              url: counter://count

      """)

  /// An Xcode (or Flutter) app's `ios/` folders without an `.xcodeproj` in them: the app and a widget
  /// extension, each with its Info.plist and entitlements, and an `.xcconfig` naming the App Group.
  static func xcodeAppFolders(widgetEntitlements: Bool) -> [File] {
    [
      File(path: "ios/Runner/Info.plist", text: plist(appInfo)),
      File(path: "ios/Runner/Runner.entitlements", text: plist(appGroups("$(APP_GROUP)"))),
      File(path: "ios/Shared.xcconfig", text: "APP_GROUP = group.com.example.counter\n"),
      File(path: "ios/WidgetExtension/Info.plist", text: plist(widgetInfo)),
      File(path: "ios/WidgetExtension/CounterWidget.swift", text: widgetSwift),
    ]
      + (widgetEntitlements
        ? [
          File(
            path: "ios/WidgetExtension/WidgetExtension.entitlements",
            text: plist(appGroups("group.com.example.counter")))
        ]
        : [])
  }

  static let expoAppConfig = """
    {
      "expo": {
        "name": "Counter",
        "slug": "counter",
        "scheme": "counter",
        "ios": {
          "bundleIdentifier": "com.example.counter",
          "entitlements": { "com.apple.security.application-groups": ["group.com.example.counter"] }
        },
        "plugins": ["@bacons/apple-targets"]
      }
    }

    """

  /// The app with an expo-widgets widget (Expo SDK 55) beside its @bacons/apple-targets one, in the
  /// same App Group: its components marked `'widget'` and `createWidget` calls have a config to meet.
  static let expoAppConfigWithConfigWidgets = """
    {
      "expo": {
        "name": "Counter",
        "slug": "counter",
        "scheme": "counter",
        "ios": {
          "bundleIdentifier": "com.example.counter",
          "entitlements": { "com.apple.security.application-groups": ["group.com.example.counter"] }
        },
        "plugins": [
          "@bacons/apple-targets",
          ["expo-widgets", {
            "groupIdentifier": "group.com.example.counter",
            "widgets": [{ "name": "CounterGlance", "displayName": "Glance", "description": "The count", "supportedFamilies": ["systemSmall"] }]
          }]
        ]
      }
    }

    """

  /// The constants the app's code imports (the fixed app's group and kind, and a misspelt kind).
  static let appConstants = """
    export const APP_GROUP = "group.com.example.counter";
    export const KIND = "CounterWidget";
    export const MISSPELT = "CounterWidgets";

    """

  /// A widget target that names no App Group of its own: it inherits the app's.
  static let expoTargetConfig = """
    { "type": "widget", "entitlements": {} }

    """

  static let widgetSwift = """
    import SwiftUI
    import WidgetKit

    @main
    struct CounterWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "CounterWidget", provider: Provider()) { entry in
                CounterView(entry: entry).widgetURL(URL(string: "counter://count"))
            }
            .configurationDisplayName("Counter")
            .description("The count, from the app.")
            .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
        }
    }

    """

  static let appInfo = """
      <key>CFBundleIdentifier</key>
      <string>com.example.counter</string>
      <key>CFBundleURLTypes</key>
      <array>
        <dict>
          <key>CFBundleURLSchemes</key>
          <array><string>counter</string></array>
        </dict>
      </array>
    """

  static let widgetInfo = """
      <key>CFBundleIdentifier</key>
      <string>com.example.counter.CounterWidget</string>
      <key>NSExtension</key>
      <dict>
        <key>NSExtensionPointIdentifier</key>
        <string>com.apple.widgetkit-extension</string>
      </dict>
    """

  static func appGroups(_ group: String) -> String {
    """
      <key>com.apple.security.application-groups</key>
      <array><string>\(group)</string></array>
    """
  }

  static func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)
    </dict>
    </plist>

    """
  }
}
