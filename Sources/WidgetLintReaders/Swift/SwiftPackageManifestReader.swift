import SwiftParser
import SwiftSyntax

/// The libraries of a Swift package's `Package.swift` and the folders their targets' sources are in, as
/// far as the manifest writes them as literals: `.library(name:targets:)` and `.target(name:path:)`.
package struct SwiftPackageManifest: Equatable {
  /// Each library's targets, by the library's name.
  package var libraries: [String: [String]] = [:]
  /// Each target's folder, relative to the package (`Sources/<name>` when it writes no `path:`).
  package var targetFolders: [String: String] = [:]
  /// The targets of the package each target depends on (by name: `"Name"`, `.target(name:)`,
  /// `.byName(name:)`); other packages' products are not this package's code.
  package var targetDependencies: [String: [String]] = [:]
  /// Whether a library or target is written with a value other than a literal: what it names is not known.
  package var hasComputedValues = false

  /// The folders of a library's targets and the package's targets they depend on, relative to the
  /// package; nil when the manifest does not say them plainly (computed values, a library or target it
  /// does not write).
  package func sourceFolders(ofLibrary name: String) -> [String]? {
    guard !hasComputedValues, let targets = libraries[name] else { return nil }
    var folders: [String] = []
    var seen = Set(targets)
    var pending = Array(targets.reversed())
    while let target = pending.popLast() {
      guard let folder = targetFolders[target] else { return nil }
      folders.append(folder)
      // A name no target of the package has is another package's product.
      for dependency in targetDependencies[target] ?? [] where targetFolders[dependency] != nil {
        if seen.insert(dependency).inserted { pending.insert(dependency, at: 0) }
      }
    }
    return folders
  }

  /// Reads a manifest's text.
  package static func read(_ text: String) -> SwiftPackageManifest {
    let collector = Collector(viewMode: .sourceAccurate)
    collector.walk(Parser.parse(source: text))
    return collector.manifest
  }

  private final class Collector: SyntaxVisitor {
    var manifest = SwiftPackageManifest()

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else {
        return .visitChildren
      }
      switch member.declName.baseName.text {
      case "library": readLibrary(node)
      case "target": readTarget(node)
      default: break
      }
      return .visitChildren
    }

    private func readLibrary(_ call: FunctionCallExprSyntax) {
      guard let name = literalArgument("name", of: call),
        let targets = argument("targets", of: call)?.as(ArrayExprSyntax.self)
      else {
        manifest.hasComputedValues = true
        return
      }
      let names = targets.elements.map { WidgetCodeReader.literal($0.expression) }
      guard !names.contains(nil) else {
        manifest.hasComputedValues = true
        return
      }
      manifest.libraries[name] = names.compactMap { $0 }
    }

    private func readTarget(_ call: FunctionCallExprSyntax) {
      guard let name = literalArgument("name", of: call) else {
        manifest.hasComputedValues = true
        return
      }
      if let written = argument("path", of: call) {
        guard let path = WidgetCodeReader.literal(written) else {
          manifest.hasComputedValues = true
          return
        }
        manifest.targetFolders[name] = path
      } else if manifest.targetFolders[name] == nil {
        // Also a dependency's `.target(name:)`: it must not replace the path the target writes.
        manifest.targetFolders[name] = "Sources/" + name
      }
      if let written = argument("dependencies", of: call)?.as(ArrayExprSyntax.self) {
        manifest.targetDependencies[name, default: []] += written.elements.compactMap { dependencyName($0.expression) }
      }
    }

    /// The target a dependency names: `"Name"`, `.target(name:)` or `.byName(name:)`; nil for a product.
    private func dependencyName(_ expression: ExprSyntax) -> String? {
      if let name = WidgetCodeReader.literal(expression) { return name }
      guard let call = expression.as(FunctionCallExprSyntax.self),
        ["target", "byName"].contains(WidgetCodeReader.calleeMember(call))
      else { return nil }
      return literalArgument("name", of: call)
    }

    private func argument(_ label: String, of call: FunctionCallExprSyntax) -> ExprSyntax? {
      call.arguments.first { $0.label?.text == label }?.expression
    }

    private func literalArgument(_ label: String, of call: FunctionCallExprSyntax) -> String? {
      argument(label, of: call).flatMap(WidgetCodeReader.literal)
    }
  }
}
