import WidgetLintModel

/// Uses recorded in source order, and for each new one the first earlier use that can apply together
/// with it: one not in a different branch of an `if` or `switch` around both (`URLUse.excludes`).
///
/// The uses' branch paths form a tree, so the answer is read off the O(depth) nodes on the new use's
/// path instead of comparing it with every earlier use: a `switch` of a thousand cases, each setting a
/// widgetURL, would otherwise cost half a million comparisons.
package struct CompatibleUseIndex {
  private struct Node {
    var children: [WidgetCodeFacts.BranchStep: Int] = [:]
    /// The first use whose path ends here.
    var firstEnding: Int?
    /// The first use below this node under each of the first two constructs used here, in use order:
    /// the first under any construct but a given one is then always one of these two.
    var firstBelow: [(construct: Int, use: Int)] = []
  }

  private var nodes = [Node()]
  private var recorded = 0
  /// Nodes visited so far: the work done, which tests hold to a bound.
  private(set) var visits = 0

  /// The number (in recording order) of the first recorded use that can apply together with a use on
  /// `branches` (innermost first), or nil; then records that use as the next number.
  package mutating func firstCompatible(recording branches: [WidgetCodeFacts.BranchStep]) -> Int? {
    let path = Array(branches.reversed())
    var first: Int?
    func consider(_ use: Int?) {
      if let use, use < (first ?? Int.max) { first = use }
    }
    var node = 0
    var depth = 0
    while true {
      visits += 1
      // Uses that stop at this prefix, or go on under another construct than this use's next one,
      // share no construct with it below here, so nothing excludes them.
      consider(nodes[node].firstEnding)
      let next = depth < path.count ? path[depth].construct : nil
      consider(nodes[node].firstBelow.first { $0.construct != next }?.use)
      // Those under the same construct and another branch are excluded; only the same branch goes on.
      guard depth < path.count, let child = nodes[node].children[path[depth]] else { break }
      node = child
      depth += 1
    }
    record(path)
    return first
  }

  private mutating func record(_ path: [WidgetCodeFacts.BranchStep]) {
    let use = recorded
    recorded += 1
    var node = 0
    for step in path {
      visits += 1
      if nodes[node].firstBelow.count < 2, !nodes[node].firstBelow.contains(where: { $0.construct == step.construct }) {
        nodes[node].firstBelow.append((step.construct, use))
      }
      if let child = nodes[node].children[step] {
        node = child
      } else {
        nodes.append(Node())
        nodes[node].children[step] = nodes.count - 1
        node = nodes.count - 1
      }
    }
    visits += 1
    if nodes[node].firstEnding == nil { nodes[node].firstEnding = use }
  }
}
