import WidgetLintCore
import WidgetLintModel

/// `stale-generated-project`: a committed Xcode project that a generator writes from a spec (XcodeGen's
/// `project.yml`, Tuist's `Project.swift`) disagrees with the spec.
public struct StaleGeneratedProjectRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.staleGeneratedProject

  public static let metadata = RuleMetadata(
    id: .staleGeneratedProject,
    defaultSeverity: .warning,
    summary:
      "A committed Xcode project generated from a spec (XcodeGen's project.yml, Tuist's Project.swift) disagrees with the spec: it is stale.",
    rationale: """
      With a project generator the spec describes the targets: with XcodeGen, `project.yml`, from
      which `xcodegen generate` writes the `.xcodeproj` (and the Info.plist and entitlements files the
      spec's `info` and `entitlements` describe); with Tuist, `Project.swift`, from which
      `tuist generate` writes `<name>.xcodeproj` (and, into `Derived/`, the Info.plists and entitlements
      its targets give as dictionaries). Teams that commit the generated project have two descriptions
      of one app, and the one a build uses is the one that was generated last: after a change to the spec
      that was not followed by generating again, Xcode, `xcodebuild` and CI build the old targets, bundle
      identifiers, deployment targets and App Groups, while the spec says otherwise.

      widgetlint lints the spec, and compares the committed project with it on what the rules read: the
      extension targets the app embeds and which of them are widget extensions, and each target's bundle
      identifier, deployment target and App Groups. Each difference is reported once, in the committed
      project at its value (the build setting in `project.pbxproj` or an `.xcconfig`, the entitlements
      file), with the spec's value as the related location. Values either side leaves unknown (computed,
      left to the builder, a file that cannot be read) are not compared.

      Fix: generate the project again (`xcodegen generate`, `tuist generate`) and commit the result, or
      stop committing the generated project.

      Sources: XcodeGen, README and `Docs/ProjectSpec.md` (github.com/yonaskolb/XcodeGen): the project is
      generated from the spec, and `info` and `entitlements` files are written from their `properties` on
      every generation. Tuist, ProjectDescription's `Entitlements.dictionary` ("Tuist generates the
      .entitlements file at the generation time") and `InfoPlist.extendingDefault(with:)`
      (github.com/tuist/tuist).
      """,
    examples: [
      .failing(
        "The widget's bundle identifier changed in project.yml, and the project was not generated again",
        "", files: StaleGeneratedProjectRule.exampleFiles(committedWidgetID: "↓com.example.recipes.widgets")),
      .passing(
        "The committed project generated from the spec as it is",
        "", files: StaleGeneratedProjectRule.exampleFiles(committedWidgetID: "com.example.recipes.widget")),
    ])

  /// A small XcodeGen app with its generated project committed (cut down to what widgetlint reads),
  /// whose widget has the bundle identifier `committedWidgetID` in the committed project.
  package static func exampleFiles(committedWidgetID: String) -> [(String, String)] {
    [
      (
        "project.yml",
        """
        name: Recipes
        options:
          deploymentTarget:
            iOS: "17.0"
        targets:
          Recipes:
            type: application
            platform: iOS
            sources: [Recipes]
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: com.example.recipes
            dependencies:
              - target: RecipesWidget
          RecipesWidget:
            type: app-extension
            platform: iOS
            sources: [RecipesWidget]
            info:
              path: RecipesWidget/Info.plist
              properties:
                NSExtension:
                  NSExtensionPointIdentifier: com.apple.widgetkit-extension
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: com.example.recipes.widget
        """
      ),
      (
        "Recipes.xcodeproj/project.pbxproj",
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		0A0000000000000000000001 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = 0A0000000000000000000002;
        			targets = (0A0000000000000000000010 /* Recipes */, 0A0000000000000000000020 /* RecipesWidget */);
        		};
        		0A0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000003);};
        		0A0000000000000000000003 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 17.0; SDKROOT = iphoneos;};
        			name = Release;
        		};
        		0A0000000000000000000010 /* Recipes */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 0A0000000000000000000011;
        			name = Recipes;
        			productType = "com.apple.product-type.application";
        		};
        		0A0000000000000000000011 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000012);};
        		0A0000000000000000000012 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.recipes;};
        			name = Release;
        		};
        		0A0000000000000000000020 /* RecipesWidget */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 0A0000000000000000000021;
        			name = RecipesWidget;
        			productType = "com.apple.product-type.app-extension";
        		};
        		0A0000000000000000000021 = {isa = XCConfigurationList; buildConfigurations = (0A0000000000000000000022);};
        		0A0000000000000000000022 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = RecipesWidget/Info.plist;
        				PRODUCT_BUNDLE_IDENTIFIER = \(committedWidgetID);
        			};
        			name = Release;
        		};
        	};
        	rootObject = 0A0000000000000000000001 /* Project object */;
        }
        """
      ),
      ("Recipes/RecipesApp.swift", "import SwiftUI\n"),
      (
        "RecipesWidget/Info.plist",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        	<key>NSExtension</key>
        	<dict>
        		<key>NSExtensionPointIdentifier</key>
        		<string>com.apple.widgetkit-extension</string>
        	</dict>
        </dict>
        </plist>
        """
      ),
    ]
  }

  public init() {}
}
