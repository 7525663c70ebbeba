extension String {
  /// The string with every scalar that `replacements` names replaced by its text, in one pass.
  ///
  /// Works on scalars, not characters, so that the `\r` and `\n` of a `\r\n` pair (one `Character`)
  /// are each replaced.
  func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
    guard unicodeScalars.contains(where: { replacements[$0] != nil }) else { return self }
    var result = ""
    result.reserveCapacity(utf8.count)
    for scalar in unicodeScalars {
      if let replacement = replacements[scalar] {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
