import Foundation
import SwiftParser
import SwiftSyntax

/// Writes what is derived from the rule types, so that adding a rule is writing its file (and its broken
/// example): the registry and the `RuleID` constants, read from `Sources/WidgetLintRules` with
/// swift-syntax, and the tables of rules, from the registered rules' metadata. RulePageTests compares
/// each with what is committed, and writes it with `WIDGETLINT_UPDATE_RULE_PAGES=1`.
enum RuleRegistryGenerator {
  static let rulesFolder = "Sources/WidgetLintRules"
  static let generatedFile = "\(rulesFolder)/RuleRegistry+Generated.swift"

  /// A rule type found in the sources, and the id its metadata names.
  struct DeclaredRule: Equatable {
    var typeName: String
    var id: String
    var file: String
  }

  struct GenerationError: Error, CustomStringConvertible {
    var description: String
  }

  /// Every struct in the rules' folder that conforms to `Rule` or to a protocol refining it, in the
  /// order of their ids.
  static func declaredRules(inFolder folder: URL) throws -> [DeclaredRule] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") && $0 != URL(fileURLWithPath: generatedFile).lastPathComponent }.sorted()
    let trees = try files.map { file in
      (file, Parser.parse(source: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)))
    }
    let ruleProtocols = protocolsRefiningRule(in: trees.map(\.1))
    var rules: [DeclaredRule] = []
    for (file, tree) in trees {
      for statement in tree.statements {
        guard let type = statement.item.as(StructDeclSyntax.self),
          inheritedNames(type.inheritanceClause).contains(where: ruleProtocols.contains)
        else { continue }
        let name = type.name.text
        guard let id = metadataID(of: type) else {
          throw GenerationError(
            description:
              "\(file): \(name)'s metadata must be `RuleMetadata(id: \"rule-id\", …)` with its id as a literal")
        }
        rules.append(DeclaredRule(typeName: name, id: id, file: file))
      }
    }
    return rules.sorted { $0.id < $1.id }
  }

  /// `Rule`, and every protocol declared in the folder that inherits from one of these.
  static func protocolsRefiningRule(in trees: [SourceFileSyntax]) -> Set<String> {
    let protocols = trees.flatMap(\.statements).compactMap { $0.item.as(ProtocolDeclSyntax.self) }
    var refining: Set<String> = ["Rule"]
    var grew = true
    while grew {
      grew = false
      for declaration in protocols where !refining.contains(declaration.name.text) {
        if inheritedNames(declaration.inheritanceClause).contains(where: refining.contains) {
          refining.insert(declaration.name.text)
          grew = true
        }
      }
    }
    return refining
  }

  static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
    clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
  }

  /// The string literal given as `id:` to the `RuleMetadata(…)` the type's static `metadata` holds.
  static func metadataID(of type: StructDeclSyntax) -> String? {
    for member in type.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings where binding.pattern.trimmedDescription == "metadata" {
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
          call.calledExpression.trimmedDescription == "RuleMetadata",
          let argument = call.arguments.first(where: { $0.label?.text == "id" }),
          let literal = argument.expression.as(StringLiteralExprSyntax.self),
          literal.segments.count == 1,
          let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
      }
    }
    return nil
  }

  /// The constant's name for a rule type: `EASExtensionMismatchRule` → `easExtensionMismatch`.
  static func constantName(ofType typeName: String) -> String {
    let name = Array(typeName.hasSuffix("Rule") ? String(typeName.dropLast(4)) : typeName)
    let leadingCapitals = name.prefix { $0.isUppercase }.count
    // An acronym's capitals are lowered up to the one that starts the next word ("EASExtension").
    let lowered =
      leadingCapitals > 1 && leadingCapitals < name.count ? leadingCapitals - 1 : max(leadingCapitals, 1)
    return String(name.prefix(lowered)).lowercased() + String(name.dropFirst(lowered))
  }

  static func registrySource(_ rules: [DeclaredRule]) -> String {
    var text = """
      // Generated from the rule types in this folder by RulePageTests; do not edit. After adding a rule, run
      // `WIDGETLINT_UPDATE_RULE_PAGES=1 swift test --filter RulePageTests` (see CONTRIBUTING.md).

      /// Every rule's id, named after its rule type; each rule's file documents its own.
      extension RuleID {

      """
    for rule in rules {
      text += "  public static let \(constantName(ofType: rule.typeName)) = RuleID(\"\(rule.id)\")\n"
    }
    text += """
      }

      extension RuleRegistry {
        /// Every rule, in the order of their ids.
        public static let all: [any Rule.Type] = [

      """
    for rule in rules { text += "    \(rule.typeName).self,\n" }
    return text + "  ]\n}\n"
  }

  /// One row per rule: its id linked to its page under `pagePrefix`, its default severity, its summary.
  static func table(of rules: [(id: String, severity: String, summary: String)], pagePrefix: String) -> String {
    var text = "| rule | default severity | summary |\n|---|---|---|\n"
    for rule in rules {
      text += "| [`\(rule.id)`](\(pagePrefix)\(rule.id).md) | \(rule.severity) | \(rule.summary) |\n"
    }
    return text
  }

  static let regionStart = "<!-- The table below is generated from the rules' metadata by RulePageTests. -->\n"
  static let regionEnd = "<!-- End of the generated table. -->\n"

  /// `document` with the text between the generated region's markers replaced by `table`.
  static func replacingGeneratedRegion(in document: String, with table: String) throws -> String {
    guard let start = document.range(of: regionStart), let end = document.range(of: regionEnd),
      start.upperBound <= end.lowerBound
    else { throw GenerationError(description: "the generated region's markers are missing") }
    return String(document[..<start.upperBound]) + "\n" + table + "\n" + String(document[end.lowerBound...])
  }
}
