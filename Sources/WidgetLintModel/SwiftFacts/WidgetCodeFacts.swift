import WidgetLintCore

/// What one Swift file says about widgets, read from its syntax tree alone. Values the code computes
/// at run time are left out: nothing here is guessed.
public struct WidgetCodeFacts: Sendable {
  /// A string literal (without interpolation) or a reference to a constant that may hold one.
  public enum StringValue: Sendable {
    case literal(String)
    case reference(type: String?, name: String)
  }

  public struct StringUse: Sendable {
    public var value: StringValue
    /// The literal (with its quotes) or the reference.
    public var span: SourceSpan
    /// The type the use is written in, for resolving `kind` to the widget's own constant.
    public var enclosingType: String?
    /// The name given to `UserDefaults(suiteName:)`: an App Group only when it is written as one
    /// (`Entitlements.isAppGroupName`); any other name is a defaults domain in the app's own container.
    public var isDefaultsSuite = false

    package init(value: StringValue, span: SourceSpan, enclosingType: String? = nil) {
      self.value = value
      self.span = span
      self.enclosingType = enclosingType
    }

    /// A literal written where it is used (not a constant's).
    public var isLiteral: Bool {
      if case .literal = value { return true }
      return false
    }
  }

  public struct BundleEntry: Sendable {
    public var typeName: String
    public var span: SourceSpan
    /// An `if` or an explicit `WidgetBundleBuilder.buildBlock(…)` call: one component of its block,
    /// whose own entries are a block of their own.
    public var isGroup = false

    package init(typeName: String, span: SourceSpan, isGroup: Bool = false) {
      self.typeName = typeName
      self.span = span
      self.isGroup = isGroup
    }
  }

  public struct Bundle: Sendable {
    public var typeName: String
    public var isMain: Bool
    public var nameSpan: SourceSpan
    /// The body's entries, one list per block: the body itself, then each `if` branch.
    public var blocks: [[BundleEntry]]
    /// False when the body holds more than entries and `if` branches (a `return` of another builder
    /// property, say): then what it lists is not fully known.
    public var isComplete = true
    /// The explicit `WidgetBundleBuilder.buildBlock(…)` calls in the type's other members (the helpers
    /// a body calls, as in `if #available { return WidgetBundleBuilder.buildBlock(A(), B()) }`): blocks
    /// the builder sees, though what they list is not part of `blocks`.
    public var helperBlocks: [[BundleEntry]] = []

    package init(
      typeName: String, isMain: Bool, nameSpan: SourceSpan, blocks: [[BundleEntry]], isComplete: Bool = true,
      helperBlocks: [[BundleEntry]] = []
    ) {
      self.typeName = typeName
      self.isMain = isMain
      self.nameSpan = nameSpan
      self.blocks = blocks
      self.isComplete = isComplete
      self.helperBlocks = helperBlocks
    }
  }

  public struct Widget: Sendable {
    public var typeName: String
    /// `@main` on the widget itself: an extension with a single widget and no bundle.
    public var isMain = false
    public var nameSpan: SourceSpan
    public var kind: StringUse?
    public var configuration: (name: String, span: SourceSpan)?
    /// `.supportedFamilies([...])`: each family and the array's span; nil when the code does not call it.
    public var families: (names: [(name: String, span: SourceSpan)], span: SourceSpan)?
    public var contentViews: [String]
    /// The function or method the configuration's `content:` names instead of a closure
    /// (`content: buildContentView`, `content: Self.view(for:)`), whose body returns the view.
    public var contentFunction: String?
    /// The content is neither a closure nor a reference to a function or initialiser (a stored closure,
    /// a call that returns one): what it shows is not known.
    public var contentIsUnknown = false
    /// `.supportedFamilies(...)` is called with a list the code computes: the families are not known.
    public var familiesAreComputed = false
    /// `.supportedFamilies(widgetFamilies)`, `.supportedFamilies(Self.families)`: the list a name of the
    /// project holds, which the target looks up (`TargetCode`) in the widget's type, the protocols it
    /// conforms to and, for a bare name, the file level. The type is nil for a bare name.
    public var familiesReference: ConstantKey?
    /// The argument of `.supportedFamilies(…)` when it is not a list written out, as written: named in
    /// a note when the target cannot follow it either.
    public var computedFamilies: Reference?
    /// The supertypes the declaration names, for a widget that may conform through the target's own
    /// protocols (`struct NextEventWidget: AccessoryWidget`); empty for one that names `Widget` itself.
    public var supertypes: [String] = []
    /// `.configurationDisplayName("…")` and `.description("…")` literals.
    public var displayName: String?
    public var description: String?

