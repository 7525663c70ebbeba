import SwiftSyntax
import WidgetLintModel

/// The iOS and watchOS versions the code guarantees where the walk is: `@available` on the declarations
/// around it, and `if #available` / `guard #available` on the blocks around it.
package struct AvailabilityScope {
  /// Each guarantee, with its platform and the block it ends with (nil for one that ends with its
  /// declaration).
  private var guarantees: [(platform: Manifest.Platform, version: OSVersion, until: SyntaxIdentifier?)] = []
  /// Per declaration being walked: how many guarantees its `@available` added.
  private var declarationGuarantees: [Int] = []

  /// The highest iOS version guaranteed here, if any.
  package var guaranteed: OSVersion? { guaranteed(on: .ios) }

  /// The highest version of a platform guaranteed here, if any.
  package func guaranteed(on platform: Manifest.Platform) -> OSVersion? {
    guarantees.filter { $0.platform == platform }.map(\.version).max()
  }

  package mutating func enterDeclaration(_ attributes: AttributeListSyntax) {
    var added = 0
    for platform in Manifest.Platform.allCases {
      if let version = SwiftAttributes.availability(attributes, on: platform) {
        guarantees.append((platform, version, nil))
        added += 1
      }
    }
    declarationGuarantees.append(added)
  }

  package mutating func leaveDeclaration() {
    for _ in 0..<declarationGuarantees.removeLast() {
      if let index = guarantees.lastIndex(where: { $0.until == nil }) { guarantees.remove(at: index) }
    }
  }

  /// `if #available(iOS 17, watchOS 10, *) { … }` guarantees the versions in its body.
  package mutating func enter(_ node: IfExprSyntax) {
    for (platform, version) in Self.availability(in: node.conditions) {
      guarantees.append((platform, version, node.body.id))
    }
  }

  /// `guard #available(iOS 17, *) else { … }` guarantees the version for the rest of its block.
  package mutating func enter(_ node: GuardStmtSyntax) {
    // A guard is an item of its block's statement list.
    guard let block = node.parent?.parent?.parent?.as(CodeBlockSyntax.self) else { return }
    for (platform, version) in Self.availability(in: node.conditions) {
      guarantees.append((platform, version, block.id))
    }
  }

  package mutating func leave(_ block: CodeBlockSyntax) {
    guarantees.removeAll { $0.until == block.id }
  }

  /// Per platform, the version the first `#available` condition naming it names.
  private static func availability(in conditions: ConditionElementListSyntax) -> [(Manifest.Platform, OSVersion)] {
    Manifest.Platform.allCases.compactMap { platform in
      for condition in conditions {
        if case .availability(let availability) = condition.condition,
          availability.availabilityKeyword.tokenKind == .poundAvailable,
          let version = WidgetCodeReader.version(in: availability.availabilityArguments, on: platform)
        {
          return (platform, version)
        }
      }
      return nil
    }
  }
}
