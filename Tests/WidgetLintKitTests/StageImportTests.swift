import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Each file imports only the stages it uses, and only stages before its own: an import of a stage the
/// file names nothing from widens what the file may depend on without need. A stage counts as used when
/// the file names one of its top-level declarations (a type, a function, a global); members reached
/// through another stage's values need no import of their own. The command line (`Sources/widgetlint`)
/// imports the stages through WidgetLintKit, which re-exports them all.
@Suite struct StageImportTests {
  static let stages = [
    "WidgetLintCore", "WidgetLintModel", "WidgetLintReaders", "WidgetLintFrontends", "WidgetLintRules",
    "WidgetLintEngine", "WidgetLintReports", "WidgetLintLanguageServer",
  ]
  /// The command line's target, a thin shell over WidgetLintKit.
  static let commandLine = "widgetlint"
  /// The folders whose files are held to it: every stage and the command line.
  static let checkedFolders = stages + [commandLine]

  /// The stages each folder's files may import: readers see the model, frontends the readers, rules the
  /// model only (never a reader or a frontend), the engine all of those, and the reports the engine's
  /// results (CONTRIBUTING.md, "How it works"). Package.swift declares the same dependencies; this keeps
  /// an import from quietly widening them.
  static let allowedImports: [String: Set<String>] = [
    "WidgetLintCore": [],
    "WidgetLintModel": ["WidgetLintCore"],
    "WidgetLintReaders": ["WidgetLintCore", "WidgetLintModel"],
    "WidgetLintFrontends": ["WidgetLintCore", "WidgetLintModel", "WidgetLintReaders"],
    "WidgetLintRules": ["WidgetLintCore", "WidgetLintModel"],
    "WidgetLintEngine": [
      "WidgetLintCore", "WidgetLintModel", "WidgetLintReaders", "WidgetLintFrontends", "WidgetLintRules",
    ],
    // The reports read the engine's results (a LintReport), never how a project was read.
    "WidgetLintReports": ["WidgetLintCore", "WidgetLintRules", "WidgetLintEngine"],
    "WidgetLintLanguageServer": [
      "WidgetLintCore", "WidgetLintFrontends", "WidgetLintRules", "WidgetLintEngine", "WidgetLintReports",
    ],
    commandLine: ["WidgetLintKit"],
  ]

  static func swiftFiles(of target: String) throws -> [String] {
    let folder = TestSupport.path("Sources/" + target)
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

  /// The modules a file imports, at its top level or inside an `#if`.
  static func imports(_ tree: SourceFileSyntax) -> [String] {
    tree.tokens(viewMode: .sourceAccurate).compactMap { token in
      guard token.tokenKind == .keyword(.import), let declaration = token.parent?.as(ImportDeclSyntax.self) else {
        return nil
      }
      return declaration.path.trimmedDescription
    }
  }

  /// The files of each checked folder, parsed, and the top-level names each stage declares
  /// (WidgetLintKit's being every stage's).
  static func parsedSources() throws -> (
    trees: [String: [(file: String, tree: SourceFileSyntax)]], declared: [String: Set<String>]
  ) {
    var declared: [String: Set<String>] = [:]
    var trees: [String: [(file: String, tree: SourceFileSyntax)]] = [:]
    for folder in Self.checkedFolders {
      let files = try Self.swiftFiles(of: folder)
      #expect(!files.isEmpty, "Sources/\(folder) holds no Swift files")
      for file in files {
        let tree = Parser.parse(source: try String(contentsOfFile: file, encoding: .utf8))
        trees[folder, default: []].append((file, tree))
        declared[folder, default: []].formUnion(Self.topLevelNames(tree))
      }
    }
    declared["WidgetLintKit"] = Self.stages.reduce(into: []) { $0.formUnion(declared[$1] ?? []) }
    return (trees, declared)
  }

  static func relative(_ file: String) -> String { String(file.dropFirst(TestSupport.packageRoot.path.count + 1)) }

  @Test func eachFileImportsOnlyTheStagesItNames() throws {
    let (trees, declared) = try Self.parsedSources()
    var unused: [String] = []
    for folder in Self.checkedFolders {
      for (file, tree) in trees[folder] ?? [] {
        let used = Self.identifiers(tree)
        for module in Self.imports(tree) where declared[module].map({ $0.isDisjoint(with: used) }) == true {
          unused.append("\(Self.relative(file)): import \(module)")
        }
      }
    }
    #expect(unused == [])
  }

  /// No file reaches forwards: a stage imports only the stages before it, the command line only
  /// WidgetLintKit.
  @Test func eachFileImportsOnlyStagesBeforeItsOwn() throws {
    let (trees, _) = try Self.parsedSources()
    var forwards: [String] = []
    for folder in Self.checkedFolders {
      let allowed = try #require(Self.allowedImports[folder], "\(folder) has no allowed imports")
      for (file, tree) in trees[folder] ?? [] {
        for module in Self.imports(tree) where module.hasPrefix("WidgetLint") && !allowed.contains(module) {
          forwards.append("\(Self.relative(file)): import \(module)")
        }
      }
    }
    #expect(forwards == [])
  }

  /// The check sees an import a file does not need.
  @Test func anUnusedImportIsFound() {
    let tree = Parser.parse(source: "import WidgetLintCore\n\nstruct Empty {}\n")
    #expect(Self.imports(tree) == ["WidgetLintCore"])
    #expect(Self.identifiers(tree) == ["Empty"])
    let core = Parser.parse(source: "public struct SourceSpan {}\n")
    #expect(Self.topLevelNames(core) == ["SourceSpan"])
  }

  /// The check sees an import inside an `#if`, and the stages a reader and the command line may not import.
  @Test func aForwardImportIsFound() {
    let tree = Parser.parse(source: "import WidgetLintCore\n#if DEBUG\n  import WidgetLintEngine\n#endif\n")
    #expect(Self.imports(tree) == ["WidgetLintCore", "WidgetLintEngine"])
    #expect(Self.allowedImports["WidgetLintReaders"]?.contains("WidgetLintFrontends") == false)
    #expect(Self.allowedImports["WidgetLintRules"]?.contains("WidgetLintReaders") == false)
    #expect(Self.allowedImports["WidgetLintReports"]?.contains("WidgetLintFrontends") == false)
    #expect(Self.allowedImports["WidgetLintModel"]?.contains("WidgetLintReaders") == false)
    #expect(Self.allowedImports["WidgetLintCore"] == [])
    #expect(Self.allowedImports[Self.commandLine] == ["WidgetLintKit"])
  }
}
