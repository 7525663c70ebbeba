/// How findings name lists of things: in full when short, otherwise the first few and a count, so that a
/// message stays about a line long however large the manifest is (a list in each of n findings would
/// make a report's size grow with n²).
enum Wording {
  static let listedItems = 8

  /// `total`: how many there are, when `items` holds only the first of them (no need to format all).
  static func list(_ items: [String], total: Int? = nil, separator: String = ", ") -> String {
    let total = total ?? items.count
    guard total > listedItems else { return items.joined(separator: separator) }
    return items.prefix(listedItems).joined(separator: separator) + " and \(total - listedItems) more"
  }
}
