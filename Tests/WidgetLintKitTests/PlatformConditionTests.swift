import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// widgetlint's users are on macOS and nothing here builds for it, so the package holds itself to one
/// shape that compiles the same on every system: a platform condition (`os()`, `canImport()`, `arch()`…)
/// appears in one file, `Platform.swift`, and an `#if` clause imports only a C library there. A module of
/// the package imported under `#if` (how the package once stopped compiling on macOS) fails this test.
@Suite struct PlatformConditionTests {
  static let platformFile = "Sources/WidgetLintCore/Support/Platform.swift"
  static let libcModules: Set<String> = ["Glibc", "Musl", "Darwin", "ucrt", "WinSDK", "Bionic", "Android"]
  static let platformConditions: Set<String> = [
    "os", "arch", "canImport", "targetEnvironment", "_endian", "_pointerBitWidth", "_runtime", "_hasAtomicBitWidth",
  ]

  struct Violation: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var problem: String
    var description: String { "\(file):\(line): \(problem)" }
  }

  /// The problems of one file's text.
  static func violations(in text: String, file: String) -> [Violation] {
    let tree = Parser.parse(source: text)
    let converter = SourceLocationConverter(fileName: file, tree: tree)
    let visitor = ConditionVisitor(mayTestPlatform: file == platformFile)
    visitor.walk(tree)
    return visitor.problems.map { position, problem in
      Violation(file: file, line: converter.location(for: position).line, problem: problem)
    }
  }

  final class ConditionVisitor: SyntaxVisitor {
    let mayTestPlatform: Bool
    var problems: [(AbsolutePosition, String)] = []

    init(mayTestPlatform: Bool) {
      self.mayTestPlatform = mayTestPlatform
      super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ clause: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
      if let condition = clause.condition, !mayTestPlatform {
        for call in condition.tokens(viewMode: .sourceAccurate)
        where PlatformConditionTests.platformConditions.contains(call.text)
          && call.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
        {
          problems.append(
            (call.positionAfterSkippingLeadingTrivia, "platform condition \(call.text)() outside \(platformFile)"))
        }
      }
      return .visitChildren
    }

    override func visit(_ importDecl: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
      let module = importDecl.path.first?.name.text ?? ""
      var ancestor = importDecl.parent
      while let node = ancestor, !node.is(IfConfigClauseSyntax.self) { ancestor = node.parent }
      if ancestor != nil, !PlatformConditionTests.libcModules.contains(module) {
        problems.append(
          (importDecl.positionAfterSkippingLeadingTrivia, "imports \(module) under #if; only a C library may be"))
      }
      return .skipChildren
    }
  }

  static func swiftFiles(under folder: String) throws -> [String] {
    let root = TestSupport.packageRoot.appendingPathComponent(folder)
    let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
  }

  @Test func onlyThePlatformFileTestsThePlatformAndOnlyCLibrariesAreImportedUnderIf() throws {
    var found: [Violation] = []
    let files = try Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Plugins")
    #expect(files.contains(Self.platformFile))
    for file in files {
      let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(file), encoding: .utf8)
      found += Self.violations(in: text, file: file)
    }
    #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
  }

  /// The head of `SwiftFileResolver.swift` as it was when the package stopped compiling on macOS.
  @Test func theFileThatBrokeTheMacBuildFails() {
    let text = """
      import Foundation

      #if canImport(Glibc)
        import WidgetLintCore
        import WidgetLintModel
        import WidgetLintReaders
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
      #endif
      """
    let file = "Sources/WidgetLintFrontends/Shared/SwiftFileResolver.swift"
    #expect(
      Self.violations(in: text, file: file).map(\.description) == [
        "\(file):3: platform condition canImport() outside \(Self.platformFile)",
        "\(file):4: imports WidgetLintCore under #if; only a C library may be",
        "\(file):5: imports WidgetLintModel under #if; only a C library may be",
        "\(file):6: imports WidgetLintReaders under #if; only a C library may be",
        "\(file):8: platform condition canImport() outside \(Self.platformFile)",
      ])
    // The same clauses are allowed their C libraries in the platform file, and nothing else.
    #expect(
      Self.violations(in: text, file: Self.platformFile).map(\.description) == [
        "\(Self.platformFile):4: imports WidgetLintCore under #if; only a C library may be",
        "\(Self.platformFile):5: imports WidgetLintModel under #if; only a C library may be",
        "\(Self.platformFile):6: imports WidgetLintReaders under #if; only a C library may be",
      ])
  }

  /// Conditions in comments and strings are not conditions; a build flag is not a platform.
  @Test func commentsStringsAndFlagsAreNotPlatformConditions() {
    let text = """
      // #if os(iOS)
      let note = "#if canImport(Glibc)"
      #if DEBUG
        let debug = true
      #endif
      #if os(watchOS)
        let watch = true
      #endif
      """
    #expect(
      Self.violations(in: text, file: "Sources/X.swift").map(\.description) == [
        "Sources/X.swift:6: platform condition os() outside \(Self.platformFile)"
      ])
  }
}
