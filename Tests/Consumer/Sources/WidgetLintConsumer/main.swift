// Lints a manifest held in a string through WidgetLintKit's public API and checks what it found: a
// widget that reads an App Group its target is not entitled to. Exits 1, saying why, when the library
// does not find exactly that.
import Foundation
import WidgetLintKit

let manifest = """
  app:
    bundleIdentifier: com.example.recipebox
    deploymentTarget: "16.0"
    entitlements:
      com.apple.security.application-groups: [group.com.example.recipebox]
  targets:
    - name: RecipeWidget
      bundleIdentifier: com.example.recipebox.RecipeWidget
      entitlements:
        com.apple.security.application-groups: [group.com.example.recipebox]
      widgets:
        - kind: RecipeOfTheDay
          displayName: Recipe of the Day
          description: A new recipe from your collection every morning.
          configuration: static
          families: [systemSmall]
          appGroup: group.com.example.recipebox.widgets

  """

let source = SourceText(path: "widgets.yaml", bytes: Array(manifest.utf8))
let findings = Linter().lint(manifest: source, directory: NSTemporaryDirectory(), displayDirectory: "")
let found = findings.map { "\($0.ruleID) at \($0.range.start.line):\($0.range.start.column)" }
guard found == ["app-group-mismatch at 17:19"] else {
  FileHandle.standardError.write(Data("consumer: expected [app-group-mismatch at 17:19], found \(found)\n".utf8))
  exit(1)
}
print("consumer: WidgetLintKit found \(found[0])")
