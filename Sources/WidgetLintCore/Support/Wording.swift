/// How findings name lists of things: in full when short, otherwise the first few and a count, so that a
/// message stays about a line long however large the manifest is (a list in each of n findings would
/// make a report's size grow with n²).
package enum Wording {
  package static let listedItems = 8

  package static func list(_ items: [String], separator: String = ", ") -> String {
    guard items.count > listedItems else { return items.joined(separator: separator) }
    return items.prefix(listedItems).joined(separator: separator) + " and \(items.count - listedItems) more"
  }
}
