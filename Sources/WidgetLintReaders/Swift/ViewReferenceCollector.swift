import SwiftSyntax
import WidgetLintModel

/// The types each view-like type (a Widget, View or WidgetBundle) constructs in its members, gathered
/// during the one walk of the file: a second walk of every view had cost a quarter of reading the facts.
package struct ViewReferenceCollector {
  /// The types constructed by each view-like type met so far. Two types of one name (in different
  /// scopes) share their entry, as they share the name.
  private(set) var references: [String: Set<String>] = [:]
  /// One entry per member block being walked: the view-like type it belongs to, or nil for any other.
  private var memberBlocks: [String?] = []
  /// The member block of the view-like type just entered, opened when the walk reaches it.
  private var pending: (block: SyntaxIdentifier, typeName: String)?

  /// Whether the walk is inside a view-like type's members.
  package var isCollecting: Bool { memberBlocks.contains { $0 != nil } }

  /// Starts collecting for `typeName`, whose member block the walk is about to reach.
  package mutating func collect(for typeName: String, in members: MemberBlockSyntax) {
    if references[typeName] == nil { references[typeName] = [] }
    pending = (members.id, typeName)
  }

  package mutating func enter(_ members: MemberBlockSyntax) {
    if let pending, pending.block == members.id {
      memberBlocks.append(pending.typeName)
      self.pending = nil
    } else {
      memberBlocks.append(nil)
    }
  }

  package mutating func leaveMemberBlock() {
    memberBlocks.removeLast()
  }

  /// Records `name` as constructed by every view-like type whose members enclose the walk.
  package mutating func noteConstructed(_ name: String) {
    guard WidgetCodeFacts.isTypeName(name) else { return }
    for case let typeName? in memberBlocks { references[typeName, default: []].insert(name) }
  }
}
