/// `widget-url-scheme`: a widget URL that is not a URL, or that the app does not handle.
public struct WidgetURLSchemeRule: Rule {
  public static let metadata = RuleMetadata(
    id: "widget-url-scheme",
    defaultSeverity: .error,
    summary: "A widget's url is not a valid URL (error), or its scheme is not one of the app's urlSchemes (warning).",
    rationale: """
      A tap on a widget opens the containing app with the widget's `widgetURL` (or a `Link`'s URL), which
      the app receives in `onOpenURL` / `application(_:open:options:)`. A string that is not a valid URL
      makes `URL(string:)` return nil, so the tap opens the app with no link at all. A URL with a scheme the
      app does not declare still opens the app (WidgetKit delivers it regardless), but the app's router will
      not recognise it: that case is a warning. A relative URL such as `/` is valid: WidgetKit hands it to
      the app as is.

      URLs are checked against RFC 3986: a scheme of letters, digits, `+`, `-` and `.`, and only URL
      characters elsewhere (percent-encode the rest).

      Source: Apple, `widgetURL(_:)` and `Link` in widgets (facts sheet, Families).
      """,
    examples: [
      .failing(
        "A URL with a space",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: podcasts://up next
        """),
      .failing(
        "A scheme the app does not declare",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: podcast://up-next
        """),
      .passing(
        "The app's own scheme, and a relative URL",
        """
        app:
          bundleIdentifier: com.example.podcasts
          urlSchemes: [podcasts]
        targets:
          - name: PodcastWidget
            bundleIdentifier: com.example.podcasts.widget
            widgets:
              - kind: UpNext
                displayName: Up next
                description: The next episode in your queue.
                families: [systemSmall]
                url: podcasts://up-next
              - kind: Library
                displayName: Library
                description: Your shows.
                families: [systemMedium]
                url: /
        """),
    ])

  public init() {}

  public func check(_ context: RuleContext) {
    guard let manifest = context.manifest else { return }
    var schemes = DeclaredSchemes(manifest.app?.urlSchemes ?? [])
    for target in manifest.targets {
      for widget in target.widgets {
        guard let url = widget.url else { continue }
        if let (message, severity) = Self.problem(with: url.value, schemes: &schemes) {
          let related = severity == .warning ? appSchemes(manifest) : []
          context.report(message, at: url, subject: widget.kind?.value, related: related, severity: severity)
        }
      }
    }
    for (target, code) in context.targetsWithCode {
      for use in code.files.flatMap(\.code.urlUses) {
        guard let url = use.url, let (value, span) = code.resolve(url),
          let (message, severity) = Self.problem(with: value, schemes: &schemes)
        else { continue }
        let related = severity == .warning ? appSchemes(manifest) : []
        context.report(message, inCodeOf: target, at: span, related: related, severity: severity)
      }
    }
  }

  private func appSchemes(_ manifest: Manifest) -> [RelatedLocation] {
    manifest.app?.urlSchemesSpan.map { [RelatedLocation("the app's urlSchemes", at: $0)] } ?? []
  }

  /// The app's URL schemes, prepared once for every URL a rule run checks.
  struct DeclaredSchemes {
    let lowercased: Set<String>
    let listed: String
    var suggester: Suggester

    init(_ schemes: [Located<String>]) {
      lowercased = Set(schemes.map { $0.value.lowercased() })
      listed = Wording.list(schemes.map(\.value))
      suggester = Suggester(candidates: schemes.map(\.value))
    }
  }

  /// What is wrong with a widget URL and how much it matters, or nil.
  static func problem(with url: String, schemes: inout DeclaredSchemes) -> (String, Severity?)? {
    switch URIReference.parse(url) {
    case .invalid(let reason):
      return ("widget url '\(url)' is not a valid URL: \(reason)", nil)
    case .relative:
      return nil
    case .absolute(let scheme):
      guard !schemes.lowercased.isEmpty, !schemes.lowercased.contains(scheme.lowercased()) else { return nil }
      var message =
        "widget url scheme '\(scheme)' is not one of the app's urlSchemes (\(schemes.listed)); the tap opens the app, but its router will not recognise the link"
      if let suggestion = schemes.suggester.closest(to: scheme) {
        message += "; did you mean '\(suggestion)'?"
      }
      return (message, .warning)
    }
  }
}

/// RFC 3986 URI-reference syntax, checked without Foundation so that every platform agrees.
public enum URIReference: Equatable {
  case absolute(scheme: String)
  case relative
  case invalid(String)

  public static func parse(_ text: String) -> URIReference {
    guard !text.isEmpty else { return .invalid("it is empty") }
    var text = text
    return text.withUTF8 { bytes in
      if let problem = characterProblem(bytes) { return .invalid(problem) }
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .relative }
      let scheme = bytes[..<colon]
      if scheme.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
        return .relative
      }
      let schemeText = String(decoding: scheme, as: UTF8.self)
      guard let first = scheme.first, isLetter(first), scheme.allSatisfy(isSchemeCharacter) else {
        return .invalid(
          "'\(schemeText)' is not a valid scheme (letters, digits, '+', '-' and '.', starting with a letter)")
      }
      return .absolute(scheme: schemeText)
    }
  }

  /// Why the text is not made of URI characters and well-formed percent escapes, or nil.
  private static func characterProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
          return "'%' must be followed by two hexadecimal digits"
        }
        index += 3
        continue
      }
      if !(byte < 128 && uriCharacters[Int(byte)]) {
        // The offending character, whole (it may take several bytes).
        let scalar = String(decoding: bytes[index...], as: UTF8.self).unicodeScalars.first ?? "?"
        let shown = scalar == " " ? "a space" : "'\(scalar)'"
        return "it contains \(shown); percent-encode it"
      }
      index += 1
    }
    return nil
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  static func isSchemeCharacter(_ byte: UInt8) -> Bool {
    isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  static func isHex(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
  }

  /// The ASCII characters a URI may hold unencoded (RFC 3986 unreserved and reserved), as a table.
  static let uriCharacters: [Bool] = (0..<128).map { code in
    let scalar = Unicode.Scalar(UInt8(code))
    return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || "-._~:/?#[]@!$&'()*+,;=".unicodeScalars.contains(scalar)
  }
}
