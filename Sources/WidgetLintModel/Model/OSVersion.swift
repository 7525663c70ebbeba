/// An OS version such as 16.4, compared component by component.
public struct OSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
  public var components: [Int]

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    components = [major, minor, patch]
  }

  public init?(parsing text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count) else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard !part.isEmpty, part.utf8.allSatisfy({ (48...57).contains($0) }), part.count <= 4,
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    while numbers.count < 3 { numbers.append(0) }
    components = numbers
  }

  public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    lhs.components.lexicographicallyPrecedes(rhs.components)
  }

  public var description: String {
    var parts = components
    while parts.count > 2, parts.last == 0 { parts.removeLast() }
    return parts.map(String.init).joined(separator: ".")
  }
}
