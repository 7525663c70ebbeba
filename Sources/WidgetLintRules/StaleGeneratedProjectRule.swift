import WidgetLintCore

/// `stale-generated-project`: a committed Xcode project that a generator writes from a spec (XcodeGen's
/// `project.yml`, Tuist's `Project.swift`) disagrees with the spec.
public struct StaleGeneratedProjectRule: ReadingRule {
  public static let problemKind = ReadingProblem.Kind.staleGeneratedProject

  public static let metadata = RuleMetadata(
    id: "stale-generated-project",
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
        ExampleXcodeProject.projectFile(
          app: "Recipes", appID: "com.example.recipes", widget: "RecipesWidget", widgetID: committedWidgetID,
          synchronizedFolder: false)
      ),
      ("Recipes/RecipesApp.swift", "import SwiftUI\n"),
      ("RecipesWidget/Info.plist", ExampleXcodeProject.infoPlist(extensionPoint: "com.apple.widgetkit-extension")),
    ]
  }

  public init() {}
}
