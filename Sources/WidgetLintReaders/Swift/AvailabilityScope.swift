import SwiftSyntax
import WidgetLintCore
import WidgetLintModel

/// The iOS versions the code guarantees where the walk is: `@available` on the declarations around it,
/// and `if #available` / `guard #available` on the blocks around it.
package struct AvailabilityScope {
  /// Each guarantee, with the block it ends with (nil for one that ends with its declaration).
  private var guarantees: [(version: OSVersion, until: SyntaxIdentifier?)] = []
  /// Per declaration being walked: whether its `@available` added a guarantee.
  private var declarationGuarantees: [Bool] = []

  /// The highest version guaranteed here, if any.
  package var guaranteed: OSVersion? { guarantees.map(\.version).max() }

  package mutating func enterDeclaration(_ attributes: AttributeListSyntax) {
    let version = SwiftAttributes.iOSAvailability(attributes)
    if let version { guarantees.append((version, nil)) }
    declarationGuarantees.append(version != nil)
  }

  package mutating func leaveDeclaration() {
    if declarationGuarantees.removeLast(), let index = guarantees.lastIndex(where: { $0.until == nil }) {
      guarantees.remove(at: index)
    }
  }

  /// `if #available(iOS 17, *) { … }` guarantees the version in its body.
  package mutating func enter(_ node: IfExprSyntax) {
    if let version = Self.availability(in: node.conditions) { guarantees.append((version, node.body.id)) }
  }

  /// `guard #available(iOS 17, *) else { … }` guarantees the version for the rest of its block.
  package mutating func enter(_ node: GuardStmtSyntax) {
    // A guard is an item of its block's statement list.
    if let version = Self.availability(in: node.conditions),
      let block = node.parent?.parent?.parent?.as(CodeBlockSyntax.self)
    {
      guarantees.append((version, block.id))
    }
  }

  package mutating func leave(_ block: CodeBlockSyntax) {
    guarantees.removeAll { $0.until == block.id }
  }

  private static func availability(in conditions: ConditionElementListSyntax) -> OSVersion? {
    for condition in conditions {
      if case .availability(let availability) = condition.condition,
        availability.availabilityKeyword.tokenKind == .poundAvailable,
        let version = WidgetCodeReader.iOSVersion(in: availability.availabilityArguments)
      {
        return version
      }
    }
    return nil
  }
}