    /// A Live Activity (`ActivityConfiguration`): it has no kind, is not reloaded by one, and is not
    /// drawn on the Home Screen.
    public var isLiveActivity: Bool { configuration?.name == "ActivityConfiguration" }

    package init(
      typeName: String, isMain: Bool = false, nameSpan: SourceSpan, kind: StringUse? = nil,
      configuration: (name: String, span: SourceSpan)? = nil,
      families: (names: [(name: String, span: SourceSpan)], span: SourceSpan)? = nil, contentViews: [String],
      contentFunction: String? = nil, contentIsUnknown: Bool = false, familiesAreComputed: Bool = false,
      supertypes: [String] = [], displayName: String? = nil, description: String? = nil
    ) {
      self.typeName = typeName
      self.isMain = isMain
      self.nameSpan = nameSpan
      self.kind = kind
      self.configuration = configuration
      self.families = families
      self.contentViews = contentViews
      self.contentFunction = contentFunction
      self.contentIsUnknown = contentIsUnknown
      self.familiesAreComputed = familiesAreComputed
      self.supertypes = supertypes
      self.displayName = displayName
      self.description = description
    }
  }

  public struct Policy: Sendable {
    public enum Kind: Sendable { case atEnd, never, after }
    public var kind: Kind
    /// How long after now the timeline asks to reload, when the code says it plainly: the date of
    /// `.after(date)`, or for `.atEnd` the date of the last entry (entries are not reloads).
    public var seconds: Int?
    public var span: SourceSpan

    package init(kind: Kind, seconds: Int? = nil, span: SourceSpan) {
      self.kind = kind
      self.seconds = seconds
      self.span = span
    }
  }

  /// A use that needs an OS version, and the version the code guarantees around it.
  public struct VersionedUse: Sendable {
    public var symbol: String
    /// The iOS version it needs, and the one the code guarantees around it.
    public var minimum: OSVersion
    public var span: SourceSpan
    public var guaranteed: OSVersion?
    /// The watchOS version it needs (nil where watchOS is not judged), and the one guaranteed around it.
    public var watchOSMinimum: OSVersion?
    public var watchOSGuaranteed: OSVersion?
    /// The platforms whose build may compile it: all but those an `#if os(…)` around it rules out.
    public var possiblyCompiledOn: Set<Manifest.Platform> = Set(Manifest.Platform.allCases)

    package init(
      symbol: String, minimum: OSVersion, span: SourceSpan, guaranteed: OSVersion? = nil,
      watchOSMinimum: OSVersion? = nil, watchOSGuaranteed: OSVersion? = nil,
      possiblyCompiledOn: Set<Manifest.Platform> = Set(Manifest.Platform.allCases)
    ) {
      self.symbol = symbol
      self.minimum = minimum
      self.span = span
      self.guaranteed = guaranteed
      self.watchOSMinimum = watchOSMinimum
      self.watchOSGuaranteed = watchOSGuaranteed
      self.possiblyCompiledOn = possiblyCompiledOn
    }
  }

  /// A family `.supportedFamilies([...])` lists, and the platforms whose build surely compiles it: all
  /// of them outside `#if`, those an `#if os(…)` clause selects inside one, none inside a clause whose
  /// condition is not only `os(…)` checks (a compilation flag the build settings decide).
  public struct FamilyUse: Sendable {
    public var name: String
    public var span: SourceSpan
    public var platforms: Set<Manifest.Platform>
    /// The platforms whose build may compile it: all but those an `#if os(…)` around it rules out.
    public var possiblyCompiledOn: Set<Manifest.Platform>
    /// The watchOS version the code guarantees around it.
    public var watchOSGuaranteed: OSVersion?

