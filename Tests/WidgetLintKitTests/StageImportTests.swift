import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Each file imports only the stages it uses: an import of a stage the file names nothing from widens
/// what the file may depend on without need. A stage counts as used when the file names one of its
/// top-level declarations (a type, a function, a global); members reached through another stage's
/// values need no import of their own.
@Suite struct StageImportTests {
  static let stages = [
    "WidgetLintCore", "WidgetLintModel", "WidgetLintReaders", "WidgetLintFrontends", "WidgetLintRules",
    "WidgetLintEngine", "WidgetLintReports", "WidgetLintLanguageServer",
  ]
  /// The stages whose files are held to it. The readers and frontends are not yet: they still import
  /// the model and the core in files that name nothing from them.
  static let checkedStages = [
    "WidgetLintModel", "WidgetLintRules", "WidgetLintEngine", "WidgetLintReports", "WidgetLintLanguageServer",
  ]

  static func swiftFiles(of stage: String) throws -> [String] {
    let folder = TestSupport.path("Sources/" + stage)
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  /// The names a file declares at its top level.
  static func topLevelNames(_ tree: SourceFileSyntax) -> Set<String> {
    var names: Set<String> = []
    for statement in tree.statements {
      let declaration = statement.item
      if let named = declaration.asProtocol(NamedDeclSyntax.self) {
        names.insert(named.name.text)
      } else if let variable = declaration.as(VariableDeclSyntax.self) {
        for binding in variable.bindings { names.insert(binding.pattern.trimmedDescription) }
      }
    }
    return names
  }

  /// Every identifier the file's code uses, outside its import declarations.
  static func identifiers(_ tree: SourceFileSyntax) -> Set<String> {
    var names: Set<String> = []
    for token in tree.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind,
        token.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) == nil
      else { continue }
      names.insert(name)
    }
    return names
  }

  static func imports(_ tree: SourceFileSyntax) -> [String] {
    tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription }
  }

  @Test func eachFileImportsOnlyTheStagesItNames() throws {
    var declared: [String: Set<String>] = [:]
    var trees: [String: [(String, SourceFileSyntax)]] = [:]
    for stage in Self.stages {
      for file in try Self.swiftFiles(of: stage) {
        let tree = Parser.parse(source: try String(contentsOfFile: file, encoding: .utf8))
        trees[stage, default: []].append((file, tree))
        declared[stage, default: []].formUnion(Self.topLevelNames(tree))
      }
    }
    var unused: [String] = []
    for stage in Self.checkedStages {
      for (file, tree) in trees[stage] ?? [] {
        let used = Self.identifiers(tree)
        for module in Self.imports(tree) where declared[module].map({ $0.isDisjoint(with: used) }) == true {
          unused.append("\(file.dropFirst(TestSupport.packageRoot.path.count + 1)): import \(module)")
        }
      }
    }
    #expect(unused == [])
  }

  /// The check sees an import a file does not need.
  @Test func anUnusedImportIsFound() {
    let tree = Parser.parse(source: "import WidgetLintCore\n\nstruct Empty {}\n")
    #expect(Self.imports(tree) == ["WidgetLintCore"])
    #expect(Self.identifiers(tree) == ["Empty"])
    let core = Parser.parse(source: "public struct SourceSpan {}\n")
    #expect(Self.topLevelNames(core) == ["SourceSpan"])
  }
}
