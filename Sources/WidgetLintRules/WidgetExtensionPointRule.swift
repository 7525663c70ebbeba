import WidgetLintCore
import WidgetLintModel

/// `widget-extension-point`: a WidgetKit extension whose Info.plist declares the Today extension point.
public struct WidgetExtensionPointRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.widgetExtensionPoint

  public static let metadata = RuleMetadata(
    id: .widgetExtensionPoint,
    defaultSeverity: .error,
    summary: "A WidgetKit extension declares the Today extension point: its widgets never appear.",
    rationale: """
      The system finds an app extension's kind by the `NSExtensionPointIdentifier` in its Info.plist. A
      WidgetKit extension declares `com.apple.widgetkit-extension`. `com.apple.widget-extension` is the
      extension point of Today widgets (`NCWidgetProviding`, deprecated since iOS 14): an extension that
      declares it while its code is WidgetKit's (an `@main` `Widget` or `WidgetBundle`) builds and
      installs, but none of its widgets appears in the widget gallery. The mistake comes from upgrading an
      old Today extension to WidgetKit, or from copying its Info.plist; such an Info.plist often names an
      `NSExtensionPrincipalClass` too, which a WidgetKit extension must not have (its entry point is the
      `@main` type).

      widgetlint reports the extension point's value in the Info.plist the target's `INFOPLIST_FILE`
      names, and reads the target's code as widget code, so the other rules check its widgets. A Today
      extension whose code declares no WidgetKit widget is left alone.

      Fix: set `NSExtensionPointIdentifier` to `com.apple.widgetkit-extension` and remove
      `NSExtensionPrincipalClass` (and `NSExtensionMainStoryboard`).

      Sources: Apple, "Creating a widget extension"
      (https://developer.apple.com/documentation/widgetkit/creating-a-widget-extension); Apple,
      `NSExtensionPointIdentifier`
      (https://developer.apple.com/documentation/bundleresources/information-property-list/nsextension/nsextensionpointidentifier);
      Apple, `NCWidgetProviding` (https://developer.apple.com/documentation/notificationcenter/ncwidgetproviding),
      deprecated.
      """,
    examples: [
      .failing(
        "A WidgetKit extension with the Today extension point",
        "", files: WidgetExtensionPointRule.exampleFiles(point: "↓com.apple.widget-extension")),
      .passing(
        "The same extension with WidgetKit's extension point",
        "", files: WidgetExtensionPointRule.exampleFiles(point: "com.apple.widgetkit-extension")),
    ])

  /// A small Xcode app whose widget extension's Info.plist declares `point`.
  package static func exampleFiles(point: String) -> [(String, String)] {
    [
      (
        "Tides.xcodeproj/project.pbxproj",
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		0A0000000000000000000001 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = 0A0000000000000000000002;
        			mainGroup = 0A0000000000000000000040;
        			targets = (0A0000000000000000000010 /* Tides */, 0A0000000000000000000020 /* TidesWidget */);
        		};
        		0A0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000003);};
        		0A0000000000000000000003 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos;};
        			name = Release;
        		};
        		0A0000000000000000000010 /* Tides */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 0A0000000000000000000011;
        			name = Tides;
        			productType = "com.apple.product-type.application";
        		};
        		0A0000000000000000000011 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000012);};
        		0A0000000000000000000012 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.tides;};
        			name = Release;
        		};
        		0A0000000000000000000020 /* TidesWidget */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 0A0000000000000000000021;
        			fileSystemSynchronizedGroups = (0A0000000000000000000030 /* TidesWidget */);
        			name = TidesWidget;
        			productType = "com.apple.product-type.app-extension";
        		};
        		0A0000000000000000000021 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000022);};
        		0A0000000000000000000022 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = TidesWidget/Info.plist;
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.tides.widget;
        			};
        			name = Release;
        		};
        		0A0000000000000000000030 /* TidesWidget */ = {isa = PBXFileSystemSynchronizedRootGroup; path = TidesWidget; sourceTree = "<group>";};
        		0A0000000000000000000040 = {isa = PBXGroup; children = (0A0000000000000000000030 /* TidesWidget */); sourceTree = "<group>";};
        	};
        	rootObject = 0A0000000000000000000001 /* Project object */;
        }
        """
      ),
      ("Tides/TidesApp.swift", "import SwiftUI\n"),
      (
        "TidesWidget/Info.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>NSExtension</key>
        	<dict>
        		<key>NSExtensionPointIdentifier</key>
        		<string>\(point)</string>
        	</dict>
        </dict>
        </plist>
        """
      ),
      (
        "TidesWidget/TideWidget.swift",
        """
        import SwiftUI
        import WidgetKit

        @main
        struct TideWidget: Widget {
          var body: some WidgetConfiguration {
            StaticConfiguration(kind: "NextTide", provider: TideProvider()) { entry in
              TideView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
            }
            .configurationDisplayName("Next tide")
            .description("When the next high tide is.")
            .supportedFamilies([.systemSmall])
          }
        }
        """
      ),
    ]
  }

  public init() {}
}