    package init(
      name: String, span: SourceSpan, platforms: Set<Manifest.Platform> = Set(Manifest.Platform.allCases),
      possiblyCompiledOn: Set<Manifest.Platform> = Set(Manifest.Platform.allCases), watchOSGuaranteed: OSVersion? = nil
    ) {
      self.name = name
      self.span = span
      self.platforms = platforms
      self.possiblyCompiledOn = possiblyCompiledOn
      self.watchOSGuaranteed = watchOSGuaranteed
    }
  }

  public struct ViewUse: Sendable {
    public var name: String
    public var span: SourceSpan
    public var isConformance: Bool
    /// The types the use is written in, outermost first: a type of the same name nested in one of
    /// them is the one the name means there.
    public var enclosingTypes: [String] = []
    /// The type whose code holds the use, or that conforms: shown by a widget or not.
    public var ownerType: String?

    package init(
      name: String, span: SourceSpan, isConformance: Bool, enclosingTypes: [String] = [], ownerType: String? = nil
    ) {
      self.name = name
      self.span = span
      self.isConformance = isConformance
      self.enclosingTypes = enclosingTypes
      self.ownerType = ownerType
    }
  }

  /// A `switch` over a widget family (every case lists `WidgetFamily` members, or is `default`).
  public struct FamilySwitch: Sendable {
    /// The type and the functions (plain and qualified by the type) the switch is written in.
    public var scopes: [String]
    public var cases: [FamilyCase]

    package init(scopes: [String], cases: [FamilyCase]) {
      self.scopes = scopes
      self.cases = cases
    }
  }

  public struct FamilyCase: Sendable {
    /// The families the case lists; empty for `default`.
    public var families: [String]
    public var isDefault: Bool
    /// The case's label (`case .accessoryRectangular:`, `default:`).
    public var span: SourceSpan
    /// What the case's code calls by name, and the names it refers to (computed properties it shows).
    public var calls: Set<String> = []
    public var references: Set<String> = []
    /// Whether the case's own code calls `containerBackground(_:for: .widget)`.
    public var setsContainerBackground = false

    package init(
      families: [String], isDefault: Bool, span: SourceSpan, calls: Set<String> = [], references: Set<String> = [],
      setsContainerBackground: Bool = false
    ) {
      self.families = families
      self.isDefault = isDefault
      self.span = span
      self.calls = calls
      self.references = references
      self.setsContainerBackground = setsContainerBackground
    }
  }

  /// A `.widgetURL` or `Link` in a view type's code.
  public struct URLUse: Sendable {
    public var isLink: Bool
    public var span: SourceSpan
    public var url: StringUse?
    public var enclosingType: String?
    /// The `if`/`switch` branches around it, innermost first: two uses in different branches of one
    /// construct never apply together.
    public var branches: [BranchStep] = []
    /// Where the member of the enclosing type it is written in starts (a computed property such as
    /// `accessoryCircularView`, a function), nil outside one: a view whose `body` picks one member per
    /// family sets one URL in each.
    public var member: Int?

    public func excludes(_ other: URLUse) -> Bool {
      for step in branches {
        if let otherStep = other.branches.first(where: { $0.construct == step.construct }),
          otherStep.index != step.index
        {
          return true
        }
      }
      return false
    }

    package init(
      isLink: Bool, span: SourceSpan, url: StringUse? = nil, enclosingType: String? = nil, branches: [BranchStep] = []
    ) {
      self.isLink = isLink
      self.span = span
      self.url = url
      self.enclosingType = enclosingType
      self.branches = branches
    }
  }

  /// One `if` or `switch` around a use: the construct (its offset) and which of its branches (an `if`'s
  /// 0 or 1, a `case`'s offset).
  public struct BranchStep: Sendable, Hashable {
    public var construct: Int
    public var index: Int

    public init(construct: Int, index: Int) {
      self.construct = construct
      self.index = index
    }
  }

  /// A function that reloads the kind one of its parameters names
  /// (`func reload(kind: String) { WidgetCenter.shared.reloadTimelines(ofKind: kind) }`), or that
  /// parameter's raw value (`kind: WidgetKind`, `ofKind: kind.rawValue`): its calls reload what they pass.
  public struct ReloadWrapper: Sendable, Hashable {
    public var function: String
    /// The parameter's argument label (nil for `_`) and its position among the parameters.
    public var label: String?
    public var position: Int
    /// The parameter's type when the kind is its `rawValue`: an enum whose cases name the kinds.
    public var rawValueOf: String?
    /// `reloadControls(ofKind:)` rather than `reloadTimelines(ofKind:)`.
    public var isControl = false

