/// The Swift facts of one target's sources taken together: types, constants and bundles may be
/// declared in one file and used in another.
public struct TargetCode: Sendable {
  public let files: [SwiftFileFacts]
  public let bundles: [String: WidgetCodeFacts.Bundle]
  public let widgets: [String: WidgetCodeFacts.Widget]
  private let constants: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse]
  private let constantsByName: [String: [WidgetCodeFacts.StringUse]]
  private let viewReferences: [String: Set<String>]

  public init(files: [SwiftFileFacts]) {
    self.files = files
    var bundles: [String: WidgetCodeFacts.Bundle] = [:]
    var widgets: [String: WidgetCodeFacts.Widget] = [:]
    var constants: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse] = [:]
    var byName: [String: [WidgetCodeFacts.StringUse]] = [:]
    var views: [String: Set<String>] = [:]
    for file in files {
      for bundle in file.code.bundles where bundles[bundle.typeName] == nil { bundles[bundle.typeName] = bundle }
      for widget in file.code.widgets where widgets[widget.typeName] == nil { widgets[widget.typeName] = widget }
      for (key, value) in file.code.constants {
        constants[key] = value
        byName[key.name, default: []].append(value)
      }
      for (type, referenced) in file.code.viewReferences { views[type, default: []].formUnion(referenced) }
    }
    self.bundles = bundles
    self.widgets = widgets
    self.constants = constants
    self.constantsByName = byName
    self.viewReferences = views
  }

  public var isEmpty: Bool { files.isEmpty }

  /// The string a use stands for and where that string is written; nil when it is computed.
  public func resolve(_ use: WidgetCodeFacts.StringUse) -> (value: String, span: SourceSpan)? {
    switch use.value {
    case .literal(let text):
      return (text, use.span)
    case .reference(let type, let name):
      let found: WidgetCodeFacts.StringUse?
      if let type {
        found = constants[.init(type: type, name: name)]
      } else {
        // The enclosing type's own constant, then a file-level one, then the only one of that name.
        found =
          constants[.init(type: use.enclosingType, name: name)] ?? constants[.init(type: nil, name: name)]
          ?? (constantsByName[name]?.count == 1 ? constantsByName[name]?.first : nil)
      }
      guard let found, case .literal(let text) = found.value else { return nil }
      return (text, found.span)
    }
  }

  /// The `@main` bundle, when exactly one file declares one.
  public var mainBundle: WidgetCodeFacts.Bundle? {
    let main = bundles.values.filter(\.isMain)
    return main.count == 1 ? main.first : nil
  }

  /// The widgets the `@main` bundle lists, following nested bundles, in source order.
  public var bundledWidgets: [WidgetCodeFacts.Widget] {
    guard let main = mainBundle else { return [] }
    var result: [WidgetCodeFacts.Widget] = []
    var seen: Set<String> = []
    var visited: Set<String> = []
    func expand(_ bundle: WidgetCodeFacts.Bundle) {
      guard visited.insert(bundle.typeName).inserted else { return }
      for entry in bundle.blocks.flatMap({ $0 }).sorted(by: { $0.span.start < $1.span.start }) {
        if let widget = widgets[entry.typeName], seen.insert(widget.typeName).inserted {
          result.append(widget)
        } else if let nested = bundles[entry.typeName] {
          expand(nested)
        }
      }
    }
    expand(main)
    return result
  }

  /// Every view type a widget's configuration builds, directly or through other views.
  public func viewTree(of widget: WidgetCodeFacts.Widget) -> Set<String> {
    var result: Set<String> = []
    var pending = widget.contentViews
    while let type = pending.popLast() {
      guard result.insert(type).inserted else { continue }
      pending += viewReferences[type] ?? []
    }
    return result
  }
}
