import WidgetLintCore

/// The Swift facts of one target's sources taken together: types, constants and bundles may be
/// declared in one file and used in another.
public struct TargetCode: Sendable {
  public let files: [SwiftFileFacts]
  public let bundles: [String: WidgetCodeFacts.Bundle]
  public let widgets: [String: WidgetCodeFacts.Widget]
  private var constants: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse]
  private let constantsByName: [String: [WidgetCodeFacts.StringUse]]
  /// Every declaration of each type's and file-level name: its literal, or nil for a `var`, a computed
  /// property or another initialiser (see `unknownReason`). Judged when a use asks, since most names are
  /// never asked about.
  private var declarations: [WidgetCodeFacts.ConstantKey: [String?]]
  /// The `let`s of another constant declared once, by name, and nowhere else (see `constantAliases`).
  private var aliases: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse] = [:]
  /// How many types (and the file level) declare each name: a bare name is looked up in another type
  /// only when that is its one declaration.
  private let declarationsByName: [String: Int]
  /// The view types each type's code builds.
  package let viewReferences: [String: Set<String>]
  private let controls: Set<String>
  /// The kind of each control, by its type (see `WidgetCodeFacts.controlKinds`).
  public let controlKinds: [String: WidgetCodeFacts.StringUse]
  /// The controls the `@main` bundle lists, following nested bundles, in source order.
  public let bundledControls: [String]
  /// The facts of every file taken together: see `WidgetCodeFacts`.
  public let containerBackgroundScopes: Set<String>
  public let calls: [String: Set<String>]
  public let declaredTypes: Set<String>
  public let declaredFunctions: Set<String>
  /// What each function and computed property returns: see `WidgetCodeFacts.resultTypes`.
  public let resultTypes: [String: Set<String>]
  public let references: [String: Set<String>]
  /// Where each type name is declared in the target: see `WidgetCodeFacts.typeDeclarations`.
  public let typeDeclarations: [String: Set<String>]
  /// The protocols of the target, with those each refines.
  public let protocolRefinements: [String: Set<String>]
  /// The supertypes each type and extension of the target names.
  public let conformances: [String: Set<String>]
  /// The types whose extensions declare a `body` (see `WidgetCodeFacts.extensionBodies`).
  public let extensionBodies: Set<String>
  public let familySwitches: [WidgetCodeFacts.FamilySwitch]
  /// For the scopes that hold a family switch: what their code calls and refers to outside the
  /// switches' cases, and whether it sets the container background there (in every file: a scope
  /// without a switch in one file counts that file's code whole).
  public let callsOutsideFamilyCases: [String: Set<String>]
  public let referencesOutsideFamilyCases: [String: Set<String>]
  public let containerBackgroundScopesOutsideFamilyCases: Set<String>
  /// The `@main` bundle, when exactly one file declares one.
  public let mainBundle: WidgetCodeFacts.Bundle?
  /// A widget that is itself `@main` (an extension with one widget and no bundle).
  public let mainWidget: WidgetCodeFacts.Widget?
  /// The widgets the `@main` bundle lists, following nested bundles, in source order.
  public let bundledWidgets: [WidgetCodeFacts.Widget]
  /// Whether every entry of the `@main` bundle, nested bundles included, is known: each is a widget,
  /// a bundle or a control declared in these sources, and no body does more than list entries.
  public let bundleIsFullyKnown: Bool
  /// The kinds the code reloads: in `reloadTimelines(ofKind:)` (`reloadControls(ofKind:)`) calls, and
  /// in the calls of the functions that pass it a parameter of theirs (`ReloadWrapper`).
  public let reloadedKinds: [WidgetCodeFacts.StringUse]
  public let reloadedControlKinds: [WidgetCodeFacts.StringUse]
  /// The functions that reload a kind a parameter of theirs names: those that pass it to
  /// `reloadTimelines(ofKind:)` themselves, and those that pass it on to one of them, transitively.
  public let reloadWrappers: [WidgetCodeFacts.ReloadWrapper]
  /// The kinds passed to those functions that the code builds at run time, as written: not followed.
  public let computedWrapperKinds: [WidgetCodeFacts.Reference]
  /// The uses of the target's own declarations that are marked unavailable in app extensions
  /// (`extensionUnavailableDeclarations`), found by the frontend that read the target.
  public var extensionUnavailableReferences: [WidgetCodeFacts.Reference] = []

  public init(files: [SwiftFileFacts]) {
    self.files = files
    var bundles: [String: WidgetCodeFacts.Bundle] = [:]
    var widgets: [String: WidgetCodeFacts.Widget] = [:]
    var constants: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse] = [:]
    var byName: [String: [WidgetCodeFacts.StringUse]] = [:]
    var views: [String: Set<String>] = [:]
    var controls: Set<String> = []
    var containerBackgroundScopes: Set<String> = []
    var calls: [String: Set<String>] = [:]
    var declaredTypes: Set<String> = []
    var declaredFunctions: Set<String> = []
    var resultTypes: [String: Set<String>] = [:]
    var references: [String: Set<String>] = [:]
    var typeDeclarations: [String: Set<String>] = [:]
    var conformances: [String: Set<String>] = [:]
    var refinements: [String: Set<String>] = [:]
    var candidates: [WidgetCodeFacts.Widget] = []
    var familySwitches: [WidgetCodeFacts.FamilySwitch] = []
    var declarations: [WidgetCodeFacts.ConstantKey: [String?]] = [:]
    var aliasUses: [WidgetCodeFacts.ConstantKey: [WidgetCodeFacts.StringUse]] = [:]
    var controlKinds: [String: WidgetCodeFacts.StringUse] = [:]
    var familyLists: [WidgetCodeFacts.ConstantKey: [FamilyList]] = [:]
    for file in files {
      for (key, list) in file.code.familyLists { familyLists[key, default: []].append(list) }
      controlKinds.merge(file.code.controlKinds) { first, _ in first }
      references.merge(file.code.references) { $0.union($1) }
      typeDeclarations.merge(file.code.typeDeclarations) { $0.union($1) }
      conformances.merge(file.code.conformances) { $0.union($1) }
      refinements.merge(file.code.protocolRefinements) { $0.union($1) }
      candidates += file.code.widgetCandidates
      familySwitches += file.code.familySwitches
      controls.formUnion(file.code.controls)
      containerBackgroundScopes.formUnion(file.code.containerBackgroundScopes)
      calls.merge(file.code.calls) { $0.union($1) }
      declaredTypes.formUnion(file.code.declaredTypes)
      declaredFunctions.formUnion(file.code.declaredFunctions)
      resultTypes.merge(file.code.resultTypes) { $0.union($1) }
      for bundle in file.code.bundles where bundles[bundle.typeName] == nil { bundles[bundle.typeName] = bundle }
      for widget in file.code.widgets where widgets[widget.typeName] == nil { widgets[widget.typeName] = widget }
      for (key, value) in file.code.constants {
        constants[key] = value
        byName[key.name, default: []].append(value)
      }
      for (key, values) in file.code.constantDeclarations { declarations[key, default: []] += values }
      for (key, uses) in file.code.constantAliases { aliasUses[key, default: []] += uses }
      // A type first met takes the file's set as it is: inserting its names one by one cost half of this.
      views.merge(file.code.viewReferences) { $0.union($1) }
    }
    Self.addWidgetsThroughProtocols(candidates, to: &widgets, conformances: conformances, refinements: refinements)
    Self.resolveFamilyLists(
      of: &widgets,
      in: FamilyListScope(
        lists: familyLists, declarations: declarations, conformances: conformances, refinements: refinements))
    let outside = Self.outsideFamilyCases(of: familySwitches, in: files)
    self.references = references
    self.typeDeclarations = typeDeclarations
    self.protocolRefinements = refinements
    self.conformances = conformances
    self.extensionBodies = Set(files.flatMap(\.code.extensionBodies))
    self.familySwitches = familySwitches
    self.callsOutsideFamilyCases = outside.calls
    self.referencesOutsideFamilyCases = outside.references
    self.containerBackgroundScopesOutsideFamilyCases = outside.background
    self.bundles = bundles
    self.widgets = widgets
    var declarationsByName: [String: Int] = [:]
    for key in declarations.keys { declarationsByName[key.name, default: 0] += 1 }
    // An enum's cases are named with their type (`WidgetKind.notes`), never alone: kept out of the
    // names looked up without one.
    for file in files {
      constants.merge(file.code.enumRawValues) { first, _ in first }
      for (key, values) in file.code.enumCaseDeclarations { declarations[key, default: []] += values }
    }
    reloadWrappers = Self.wrappers(in: files)
    (reloadedKinds, reloadedControlKinds, computedWrapperKinds) = Self.reloads(in: files, wrappers: reloadWrappers)
    self.constants = constants
    self.constantsByName = byName
    // An alias declared twice, or also declared otherwise, is not known: a `nil` declaration says so.
    for (key, uses) in aliasUses {
      if uses.count == 1, declarations[key] == nil {
        aliases[key] = uses[0]
      } else {
        declarations[key, default: []].append(nil)
      }
    }
    self.declarations = declarations
    self.declarationsByName = declarationsByName
    self.viewReferences = views
    self.controls = controls
    self.controlKinds = controlKinds
    self.containerBackgroundScopes = containerBackgroundScopes
    self.calls = calls
    self.declaredTypes = declaredTypes
    self.declaredFunctions = declaredFunctions
    self.resultTypes = resultTypes
    // Worked out once here, where targets are merged side by side, instead of by each rule that asks.
    let mainBundles = bundles.values.filter(\.isMain)
    let mainBundle = mainBundles.count == 1 ? mainBundles.first : nil
    let mainWidgets = widgets.values.filter(\.isMain)
    let mainWidget = mainWidgets.count == 1 && mainBundle == nil ? mainWidgets.first : nil
    self.mainBundle = mainBundle
    self.mainWidget = mainWidget
    if let mainWidget {
      bundledWidgets = [mainWidget]
      bundledControls = []
      bundleIsFullyKnown = true
    } else if let mainBundle {
      bundledWidgets = Self.widgets(listedBy: mainBundle, bundles: bundles, widgets: widgets)
      bundledControls = Self.entries(listedBy: mainBundle, bundles: bundles).filter(controls.contains)
      bundleIsFullyKnown = Self.isFullyKnown(mainBundle, bundles: bundles, widgets: widgets, controls: controls)
    } else {
      bundledWidgets = []
      bundledControls = []
      bundleIsFullyKnown = false
    }
  }

  public var isEmpty: Bool { files.isEmpty }

  /// The names the kinds the target's widgets and controls declare and its reloads name use with a type
  /// (`WidgetsKind.todo.rawValue`, `Kinds.note`) that no file of the target declares.
  public var undeclaredTypedKindNames: Set<String> {
    let uses =
      bundledWidgets.compactMap(\.kind) + bundledControls.compactMap { controlKinds[$0] } + reloadedKinds
      + reloadedControlKinds
    return Set(
      uses.compactMap { written in
        // `let kind = CpuEntry.kind` names the constant the framework declares.
        guard let use = followingAliases(written), case .reference(let type?, let name) = use.value,
          declarations[.init(type: type, name: name)] == nil
        else { return nil }
        return name
      })
  }

  /// Adds the typed constants and enum raw values declared in files the target links without owning
  /// them (a framework of the project it shares with the app), for the names its own files leave
  /// undeclared: `enum WidgetsKind: String` in the shared framework names the widgets' kinds.
  public mutating func addLinkedDeclarations(from linked: [SwiftFileFacts]) {
    var linkedDeclarations: [WidgetCodeFacts.ConstantKey: [String?]] = [:]
    var linkedConstants: [WidgetCodeFacts.ConstantKey: WidgetCodeFacts.StringUse] = [:]
    for file in linked {
      for (key, values) in file.code.constantDeclarations where key.type != nil {
        linkedDeclarations[key, default: []] += values
      }
      for (key, values) in file.code.enumCaseDeclarations { linkedDeclarations[key, default: []] += values }
      for (key, value) in file.code.constants where key.type != nil { linkedConstants[key] = value }
      linkedConstants.merge(file.code.enumRawValues) { first, _ in first }
    }
    for (key, values) in linkedDeclarations where declarations[key] == nil {
      declarations[key] = values
      if let constant = linkedConstants[key] { constants[key] = constant }
    }
  }

  /// Widgets declared through the target's own protocols: `struct W: AccessoryWidget`, with
  /// `protocol AccessoryWidget: Widget` (or a chain of refinements) in any file of the target.
  private static func addWidgetsThroughProtocols(
    _ candidates: [WidgetCodeFacts.Widget], to widgets: inout [String: WidgetCodeFacts.Widget],
    conformances: [String: Set<String>], refinements: [String: Set<String>]
  ) {
    for candidate in candidates where widgets[candidate.typeName] == nil {
      let supertypes = Set(candidate.supertypes).union(conformances[candidate.typeName] ?? [])
      if refines("Widget", supertypes, refinements) { widgets[candidate.typeName] = candidate }
    }
  }

  /// Families a widget names by a list declared elsewhere, taken as the widget's own.
  private static func resolveFamilyLists(of widgets: inout [String: WidgetCodeFacts.Widget], in scope: FamilyListScope)
  {
    for (name, widget) in widgets {
      guard let reference = widget.familiesReference, let list = familyList(named: reference, for: widget, in: scope)
      else { continue }
      widgets[name]?.families = list
      widgets[name]?.familiesAreComputed = false
    }
  }

  /// What the scopes holding a family switch do outside its cases, over every file.
  private static func outsideFamilyCases(of switches: [WidgetCodeFacts.FamilySwitch], in files: [SwiftFileFacts])
    -> (calls: [String: Set<String>], references: [String: Set<String>], background: Set<String>)
  {
    var outsideCalls: [String: Set<String>] = [:]
    var outsideReferences: [String: Set<String>] = [:]
    var outsideBackground: Set<String> = []
    for scope in Set(switches.flatMap(\.scopes)) {
      for file in files {
        let holdsSwitch = file.code.callsOutsideFamilyCases[scope] != nil
        let calls = holdsSwitch ? file.code.callsOutsideFamilyCases[scope] : file.code.calls[scope]
        let refs = holdsSwitch ? file.code.referencesOutsideFamilyCases[scope] : file.code.references[scope]
        outsideCalls[scope, default: []].formUnion(calls ?? [])
        outsideReferences[scope, default: []].formUnion(refs ?? [])
        let background =
          holdsSwitch
          ? file.code.containerBackgroundScopesOutsideFamilyCases : file.code.containerBackgroundScopes
        if background.contains(scope) { outsideBackground.insert(scope) }
      }
    }
    return (outsideCalls, outsideReferences, outsideBackground)
  }

  package typealias FamilyList = (names: [(name: String, span: SourceSpan)], span: SourceSpan)

  /// What a widget's family list is looked up in: the lists and every declaration, by type and name,
  /// and the types' conformances and protocols' refinements.
  private struct FamilyListScope {
    let lists: [WidgetCodeFacts.ConstantKey: [FamilyList]]
    let declarations: [WidgetCodeFacts.ConstantKey: [String?]]
    let conformances: [String: Set<String>]
    let refinements: [String: Set<String>]
  }

  /// The list `.supportedFamilies(name)` names in a widget's body: the first type declaring the name,
  /// of the widget's own type, the protocols it conforms to (their extensions' defaults), and for a bare
  /// name the file level. Nil when that declaration is not one list of families (a second declaration in
  /// `#if` branches, a list the code computes).
  private static func familyList(
    named reference: WidgetCodeFacts.ConstantKey, for widget: WidgetCodeFacts.Widget, in scope: FamilyListScope
  ) -> FamilyList? {
    var owners: [String?]
    if let type = reference.type, type != widget.typeName {
      owners = [type]
    } else {
      owners = [widget.typeName]
      var pending = Array(Set(widget.supertypes).union(scope.conformances[widget.typeName] ?? []).sorted())
      var seen: Set<String> = []
      while !pending.isEmpty {
        let name = pending.removeFirst()
        guard seen.insert(name).inserted else { continue }
        owners.append(name)
        pending += (scope.refinements[name] ?? []).sorted()
      }
      if reference.type == nil { owners.append(nil) }
    }
    for owner in owners {
      let key = WidgetCodeFacts.ConstantKey(type: owner, name: reference.name)
      guard let declared = scope.declarations[key] else { continue }
      guard declared.count == 1, let lists = scope.lists[key], lists.count == 1 else { return nil }
      return lists[0]
    }
    return nil
  }

  /// The reload wrappers of the files, and the functions that pass a parameter on to one of them, as
  /// far as the chain goes (`reload(_:)` calling `reloadKind(_:)` calling `reloadTimelines(ofKind:)`).
  private static func wrappers(in files: [SwiftFileFacts]) -> [WidgetCodeFacts.ReloadWrapper] {
    var wrappers = files.flatMap(\.code.reloadWrappers)
    let forwards = files.flatMap(\.code.parameterForwards)
    guard !wrappers.isEmpty, !forwards.isEmpty else { return wrappers }
    var known = Set(wrappers)
    var added = true
    // Each round adds at least one wrapper of the finitely many the forwards can make.
    while added {
      added = false
      for forward in forwards {
        for wrapper in wrappers
        where wrapper.function == forward.callee
          && passes(label: forward.calleeLabel, position: forward.calleePosition, to: wrapper)
        {
          let outer = WidgetCodeFacts.ReloadWrapper(
            function: forward.function, label: forward.label, position: forward.position,
            rawValueOf: wrapper.rawValueOf, isControl: wrapper.isControl)
          if known.insert(outer).inserted {
            wrappers.append(outer)
            added = true
          }
        }
      }
    }
    return wrappers
  }

  /// Whether an argument written with this label, at this position, is the wrapper's parameter.
  private static func passes(label: String?, position: Int, to wrapper: WidgetCodeFacts.ReloadWrapper) -> Bool {
    wrapper.label.map { label == $0 } ?? (label == nil && position == wrapper.position)
  }

  /// The kinds reloaded by the calls, and by the calls of the functions that wrap them; and the arguments
  /// the code computes that calls pass to a wrapper, with their text.
  private static func reloads(in files: [SwiftFileFacts], wrappers: [WidgetCodeFacts.ReloadWrapper]) -> (
    widgets: [WidgetCodeFacts.StringUse], controls: [WidgetCodeFacts.StringUse],
    computed: [WidgetCodeFacts.Reference]
  ) {
    var widgets = files.flatMap(\.code.reloadedKinds)
    var controls = files.flatMap(\.code.reloadedControlKinds)
    let wrappers = Dictionary(grouping: wrappers, by: \.function)
    guard !wrappers.isEmpty else { return (widgets, controls, []) }
    for argument in files.flatMap(\.code.argumentUses) {
      for wrapper in wrappers[argument.function] ?? [] {
        guard passes(label: argument.label, position: argument.position, to: wrapper),
          let use = kind(passed: argument, to: wrapper)
        else { continue }
        if wrapper.isControl { controls.append(use) } else { widgets.append(use) }
      }
    }
    let computed = files.flatMap(\.code.computedArguments).filter { argument in
      (wrappers[argument.function] ?? []).contains {
        passes(label: argument.label, position: argument.position, to: $0)
      }
    }.map { argument in
      let bytes = argument.span.file.bytes[argument.span.start..<argument.span.end]
      return WidgetCodeFacts.Reference(name: String(decoding: bytes, as: UTF8.self), span: argument.span)
    }
    return (widgets, controls, computed)
  }

  /// The kind an argument gives a wrapper: the string itself, or for a wrapper that reloads its
  /// parameter's `rawValue` the case it names (`.notes` or `WidgetKind.notes`).
  private static func kind(passed argument: WidgetCodeFacts.ArgumentUse, to wrapper: WidgetCodeFacts.ReloadWrapper)
    -> WidgetCodeFacts.StringUse?
  {
    guard let enumType = wrapper.rawValueOf else { return argument.isImplicitMember ? nil : argument.value }
    guard case .reference(let type, let name) = argument.value.value else { return nil }
    if argument.isImplicitMember {
      var use = argument.value
      use.value = .reference(type: enumType, name: name)
      return use
    }
    return type == nil ? nil : argument.value
  }

  /// The view types a widget's content builds: those its content closure constructs, or those the
  /// function its `content:` names constructs (the widget's own method first).
  public func contentViews(of widget: WidgetCodeFacts.Widget) -> [String] {
    guard let function = widget.contentFunction else { return widget.contentViews }
    let qualified = "\(widget.typeName).\(function)"
    let calls = (declaredFunctions.contains(qualified) ? calls[qualified] : calls[function]) ?? []
    return widget.contentViews + calls.filter(WidgetCodeFacts.isTypeName).sorted()
  }

  /// The protocols of the target whose extensions supply a type's `body`: those it conforms to, and
  /// those they refine, that an extension gives a `body`.
  public func bodyProviders(of type: String) -> [String] {
    var pending = Array(conformances[type] ?? [])
    var seen: Set<String> = []
    var providers: [String] = []
    while let name = pending.popLast() {
      guard seen.insert(name).inserted else { continue }
      if extensionBodies.contains(name), typeDeclarations[name] != nil, !declaredTypes.contains(name) {
        providers.append(name)
      }
      pending += protocolRefinements[name] ?? []
    }
    return providers.sorted()
  }

  /// Whether `supertypes` reach `root` through the target's protocols and the ones they refine.
  package static func refines(_ root: String, _ supertypes: Set<String>, _ refinements: [String: Set<String>]) -> Bool {
    var pending = Array(supertypes)
    var seen: Set<String> = []
    while let name = pending.popLast() {
      if name == root { return true }
      // A cycle of protocols (which Swift rejects) ends here.
      guard seen.insert(name).inserted, let refined = refinements[name] else { continue }
      pending += refined
    }
    return false
  }

  /// Whether a type of this name that the target declares is the one `name` means in code written in
  /// `enclosingTypes` (outermost first): one declared at file level, or nested in one of those types.
  /// A type nested elsewhere (`Gallery.AsyncImage`) is not what the plain name means outside it.
  public func declaresType(_ name: String, visibleIn enclosingTypes: [String]) -> Bool {
    guard let scopes = typeDeclarations[name] else { return false }
    return scopes.contains("") || enclosingTypes.contains(where: scopes.contains)
  }

  /// The constant a `let` of another constant stands for, where the use names one.
  private func alias(for use: WidgetCodeFacts.StringUse) -> WidgetCodeFacts.StringUse? {
    guard !aliases.isEmpty, case .reference(let type, let name) = use.value else { return nil }
    if let type { return aliases[.init(type: type, name: name)] }
    if let own = aliases[.init(type: use.enclosingType, name: name)] { return own }
    guard constants[.init(type: use.enclosingType, name: name)] == nil else { return nil }
    return aliases[.init(type: nil, name: name)]
  }

  /// The use a chain of `let`s of other constants ends at (`let kind = Kinds.note` stands for
  /// `Kinds.note`); nil for a chain longer than code writes, which is a loop.
  private func followingAliases(_ written: WidgetCodeFacts.StringUse) -> WidgetCodeFacts.StringUse? {
    var use = written
    for _ in 0..<8 {
      guard let next = alias(for: use) else { return use }
      use = next
    }
    return alias(for: use) == nil ? use : nil
  }

  /// The string a use stands for and where that string is written; nil when it is computed.
  public func resolve(_ written: WidgetCodeFacts.StringUse) -> (value: String, span: SourceSpan)? {
    guard let use = followingAliases(written) else { return nil }
    switch use.value {
    case .literal(let text):
      return (text, use.span)
    case .reference(let type, let name):
      let found: WidgetCodeFacts.StringUse?
      if let type {
        guard unknownReason(.init(type: type, name: name)) == nil else { return nil }
        found = constants[.init(type: type, name: name)]
      } else {
        // The enclosing type's own constant, then a file-level one, then the only one of that name; a
        // declaration that is not known hides those after it.
        let own = WidgetCodeFacts.ConstantKey(type: use.enclosingType, name: name)
        let fileLevel = WidgetCodeFacts.ConstantKey(type: nil, name: name)
        guard unknownReason(own) == nil else { return nil }
        if let constant = constants[own] {
          found = constant
        } else {
          guard unknownReason(fileLevel) == nil else { return nil }
          found =
            constants[fileLevel]
            ?? (constantsByName[name]?.count == 1 && declarationsByName[name, default: 0] <= 1
              ? constantsByName[name]?.first : nil)
        }
      }
      guard let found, case .literal(let text) = found.value else { return nil }
      return (text, found.span)
    }
  }

  /// The App Group a `groupIdentifiers` use opens and where its name is written; nil when the name is
  /// computed, or when it is a `UserDefaults(suiteName:)` name that is not an App Group's on the
  /// platform (`onMacOS`): such a suite is a defaults domain in the app's own container.
  public func resolveAppGroup(_ use: WidgetCodeFacts.StringUse, onMacOS: Bool) -> (value: String, span: SourceSpan)? {
    guard let resolved = resolve(use) else { return nil }
    if use.isDefaultsSuite && !Entitlements.isAppGroupName(resolved.value, onMacOS: onMacOS) { return nil }
    return resolved
  }

  /// The uses of `groupIdentifiers` that may open an App Group: all but the `UserDefaults(suiteName:)`
  /// names known not to be one.
  public func appGroupUses(onMacOS: Bool) -> [WidgetCodeFacts.StringUse] {
    files.flatMap(\.code.groupIdentifiers).filter { use in
      !use.isDefaultsSuite || resolve(use).map { Entitlements.isAppGroupName($0.value, onMacOS: onMacOS) } ?? true
    }
  }

  /// Why the constant a use names is not known, where a declaration of it makes it so (a `var`, `#if`
  /// branches that differ): "WidgetKinds.note is declared …". Nil for a use that resolves, or whose
  /// name the target declares nowhere.
  public func unknownConstant(in written: WidgetCodeFacts.StringUse) -> String? {
    guard let use = followingAliases(written), case .reference(let type, let name) = use.value, resolve(use) == nil
    else { return nil }
    let keys: [WidgetCodeFacts.ConstantKey] =
      type.map { [.init(type: $0, name: name)] } ?? [.init(type: use.enclosingType, name: name), .init(name: name)]
    for key in keys {
      if let reason = unknownReason(key) { return "\(key.type.map { $0 + "." } ?? "")\(name) \(reason)" }
    }
    return nil
  }

  /// Why a name's value is not known, or nil when it is known or not declared. A name declared once by a
  /// `let` of a literal (or several times with that one value) is known; any other declaration makes it
  /// unknown, whatever else the files say of it.
  private func unknownReason(_ key: WidgetCodeFacts.ConstantKey) -> String? {
    guard let values = declarations[key] else { return nil }
    if values.contains(where: { $0 == nil }) {
      return "is declared by a `var`, a computed property or a value other than a string literal"
    }
    guard let first = values.first, values.contains(where: { $0 != first }) else { return nil }
    let written = Wording.list(values.compactMap { $0.map { "'\($0)'" } }, separator: " and ")
    return "is declared more than once (`#if` branches?) with different values, \(written)"
  }

  /// Whether the code says which widgets the extension ships: a `@main` bundle or widget.
  public var declaresWidgets: Bool { mainBundle != nil || mainWidget != nil }

  private static func isFullyKnown(
    _ main: WidgetCodeFacts.Bundle, bundles: [String: WidgetCodeFacts.Bundle],
    widgets: [String: WidgetCodeFacts.Widget], controls: Set<String>
  ) -> Bool {
    var pending = [main]
    var visited: Set<String> = []
    while let bundle = pending.popLast() {
      guard visited.insert(bundle.typeName).inserted else { continue }
      guard bundle.isComplete else { return false }
      for entry in bundle.blocks.flatMap({ $0 }) where !entry.isGroup {
        if let nested = bundles[entry.typeName] {
          pending.append(nested)
        } else if widgets[entry.typeName] == nil && !controls.contains(entry.typeName) {
          return false
        }
      }
    }
    return true
  }

  /// The type names a bundle lists, following nested bundles, each once, in source order.
  private static func entries(listedBy main: WidgetCodeFacts.Bundle, bundles: [String: WidgetCodeFacts.Bundle])
    -> [String]
  {
    var result: [String] = []
    var seen: Set<String> = []
    var visited: Set<String> = []
    func expand(_ bundle: WidgetCodeFacts.Bundle) {
      guard visited.insert(bundle.typeName).inserted else { return }
      for entry in bundle.blocks.flatMap({ $0 }).sorted(by: { $0.span.start < $1.span.start }) where !entry.isGroup {
        if let nested = bundles[entry.typeName] {
          expand(nested)
        } else if seen.insert(entry.typeName).inserted {
          result.append(entry.typeName)
        }
      }
    }
    expand(main)
    return result
  }

  private static func widgets(
    listedBy main: WidgetCodeFacts.Bundle, bundles: [String: WidgetCodeFacts.Bundle],
    widgets: [String: WidgetCodeFacts.Widget]
  ) -> [WidgetCodeFacts.Widget] {
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
}