    package init(function: String, label: String?, position: Int, rawValueOf: String? = nil, isControl: Bool = false) {
      self.function = function
      self.label = label
      self.position = position
      self.rawValueOf = rawValueOf
      self.isControl = isControl
    }
  }

  /// A function passing one of its parameters on to another function's argument
  /// (`func reload(_ kind: String) { reloadKind(kind) }`): a reload wrapper too when the function it
  /// calls is one for that argument.
  public struct ParameterForward: Sendable {
    /// The function around the call, and its parameter: its label (nil for `_`) and position.
    public var function: String
    public var label: String?
    public var position: Int
    /// The function called, and the argument the parameter is passed as.
    public var callee: String
    public var calleeLabel: String?
    public var calleePosition: Int

    package init(
      function: String, label: String?, position: Int, callee: String, calleeLabel: String?, calleePosition: Int
    ) {
      self.function = function
      self.label = label
      self.position = position
      self.callee = callee
      self.calleeLabel = calleeLabel
      self.calleePosition = calleePosition
    }
  }

  /// A string or an enum case passed to a function by name (`reload(kind: "Notes")`, `reload(.notes)`):
  /// a reload when the function is a `ReloadWrapper`.
  public struct ArgumentUse: Sendable {
    public var function: String
    public var label: String?
    public var position: Int
    public var value: StringUse
    /// `.notes`: a case of the parameter's type, named without it.
    public var isImplicitMember = false

    package init(function: String, label: String?, position: Int, value: StringUse, isImplicitMember: Bool = false) {
      self.function = function
      self.label = label
      self.position = position
      self.value = value
      self.isImplicitMember = isImplicitMember
    }
  }

  public struct ComputedArgument: Sendable {
    public var function: String
    public var label: String?
    public var position: Int
    public var span: SourceSpan

    package init(function: String, label: String?, position: Int, span: SourceSpan) {
      self.function = function
      self.label = label
      self.position = position
      self.span = span
    }
  }

  public struct Reference: Sendable {
    public var name: String
    public var span: SourceSpan

    package init(name: String, span: SourceSpan) {
      self.name = name
      self.span = span
    }
  }

