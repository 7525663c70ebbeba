import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// No function in Sources is longer than 120 lines: a function that long does several things, and
/// reads better as one function per step. A body is measured from the line of its opening brace to the
/// line of its closing brace; a function nested in another counts towards both.
@Suite struct FunctionLengthTests {
  static let longest = 120

  struct LongBody: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var name: String
    var lines: Int
    var description: String { "\(file):\(line): \(name) is \(lines) lines" }
  }

  /// Finds the bodies of functions, initializers, deinitializers, subscripts, accessors and computed
  /// properties that are longer than the limit. Closures are not measured on their own: they count
  /// towards the function that holds them.
  final class BodyMeasurer: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var long: [LongBody] = []

    init(file: String, tree: SourceFileSyntax) {
      self.file = file
      converter = SourceLocationConverter(fileName: file, tree: tree)
      super.init(viewMode: .sourceAccurate)
    }

    func measure(_ name: String, declaration: some SyntaxProtocol, body: (some SyntaxProtocol)?) {
      guard let body else { return }
      let first = converter.location(for: body.positionAfterSkippingLeadingTrivia).line
      let last = converter.location(for: body.endPositionBeforeTrailingTrivia).line
      guard last - first + 1 > FunctionLengthTests.longest else { return }
      let line = converter.location(for: declaration.positionAfterSkippingLeadingTrivia).line
      long.append(LongBody(file: file, line: line, name: name, lines: last - first + 1))
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      measure(node.name.text, declaration: node, body: node.body)
      return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      measure("init", declaration: node, body: node.body)
      return .visitChildren
    }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      measure("deinit", declaration: node, body: node.body)
      return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
      measure("subscript", declaration: node, body: node.accessorBlock)
      return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
      measure(node.pattern.trimmedDescription, declaration: node, body: node.accessorBlock)
      return .visitChildren
    }
  }

  static func longBodies(in source: String, file: String) -> [LongBody] {
    let tree = Parser.parse(source: source)
    let measurer = BodyMeasurer(file: file, tree: tree)
    measurer.walk(tree)
    return measurer.long
  }

  static func sourceFiles() throws -> [String] {
    let folder = TestSupport.path("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
  }

  @Test func noFunctionIsLongerThanTheLimit() throws {
    var long: [LongBody] = []
    for relative in try Self.sourceFiles() {
      let text = try String(contentsOfFile: TestSupport.path("Sources/" + relative), encoding: .utf8)
      long += Self.longBodies(in: text, file: "Sources/" + relative)
    }
    #expect(long.map(\.description) == [])
  }

  /// The measure counts from the opening brace to the closing one, and names where the function starts.
  @Test func aBodyOneLineTooLongIsFound() {
    let statements = String(repeating: "  print(1)\n", count: Self.longest - 2)
    let fitting = "/// Fits.\nfunc fits() {\n\(statements)}\n"
    #expect(Self.longBodies(in: fitting, file: "A.swift") == [])
    let source = "struct S {\n  /// Too long.\n  init() {\n\(statements)  print(2)\n  }\n}\n"
    #expect(
      Self.longBodies(in: source, file: "A.swift") == [LongBody(file: "A.swift", line: 3, name: "init", lines: 121)]
    )
  }

  /// Accessors and computed properties are measured as functions are.
  @Test func aLongComputedPropertyIsFound() {
    let statements = String(repeating: "  print(1)\n", count: Self.longest)
    let source = "var value: Int {\n\(statements)  return 1\n}\n"
    #expect(
      Self.longBodies(in: source, file: "B.swift") == [LongBody(file: "B.swift", line: 1, name: "value", lines: 123)]
    )
  }
}
