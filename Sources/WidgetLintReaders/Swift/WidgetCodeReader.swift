import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// Reads `WidgetCodeFacts` from a file's syntax tree, and the small readings of syntax that its
/// collectors share: literals, callee names, availability versions, a type's `body`.
package enum WidgetCodeReader {
  package static let configurationTypes: Set<String> = [
    "StaticConfiguration", "IntentConfiguration", "AppIntentConfiguration", "ActivityConfiguration",
  ]

  /// Views that do not render in a widget, and what to do instead.
  package static let representables: Set<String> = ["UIViewRepresentable", "UIViewControllerRepresentable"]

  package static func read(_ tree: SourceFileSyntax, file: SourceText) -> WidgetCodeFacts {
    let visitor = WidgetCodeVisitor(file: file)
    visitor.walk(tree)
    return visitor.facts
  }

  /// `iOS 17.0` in an availability argument list, as a version.
  package static func iOSVersion(in arguments: AvailabilityArgumentListSyntax) -> OSVersion? {
    version(in: arguments, on: .ios)
  }

  /// The version an availability list names for a platform (or its application extensions).
  package static func version(in arguments: AvailabilityArgumentListSyntax, on platform: Manifest.Platform)
    -> OSVersion?
  {
    let names = platform == .ios ? ["iOS", "iOSApplicationExtension"] : ["watchOS", "watchOSApplicationExtension"]
    for argument in arguments {
      if case .availabilityVersionRestriction(let restriction) = argument.argument,
        names.contains(restriction.platform.text), let version = restriction.version
      {
        return OSVersion(parsing: version.trimmedDescription)
      }
    }
    return nil
  }

  /// A string literal without interpolation.
  package static func literal(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self) else { return nil }
    var text = ""
    for segment in literal.segments {
      guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
      text += plain.content.text
    }
    // Escapes other than the simplest are rare in identifiers; leave such strings unread. (Looking for
    // the byte, not the Character, spares breaking the text into graphemes.)
    return text.utf8.contains(UInt8(ascii: "\\")) ? nil : text
  }

  /// The name a call's callee is when it is a plain name: `CounterView` in `CounterView(...)`.
  package static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
    call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// The member a call's callee names: `supportedFamilies` in `.supportedFamilies(...)`.
  package static func calleeMember(_ call: FunctionCallExprSyntax) -> String? {
    call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
  }

  /// The name a plain reference (`now`, `Date`) is.
  package static func referenceName(_ expression: ExprSyntax) -> String? {
    expression.as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// The accessor block of a type's `body` property.
  package static func bodyAccessor(of members: MemberBlockSyntax) -> AccessorBlockSyntax? {
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      {
        if let accessor = binding.accessorBlock { return accessor }
      }
    }
    return nil
  }

  /// Capitalised names called like initialisers (`CounterView(entry: entry)`): the view types a body builds.
  package static func constructedTypes(in node: some SyntaxProtocol) -> Set<String> {
    let finder = ConstructedTypeFinder(viewMode: .sourceAccurate)
    finder.walk(node)
    return finder.names
  }
}

private final class ConstructedTypeFinder: SyntaxVisitor {
  var names: Set<String> = []

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let name = WidgetCodeReader.calleeName(node), WidgetCodeFacts.isTypeName(name) { names.insert(name) }
    return .visitChildren
  }
}