  public var bundles: [Bundle] = []
  public var widgets: [Widget] = []
  /// Types conforming to `ControlWidget`: bundle entries that are not widgets.
  public var controls: [String] = []
  /// The kind of each control whose `body` is a `StaticControlConfiguration(kind:…)` or
  /// `AppIntentControlConfiguration(kind:…)`, by the control's type.
  public var controlKinds: [String: StringUse] = [:]
  /// The control kinds `ControlCenter.shared.reloadControls(ofKind:)` reloads.
  public var reloadedControlKinds: [StringUse] = []
  /// The lists of widget families the file's types and file level declare (a `let` of an array literal,
  /// or a computed property returning one, typed `[WidgetFamily]` or listing only families), by type and
  /// name: what `.supportedFamilies(name)` may name.
  public var familyLists: [ConstantKey: (names: [(name: String, span: SourceSpan)], span: SourceSpan)] = [:]
  /// `static let` / `let` string constants: by type (nil for file level) and name.
  public var constants: [ConstantKey: StringUse] = [:]
  /// Each declaration of a type's or the file's variables (not a function's locals), by type and name:
  /// the literal of a `let` initialised by a plain string literal, nil for anything else (a `var`, a
  /// computed property, another initialiser). A name declared more than once (`#if` branches) with
  /// different values, or by anything but such a `let`, is not known.
  public var constantDeclarations: [ConstantKey: [String?]] = [:]
  /// The type's or file's `let`s initialised by another constant (`let kind = WidgetKinds.note`,
  /// `WidgetKind.todo.rawValue`): each stands for what that constant holds. Not in
  /// `constantDeclarations`; a name declared otherwise too is not known.
  public var constantAliases: [ConstantKey: [StringUse]] = [:]
  /// The raw values of the cases of enums whose raw type is `String` (the case's name when it gives
  /// none), by enum and case, and every declaration of each case as `constantDeclarations` keeps them:
  /// `WidgetKind.notes.rawValue` names a kind.
  public var enumRawValues: [ConstantKey: StringUse] = [:]
  public var enumCaseDeclarations: [ConstantKey: [String?]] = [:]
  /// The functions that reload a kind their parameter names, and the strings and cases passed to
  /// functions, among which their calls are.
  public var reloadWrappers: [ReloadWrapper] = []
  public var argumentUses: [ArgumentUse] = []
  /// The parameters functions pass on to other functions, through which wrappers wrap wrappers.
  public var parameterForwards: [ParameterForward] = []
  /// The arguments passed to functions that the code computes (`reload(kind: response.kind)`): those
  /// passed to a reload wrapper reload a kind built at run time.
  public var computedArguments: [ComputedArgument] = []
  public var groupIdentifiers: [StringUse] = []
  /// The kinds `WidgetCenter.shared.reloadTimelines(ofKind:)` reloads.
  public var reloadedKinds: [StringUse] = []
  /// The kinds `reloadTimelines(ofKind:)` and `reloadControls(ofKind:)` reload that the code builds at run
  /// time (`response.kind`, `"\(name)Widget"`, a loop's variable), as written: not followed.
  public var computedReloadKinds: [Reference] = []
  public var policies: [Policy] = []
  public var versionedUses: [VersionedUse] = []
  public var familyUses: [FamilyUse] = []
  public var unsupportedViews: [ViewUse] = []
  public var urlUses: [URLUse] = []
  /// View types each type's code constructs (for following a widget's view tree).
  public var viewReferences: [String: Set<String>] = [:]
  /// The types and functions whose code sets a widget's container background
  /// (`containerBackground(_:for: .widget)`, or `containerBackgroundRemovable(_:)` on the configuration).
  public var containerBackgroundScopes: Set<String> = []
  /// What each type's and each function's code calls by name: the capitalised types it constructs and
  /// the functions and modifiers it calls, for following a widget's view to the project's own wrappers.
  /// A method counts for its type and for its own name; a stored property's initial value for its own
  /// name only, as what it builds is shown only where a view uses the property.
  public var calls: [String: Set<String>] = [:]
  /// The type each function and computed property says it returns, by the names `calls` keys it by
  /// (optionals and arrays by their element's type): one returning a `String` or a `Date` builds no view.
  public var resultTypes: [String: Set<String>] = [:]
  /// The types (structs, classes, enums) and functions this file declares. Functions include computed
  /// properties other than `body` and the initial values of stored properties (a scope of `calls` each),
  /// and each method is there by its name and as `Type.name`.
  public var declaredTypes: Set<String> = []
  public var declaredFunctions: Set<String> = []
  /// The lower-case names each type's and function's code refers to without calling them
  /// (`rectangularView`, `self.header`): a computed property of the project is followed through them.
  public var references: [String: Set<String>] = [:]
  /// Where each type name is declared (structs, classes, enums, actors, protocols, type aliases): the
  /// enclosing type's name, or "" at file level. A declaration of the project shadows the SDK's name.
  public var typeDeclarations: [String: Set<String>] = [:]
  /// The supertypes each struct, class, enum or extension names, by type name.
  public var conformances: [String: Set<String>] = [:]
  /// The types whose extensions in the file declare a `body`: a protocol's extension supplies the body of
  /// the views that conform to it (`extension EntryCard { var body: some View { … } }`).
  public var extensionBodies: Set<String> = []
  /// The protocols each protocol of the file refines (`protocol AccessoryWidget: Widget`).
  public var protocolRefinements: [String: Set<String>] = [:]
  /// Types with a `body` that name no `Widget` but a supertype that may be a protocol refining it: the
  /// target decides which are widgets (`TargetCode.widgets`).
  public var widgetCandidates: [Widget] = []
  /// The `switch`es over the widget family, and for the scopes holding one, what their code calls and
  /// whether it sets the container background outside the switches' cases.
  public var familySwitches: [FamilySwitch] = []
  public var callsOutsideFamilyCases: [String: Set<String>] = [:]
  public var referencesOutsideFamilyCases: [String: Set<String>] = [:]
  public var containerBackgroundScopesOutsideFamilyCases: Set<String> = []
  /// The project's own declarations marked unavailable in app extensions. The references to them are
  /// found on demand: `SwiftFileFacts.references(to:)`.
  public var extensionUnavailableDeclarations: [String] = []

