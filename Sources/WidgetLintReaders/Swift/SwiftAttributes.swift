import SwiftSyntax
import WidgetLintModel

package enum SwiftAttributes {
  /// A type's name as written, without building a trimmed copy of the tree for plain identifiers
  /// (`trimmedDescription` on every declaration's attributes dominated the cost of reading Swift). A
  /// name qualified by the module that declares it (`WidgetKit.Widget`, `SwiftUI.View`) is that name:
  /// otherwise such a widget or view would go unseen by every rule that reads code.
  package static func name(of type: TypeSyntax) -> String {
    if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
      return identifier.name.text
    }
    if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
      let module = member.baseType.as(IdentifierTypeSyntax.self), module.genericArgumentClause == nil,
      widgetModules.contains(module.name.text)
    {
      return member.name.text
    }
    return type.trimmedDescription
  }

  /// The modules that declare the types the facts are read for (Widget, WidgetBundle, View, ...).
  package static let widgetModules: Set<String> = ["SwiftUI", "WidgetKit"]

  package static let extensionPlatforms: Set<String> = [
    "iOSApplicationExtension", "macOSApplicationExtension", "macCatalystApplicationExtension",
    "tvOSApplicationExtension", "watchOSApplicationExtension", "visionOSApplicationExtension",
  ]

  /// Platforms whose `unavailable` covers an iOS extension too: `@available(iOS, unavailable)` and
  /// `@available(*, unavailable)` declare a context nothing on iOS runs, where unavailable APIs may be
  /// named (AltStore conforms an intent to ForegroundContinuableIntent in such an extension).
  package static let wholePlatforms: Set<String> = ["iOS", "*"]

  /// `@available(iOSApplicationExtension, unavailable)` and its siblings, `@available(iOS, unavailable)`
  /// and `@available(*, unavailable)`.
  package static func isUnavailableInExtensions(_ attributes: AttributeListSyntax) -> Bool {
    guard !attributes.isEmpty else { return false }
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        SwiftAttributes.name(of: attribute.attributeName) == "available",
        case .availability(let arguments) = attribute.arguments
      else { continue }
      var names: Set<String> = []
      for argument in arguments {
        if case .token(let token) = argument.argument { names.insert(token.text) }
      }
      if names.contains("unavailable")
        && (!names.isDisjoint(with: extensionPlatforms) || !names.isDisjoint(with: wholePlatforms))
      {
        return true
      }
    }
    return false
  }

  /// Whether a `#if` condition names a compilation flag rather than only os(), arch(), canImport()…
  package static func usesCustomFlag(_ condition: ExprSyntax) -> Bool {
    final class FlagFinder: SyntaxVisitor {
      package var found = false
      package override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
      package override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if !["true", "false"].contains(node.baseName.text) { found = true }
        return .skipChildren
      }
    }
    let finder = FlagFinder(viewMode: .sourceAccurate)
    finder.walk(condition)
    return finder.found
  }
}

extension SwiftAttributes {
  /// `@available(iOS 17.0, *)` on a declaration.
  package static func iOSAvailability(_ attributes: AttributeListSyntax) -> OSVersion? {
    availability(attributes, on: .ios)
  }

  /// `@available(watchOS 10.0, *)` (or iOS) on a declaration: the version it names for the platform.
  package static func availability(_ attributes: AttributeListSyntax, on platform: Manifest.Platform) -> OSVersion? {
    guard !attributes.isEmpty else { return nil }
    for element in attributes {
      guard let attribute = element.as(AttributeSyntax.self),
        SwiftAttributes.name(of: attribute.attributeName) == "available",
        case .availability(let arguments) = attribute.arguments
      else { continue }
      if let version = WidgetCodeReader.version(in: arguments, on: platform) { return version }
    }
    return nil
  }
}