  public struct ConstantKey: Hashable, Sendable {
    public var type: String?
    public var name: String

    package init(type: String? = nil, name: String) {
      self.type = type
      self.name = name
    }
  }

  package init(
    bundles: [Bundle] = [], widgets: [Widget] = [], controls: [String] = [], constants: [ConstantKey: StringUse] = [:],
    groupIdentifiers: [StringUse] = [], reloadedKinds: [StringUse] = [], policies: [Policy] = [],
    versionedUses: [VersionedUse] = [], unsupportedViews: [ViewUse] = [], urlUses: [URLUse] = [],
    viewReferences: [String: Set<String>] = [:], containerBackgroundScopes: Set<String> = [],
    calls: [String: Set<String>] = [:], declaredTypes: Set<String> = [], declaredFunctions: Set<String> = [],
    references: [String: Set<String>] = [:], typeDeclarations: [String: Set<String>] = [:],
    conformances: [String: Set<String>] = [:], protocolRefinements: [String: Set<String>] = [:],
    widgetCandidates: [Widget] = [], familySwitches: [FamilySwitch] = [],
    callsOutsideFamilyCases: [String: Set<String>] = [:], referencesOutsideFamilyCases: [String: Set<String>] = [:],
    containerBackgroundScopesOutsideFamilyCases: Set<String> = [], extensionUnavailableDeclarations: [String] = []
  ) {
    self.bundles = bundles
    self.widgets = widgets
    self.controls = controls
    self.constants = constants
    self.groupIdentifiers = groupIdentifiers
    self.reloadedKinds = reloadedKinds
    self.policies = policies
    self.versionedUses = versionedUses
    self.unsupportedViews = unsupportedViews
    self.urlUses = urlUses
    self.viewReferences = viewReferences
    self.containerBackgroundScopes = containerBackgroundScopes
    self.calls = calls
    self.declaredTypes = declaredTypes
    self.declaredFunctions = declaredFunctions
    self.references = references
    self.typeDeclarations = typeDeclarations
    self.conformances = conformances
    self.protocolRefinements = protocolRefinements
    self.widgetCandidates = widgetCandidates
    self.familySwitches = familySwitches
    self.callsOutsideFamilyCases = callsOutsideFamilyCases
    self.referencesOutsideFamilyCases = referencesOutsideFamilyCases
    self.containerBackgroundScopesOutsideFamilyCases = containerBackgroundScopesOutsideFamilyCases
    self.extensionUnavailableDeclarations = extensionUnavailableDeclarations
  }
}

extension WidgetCodeFacts {
  /// Types that are not views: a function or computed property returning one (`var subtitle: String`,
  /// a formatter's result) shows nothing, whatever it builds to compute it.
  public static let valueTypes: Set<String> = [
    "AttributedString", "Bool", "ByteCountFormatter", "Calendar", "CGFloat", "CGPoint", "CGRect", "CGSize",
    "Character", "Data", "Date", "DateComponents", "DateComponentsFormatter", "DateFormatter", "DateInterval",
    "DateIntervalFormatter", "Decimal", "Double", "Float", "Formatter", "Int", "ISO8601DateFormatter",
    "ListFormatter", "Locale", "LocalizedStringKey", "LocalizedStringResource", "MeasurementFormatter",
    "NSAttributedString", "NumberFormatter", "PersonNameComponentsFormatter", "RelativeDateTimeFormatter", "String",
    "Substring", "TimeInterval", "TimeZone", "URL", "UUID",
  ]

  /// Whether a name is capitalised, as Swift's type names are: the calls of capitalised names construct
  /// types, the others call functions.
  public static func isTypeName(_ name: String) -> Bool {
    guard let first = name.utf8.first else { return false }
    if first < 0x80 { return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) }
    return name.first?.isUppercase == true
  }
}
