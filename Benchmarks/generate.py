#!/usr/bin/env python3
"""Generate scripts/bench's inputs: realistic widget manifests that lint clean, a tree of widget Swift
files with a manifest whose targets point at it, and two big apps with two widget-only twins each.

    Benchmarks/generate.py OUTDIR

Deterministic: every choice comes from a random.Random with a fixed seed (the big apps have seeds of
their own), so the same version of this file always writes the same bytes. It writes, in OUTDIR:

    manifest-30k.yaml     20 targets x 5 widgets   (~30 KB)
    manifest-300k.yaml    200 targets x 5 widgets  (~300 KB; the "medium" input)
    manifest-3m.yaml      2 000 targets x 5 widgets (~3 MB; the "large" input)
    swift-tree/widgets.yaml               100 targets, each with `sources: [targets/<name>]`
    swift-tree/targets/<name>/*.swift     500 widget files (~2 MB): one file per widget, with its
                                          entry, TimelineProvider, views and Widget struct; the
                                          first file of each target also holds the @main
                                          WidgetBundle

    native-app/                           a native Xcode app (BigApp.xcodeproj, a classic project):
                                          the app target's Sources phase compiles 3 000 Swift files
                                          (~22 MB; features of a model, API client, cache, view model,
                                          four views, formatter and filter, ~100-200 lines each), three
                                          of which reach the widgets (UserDefaults(suiteName:) with a
                                          constant, reloadTimelines(ofKind:)); the widget extension
                                          compiles 3 widget files; both entitle the App Group
    native-app-tests/                     the same project and folder, but a unit-test target compiles
                                          the 3 000 files and the app's Sources phase is empty: what a
                                          widget-only lint of native-app reads and walks
    native-widgets-only/                  the same project without the app's 3 000 files (its Sources
                                          phase empty, its folder without them)
    expo-app/                             an Expo app with @bacons/apple-targets (app.json,
                                          targets/widget/) and 3 000 TS/TSX files under src/ (~17 MB),
                                          one of which saves the widget's data with ExtensionStorage
    expo-app-tests/                       the same app with those files in __tests__/src/ (Jest's
                                          folder, which is not the app's code)
    expo-widgets-only/                    the same app without src/

The size steps are 10x apart in targets, so each is ~10x the bytes of the one before. Every manifest
uses one app, com.example.app, its App Group group.com.example.app entitled on the app and on every
target, target bundle ids com.example.app.tN, widgets with displayName and description, valid
families for iOS 17, refresh of 5 minutes or more, URLs in the app's scheme, and an EAS appExtensions
entry per target; the Swift agrees with its manifest (kinds, families, configuration, URLs, groups).
"""
import json
import os
import random
import re
import shutil
import sys

SEED = 20241122
APP = "com.example.app"
GROUP = "group.com.example.app"
SCHEME = "exampleapp"

TOPICS = [
    ("Weather", "Conditions and the next hours"),
    ("Steps", "Steps today against your goal"),
    ("Agenda", "Your next calendar events"),
    ("Stocks", "Prices on your watchlist"),
    ("Tasks", "What is left on your list"),
    ("NowPlaying", "The track playing now"),
    ("Headlines", "The newest headlines"),
    ("Habits", "Your streaks and today's habits"),
    ("Tides", "High and low tide today"),
    ("Transit", "Departures from stops near you"),
    ("Sleep", "Last night's sleep"),
    ("Water", "Water drunk against your goal"),
    ("Budget", "What is left of this month's budget"),
    ("Flights", "Gate and delays of your next flight"),
    ("Recipes", "The recipe of the day"),
    ("Countdown", "Days left until your events"),
]
VARIANTS = ["Now", "Today", "Summary", "Glance", "Detail", "Board", "Ring", "List"]
# Families by configuration; accessory families need iOS 16, every target deploys to 17.0.
FAMILY_SETS = [
    ["systemSmall"],
    ["systemSmall", "systemMedium"],
    ["systemMedium", "systemLarge"],
    ["systemSmall", "systemMedium", "systemLarge"],
    ["systemSmall", "accessoryCircular", "accessoryRectangular"],
    ["accessoryInline"],
    ["systemSmall", "systemMedium", "accessoryRectangular"],
]
# (manifest value, seconds for Swift's .after policy or None for .atEnd/.never)
REFRESHES = [
    ("15m", 15 * 60), ("30m", 30 * 60), ("1h", 3600), ("2h", 7200), ("atEnd", None),
    ("never", None), ("1h30m", 5400), ("{policy: after, interval: 45m}", 45 * 60),
]
# The body of the view for each family (the widget's entry is `entry`, its title view `header`).
FAMILY_VIEWS = {
    "accessoryCircular": [
        "ZStack {",
        "    AccessoryWidgetBackground()",
        "    Text(entry.items.first.map { String(Int($0.value)) } ?? \"-\").font(.title3)",
        "}",
    ],
    "accessoryRectangular": [
        "VStack(alignment: .leading) {",
        "    header.widgetAccentable()",
        "    ForEach(entry.items.prefix(2)) { item in",
        "        Text(item.title).font(.caption).lineLimit(1)",
        "    }",
        "}",
    ],
    "systemLarge": [
        "VStack(alignment: .leading, spacing: 4) {",
        "    header",
        "    ForEach(entry.items.prefix(8)) { item in",
        "        HStack {",
        "            Text(item.title).font(.caption.bold()).lineLimit(1)",
        "            Spacer(minLength: 4)",
        "            Text(item.value.formatted(.number.precision(.fractionLength(1))))",
        "                .font(.caption.monospacedDigit())",
        "        }",
        "    }",
        "    Spacer(minLength: 0)",
        "}",
    ],
    "systemMedium": [
        "VStack(alignment: .leading, spacing: 4) {",
        "    header",
        "    ForEach(entry.items.prefix(3)) { item in",
        "        Text(item.title).font(.caption).lineLimit(1)",
        "    }",
        "}",
    ],
    "systemSmall": [
        "VStack(alignment: .leading, spacing: 4) {",
        "    header",
        "    if let first = entry.items.first {",
        "        Text(first.value.formatted(.number.precision(.fractionLength(0))))",
        "            .font(.system(size: 34, weight: .bold, design: .rounded))",
        "            .minimumScaleFactor(0.5)",
        "        Text(first.title).font(.caption).foregroundStyle(.secondary)",
        "    } else {",
        "        Text(\"Open the app to start\").font(.caption).foregroundStyle(.secondary)",
        "    }",
        "}",
    ],
}
CONFIGURATIONS = ["static", "static", "static", "appIntent"]


class Widget:
    def __init__(self, rng, target_index, widget_index):
        topic, blurb = TOPICS[(target_index * 5 + widget_index) % len(TOPICS)]
        variant = VARIANTS[rng.randrange(len(VARIANTS))]
        self.kind = f"{topic}{variant}T{target_index}W{widget_index}"
        self.type = topic  # Swift type names: unique within a target (its module), as in real code
        self.display = f"{topic} {variant}"
        self.description = f"{blurb}."
        self.configuration = CONFIGURATIONS[rng.randrange(len(CONFIGURATIONS))]
        self.families = FAMILY_SETS[rng.randrange(len(FAMILY_SETS))]
        self.refresh, self.refresh_seconds = REFRESHES[rng.randrange(len(REFRESHES))]
        self.path = f"{topic.lower()}/{target_index}-{widget_index}"
        # Reading the shared store is stated on about half the widgets (the key is optional).
        self.states_group = rng.random() < 0.5
        self.url = f"{SCHEME}://{self.path}"


class Target:
    def __init__(self, rng, index):
        self.index = index
        self.name = f"WidgetsT{index}"
        self.bundle = f"{APP}.t{index}"
        self.widgets = [Widget(rng, index, w) for w in range(5)]


def manifest_yaml(targets, with_sources):
    out = [
        "# Generated by Benchmarks/generate.py for scripts/bench; lints clean.",
        "version: 1",
        "app:",
        f"  bundleIdentifier: {APP}",
        '  deploymentTarget: "17.0"',
        f"  urlSchemes: [{SCHEME}]",
        "  entitlements:",
        f"    com.apple.security.application-groups: [{GROUP}]",
        "targets:",
    ]
    for t in targets:
        out += [
            f"  - name: {t.name}",
            f"    bundleIdentifier: {t.bundle}",
            "    entitlements:",
            f"      com.apple.security.application-groups: [{GROUP}]",
        ]
        if with_sources:
            out.append(f"    sources: [targets/{t.name}]")
        out.append("    widgets:")
        for w in t.widgets:
            out += [
                f"      - kind: {w.kind}",
                f"        displayName: {w.display}",
                f"        description: {w.description}",
            ]
            if w.configuration != "static":  # static is the default
                out.append(f"        configuration: {w.configuration}")
            out += [f"        families: [{', '.join(w.families)}]", f"        refresh: {w.refresh}"]
            if w.states_group:
                out.append(f"        appGroup: {GROUP}")
            out.append(f"        url: {w.url}")
    out += ["eas:", "  appExtensions:"]
    for t in targets:
        out += [
            f"    - targetName: {t.name}",
            f"      bundleIdentifier: {t.bundle}",
            "      entitlements:",
            f"        com.apple.security.application-groups: [{GROUP}]",
        ]
    return "\n".join(out) + "\n"


def swift_policy(w):
    if w.refresh == "never":
        return ".never"
    if w.refresh_seconds is None:
        return ".atEnd"
    return f".after(now.addingTimeInterval({w.refresh_seconds}))"


def timeline_entries(k):
    # Four hourly entries, so that an .atEnd timeline asks for its next reload in four hours (one entry
    # dated now would ask for it at once, which refresh-interval-too-short rightly reports).
    return [
        f"        let items = {k}Store.load()",
        f"        let entries = (0..<4).map {{ hour in {k}Entry(date: now.addingTimeInterval(Double(hour) * 3600), items: items) }}",
    ]


def widget_swift(rng, t, w, with_bundle):
    k = w.type
    families = ", ".join("." + f for f in w.families)
    inline_only = w.families == ["accessoryInline"]
    lines = ["import SwiftUI", "import WidgetKit"]
    if w.configuration == "appIntent":
        lines.append("import AppIntents")
    lines.append("")
    if with_bundle:
        lines += ["@main", f"struct {t.name}Bundle: WidgetBundle {{", "    var body: some Widget {"]
        lines += [f"        {x.type}Widget()" for x in t.widgets]
        lines += ["    }", "}", ""]
    item_count = rng.randrange(3, 7)
    lines += [
        f"/// One row of the {w.display} widget, as the app writes it into the shared App Group.",
        f"struct {k}Item: Codable, Hashable, Identifiable {{",
        "    var id: String",
        "    var title: String",
        "    var detail: String",
        "    var value: Double",
        "    var updatedAt: Date",
        "}",
        "",
        f"struct {k}Entry: TimelineEntry {{",
        "    let date: Date",
        f"    let items: [{k}Item]",
        "    var isPlaceholder = false",
        "}",
        "",
        f"enum {k}Store {{",
        f'    static let key = "{w.kind}.items"',
        "",
        f"    static func load() -> [{k}Item] {{",
        f'        guard let data = UserDefaults(suiteName: "{GROUP}")?.data(forKey: key) else {{',
        "            return []",
        "        }",
        f"        return (try? JSONDecoder().decode([{k}Item].self, from: data)) ?? []",
        "    }",
        "",
        f"    static let sample: [{k}Item] = (0..<{item_count}).map {{ index in",
        f'        {k}Item(id: "sample-\\(index)", title: "{w.display} \\(index + 1)",',
        f'                detail: "Updated a moment ago", value: Double(index) * {rng.randrange(2, 40)}.5,',
        "                updatedAt: Date())",
        "    }",
        "}",
        "",
    ]
    if w.configuration == "appIntent":
        lines += [
            f"struct {k}Intent: WidgetConfigurationIntent {{",
            f'    static var title: LocalizedStringResource = "{w.display}"',
            f'    static var description = IntentDescription("{w.description}")',
            "",
            f'    @Parameter(title: "Show details", default: {"true" if rng.random() < 0.5 else "false"})',
            "    var showDetails: Bool",
            "}",
            "",
            f"struct {k}Provider: AppIntentTimelineProvider {{",
            f"    func placeholder(in context: Context) -> {k}Entry {{",
            f"        {k}Entry(date: Date(), items: {k}Store.sample, isPlaceholder: true)",
            "    }",
            "",
            f"    func snapshot(for configuration: {k}Intent, in context: Context) async -> {k}Entry {{",
            f"        {k}Entry(date: Date(), items: context.isPreview ? {k}Store.sample : {k}Store.load())",
            "    }",
            "",
            f"    func timeline(for configuration: {k}Intent, in context: Context) async -> Timeline<{k}Entry> {{",
            "        let now = Date()",
            *timeline_entries(k),
            f"        return Timeline(entries: entries, policy: {swift_policy(w)})",
            "    }",
            "}",
            "",
        ]
    else:
        lines += [
            f"struct {k}Provider: TimelineProvider {{",
            f"    func placeholder(in context: Context) -> {k}Entry {{",
            f"        {k}Entry(date: Date(), items: {k}Store.sample, isPlaceholder: true)",
            "    }",
            "",
            f"    func getSnapshot(in context: Context, completion: @escaping ({k}Entry) -> Void) {{",
            f"        completion({k}Entry(date: Date(), items: context.isPreview ? {k}Store.sample : {k}Store.load()))",
            "    }",
            "",
            f"    func getTimeline(in context: Context, completion: @escaping (Timeline<{k}Entry>) -> Void) {{",
            "        let now = Date()",
            *timeline_entries(k),
            f"        completion(Timeline(entries: entries, policy: {swift_policy(w)}))",
            "    }",
            "}",
            "",
        ]
    # Views: a row view, and the widget's view switching on the family.
    accent = ["blue", "teal", "orange", "pink", "indigo", "green", "purple", "red"][rng.randrange(8)]
    symbol = ["cloud.sun", "figure.walk", "calendar", "chart.line.uptrend.xyaxis", "checklist",
              "music.note", "newspaper", "flame", "water.waves", "tram"][rng.randrange(10)]
    lines += [
        f"struct {k}View: View {{",
        "    @Environment(\\.widgetFamily) private var family",
        f"    let entry: {k}Entry",
        "",
        "    var body: some View {",
        "        content",
        f'            .widgetURL(URL(string: "{w.url}"))',
        "            .redacted(reason: entry.isPlaceholder ? .placeholder : [])",
        "    }",
        "",
        "    @ViewBuilder",
        "    private var content: some View {",
    ]
    if inline_only:
        lines += [
            "        if let first = entry.items.first {",
            f'            Label("\\(first.title) \\(Int(first.value))", systemImage: "{symbol}")',
            "        } else {",
            f'            Text("{w.display}")',
            "        }",
        ]
    else:
        # One case per family the widget supports (the last one as `default`), as real code does.
        lines.append("        switch family {")
        for n, family in enumerate(w.families):
            last = n == len(w.families) - 1
            lines.append("        default:" if last else f"        case .{family}:")
            lines += [" " * 12 + line for line in FAMILY_VIEWS[family]]
        lines.append("        }")
    lines += [
        "    }",
        "",
        "    private var header: some View {",
        f'        Label("{w.display}", systemImage: "{symbol}")',
        "            .font(.caption.bold())",
        f"            .foregroundStyle(.{accent})",
        "    }",
        "}",
        "",
        f"struct {k}Widget: Widget {{",
        f'    let kind = "{w.kind}"',
        "",
        "    var body: some WidgetConfiguration {",
    ]
    if w.configuration == "appIntent":
        lines.append(f"        AppIntentConfiguration(kind: kind, intent: {k}Intent.self, provider: {k}Provider()) {{ entry in")
    else:
        lines.append(f"        StaticConfiguration(kind: kind, provider: {k}Provider()) {{ entry in")
    lines += [
        f"            {k}View(entry: entry)",
        "                .containerBackground(.fill.tertiary, for: .widget)",
        "        }",
        f'        .configurationDisplayName("{w.display}")',
        f'        .description("{w.description}")',
        f"        .supportedFamilies([{families}])",
        "    }",
        "}",
        "",
    ]
    return "\n".join(lines)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


# --- Big apps: an app's thousands of files, and the same app without them ---------------------------
#
# A native Xcode app and an Expo app, each with 3 000 files of its own code that a widget lint must look
# through for the few calls that reach the widgets, and each with a widget-only twin: the same project
# without those 3 000 files. scripts/bench times each app against its twin.

APP_FILES = 3000
BIG_SEED = 20261128

# The app's features: one noun and one qualifier each, so that every feature's types have names of their
# own in the app's one module.
NOUNS = [
    "Order", "Invoice", "Payment", "Customer", "Product", "Review", "Message", "Thread", "Contact",
    "Booking", "Ticket", "Event", "Venue", "Playlist", "Episode", "Album", "Workout", "Meal", "Recipe",
    "Trip", "Receipt", "Account", "Transfer", "Coupon", "Shipment", "Return", "Device", "Note", "Photo",
    "Survey",
]
QUALIFIERS = ["", "Draft", "Archived", "Shared", "Pending", "Featured", "Recent", "Saved", "Team", "Local"]
# (property, Swift type, JSON key, a sample expression using `index`)
FIELDS = [
    ("title", "String", "title", '"Item \\(index)"'),
    ("subtitle", "String?", "subtitle", 'index.isMultiple(of: 3) ? nil : "Subtitle \\(index)"'),
    ("summary", "String", "summary", '"A short summary of item \\(index)."'),
    ("createdAt", "Date", "created_at", "Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3_600)"),
    ("updatedAt", "Date", "updated_at", "Date(timeIntervalSince1970: 1_700_100_000 + Double(index) * 1_800)"),
    ("amount", "Decimal", "amount", "Decimal(index * 125) / 10"),
    ("currencyCode", "String", "currency_code", '"EUR"'),
    ("quantity", "Int", "quantity", "index % 7 + 1"),
    ("rating", "Double", "rating", "Double(index % 5) + 0.5"),
    ("isFavorite", "Bool", "is_favorite", "index.isMultiple(of: 4)"),
    ("tags", "[String]", "tags", '["tag\\(index % 3)", "tag\\(index % 5)"]'),
    ("imageURL", "URL?", "image_url", 'URL(string: "https://cdn.example.com/images/\\(index).jpg")'),
    ("ownerID", "UUID", "owner_id", "UUID()"),
    ("notes", "String", "notes", '""'),
    ("latitude", "Double", "latitude", "48.85 + Double(index) / 1_000"),
    ("longitude", "Double", "longitude", "2.35 + Double(index) / 1_000"),
    ("position", "Int", "position", "index"),
    ("isArchived", "Bool", "is_archived", "false"),
]
STATUSES = ["draft", "active", "pending", "completed", "cancelled", "failed", "scheduled", "expired"]
SYMBOLS = ["doc.text", "creditcard", "person.crop.circle", "cart", "star", "bubble.left", "calendar",
           "ticket", "music.note", "figure.run", "fork.knife", "airplane", "shippingbox", "photo", "tag"]
FEATURE_FILE_KINDS = ["Model", "API", "Cache", "ViewModel", "ListView", "RowView", "DetailView", "EditView",
                      "Formatter", "Filter"]


def lower_first(name):
    return name[0].lower() + name[1:]


def field_label(name):
    return " ".join(w.lower() for w in re.findall("[a-z]+|[A-Z][a-z]*", name))


def swift_helpers(rng, f, type_name, verb):
    """An extension of a feature file's type with one helper per field of the feature's model, as such
    types grow in real apps; `verb` varies the helpers' names from one kind of file to the next."""
    e = f.entity
    lines = ["", "// MARK: - Helpers", "", f"extension {type_name} {{"]
    for name, type_, _, _ in f.fields:
        cap, label = name[0].upper() + name[1:], field_label(name)
        if type_ == "String":
            lines += [f"    /// The {e.lower()}s whose {label} contains `text`, ignoring case and diacritics.",
                      f"    static func {verb}{cap}(containing text: String, in items: [{e}]) -> [{e}] {{",
                      "        guard !text.isEmpty else { return items }",
                      f"        return items.filter {{ $0.{name}.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }}",
                      "    }"]
        elif type_ == "Date":
            lines += [f"    /// The {e.lower()}s by the day of their {label}, in the calendar given.",
                      f"    static func {verb}ByDayOf{cap}(_ items: [{e}], calendar: Calendar = .current) -> [(day: Date, items: [{e}])] {{",
                      f"        Dictionary(grouping: items) {{ calendar.startOfDay(for: $0.{name}) }}",
                      "            .map { (day: $0.key, items: $0.value) }", "            .sorted { $0.day > $1.day }", "    }"]
        elif type_ in ("Int", "Double", "Decimal"):
            lines += [f"    /// The total and the mean {label} of the {e.lower()}s given (the mean is nil for none).",
                      f"    static func {verb}{cap}Statistics(_ items: [{e}]) -> (total: {type_}, mean: Double?) {{",
                      f"        let total = items.reduce({type_}(0)) {{ $0 + $1.{name} }}",
                      "        guard !items.isEmpty else { return (total, nil) }",
                      f"        return (total, {'NSDecimalNumber(decimal: total).doubleValue' if type_ == 'Decimal' else 'Double(total)'} / Double(items.count))",
                      "    }"]
        elif type_ == "Bool":
            lines += [f"    /// How many of the {e.lower()}s given have {label} set.",
                      f"    static func {verb}Count{cap}(_ items: [{e}]) -> Int {{",
                      f"        items.lazy.filter(\\.{name}).count", "    }"]
        elif type_ == "[String]":
            lines += [f"    /// Every distinct value of {label}, with how many {e.lower()}s use it, most used first.",
                      f"    static func {verb}{cap}Frequencies(_ items: [{e}]) -> [(value: String, count: Int)] {{",
                      "        var counts: [String: Int] = [:]",
                      f"        for item in items {{ for value in item.{name} {{ counts[value, default: 0] += 1 }} }}",
                      "        return counts.map { (value: $0.key, count: $0.value) }",
                      "            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }", "    }"]
        else:
            lines += [f"    /// The {e.lower()}s that have a {label}.",
                      f"    static func {verb}With{cap}(_ items: [{e}]) -> [{e}] {{",
                      f"        items.filter {{ Optional($0.{name}) != nil }}", "    }"]
        lines.append("")
    lines[-1:] = ["}", ""]
    return lines


def ts_helpers(rng, f, verb):
    """One exported helper per field of the feature's model, as such modules grow in real apps."""
    e = f.entity
    lines = ["", "// Helpers", ""]
    for name, type_, _ in f.fields:
        cap, label = name[0].upper() + name[1:], field_label(name)
        if type_ == "string" and name in ("createdAt", "updatedAt"):
            lines += [f"/** The {e.lower()}s by the day of their {label}, newest day first. */",
                      f"export function {verb}ByDayOf{cap}(items: {e}[]): [string, {e}[]][] {{",
                      f"  const groups = new Map<string, {e}[]>();", "  for (const item of items) {",
                      f"    const day = item.{name}.slice(0, 10);", "    groups.set(day, [...(groups.get(day) ?? []), item]);",
                      "  }", "  return [...groups.entries()].sort(([a], [b]) => b.localeCompare(a));", "}"]
        elif type_.startswith("string"):
            lines += [f"/** The {e.lower()}s whose {label} contains `text`, ignoring case. */",
                      f"export function {verb}{cap}Matching(items: {e}[], text: string): {e}[] {{",
                      "  const needle = text.trim().toLowerCase();", '  if (needle === "") return items;',
                      f'  return items.filter((item) => (item.{name} ?? "").toLowerCase().includes(needle));', "}"]
        elif type_ == "number":
            lines += [f"/** The total and the mean {label} of the {e.lower()}s given (the mean is null for none). */",
                      f"export function {verb}{cap}Statistics(items: {e}[]): {{ total: number; mean: number | null }} {{",
                      f"  const total = items.reduce((sum, item) => sum + item.{name}, 0);",
                      "  return { total, mean: items.length === 0 ? null : total / items.length };", "}"]
        elif type_ == "boolean":
            lines += [f"/** How many of the {e.lower()}s given have {label} set. */",
                      f"export function {verb}Count{cap}(items: {e}[]): number {{",
                      f"  return items.filter((item) => item.{name}).length;", "}"]
        else:
            lines += [f"/** Every distinct {label} value with how many {e.lower()}s use it, most used first. */",
                      f"export function {verb}{cap}Frequencies(items: {e}[]): [string, number][] {{",
                      "  const counts = new Map<string, number>();",
                      f"  for (const item of items) for (const value of item.{name}) counts.set(value, (counts.get(value) ?? 0) + 1);",
                      "  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));", "}"]
        lines.append("")
    return lines


class Feature:
    def __init__(self, rng, index):
        noun = NOUNS[index % len(NOUNS)]
        qualifier = QUALIFIERS[index // len(NOUNS) % len(QUALIFIERS)]
        self.entity = qualifier + noun
        self.folder = self.entity + ("s" if not self.entity.endswith("s") else "es")
        self.var = lower_first(self.entity)
        self.path = self.folder.lower()
        count = rng.randrange(6, len(FIELDS) + 1)
        self.fields = [FIELDS[0]] + rng.sample(FIELDS[1:], count - 1)
        self.statuses = rng.sample(STATUSES, rng.randrange(3, len(STATUSES) + 1))
        self.symbol = SYMBOLS[rng.randrange(len(SYMBOLS))]
        self.page_size = rng.choice([20, 25, 30, 50])
        self.endpoints = rng.randrange(3, 7)
        self.sections = rng.randrange(2, 5)


def swift_model(rng, f):
    e = f.entity
    lines = ["import Foundation", "",
             f"/// A {e.lower()} as the server sends it and the app keeps it.",
             f"struct {e}: Codable, Identifiable, Hashable, Sendable {{",
             "    let id: UUID"]
    lines += [f"    var {name}: {type_}" for name, type_, _, _ in f.fields]
    lines += ["    var status: Status", "",
              "    enum Status: String, Codable, CaseIterable, Sendable {"]
    lines += [f"        case {s}" for s in f.statuses]
    lines += ["", "        var title: String {", "            switch self {"]
    lines += [f'            case .{s}: return "{s.capitalize()}"' for s in f.statuses]
    lines += ["            }", "        }", "", "        var isFinal: Bool {", "            switch self {"]
    finals = [s for s in f.statuses if s in ("completed", "cancelled", "failed", "expired")]
    if finals:
        lines.append(f"            case {', '.join('.' + s for s in finals)}: return true")
    if len(finals) < len(f.statuses):
        lines.append("            default: return false")
    lines += ["            }", "        }", "    }", "",
              "    enum CodingKeys: String, CodingKey {", "        case id", "        case status"]
    for name, _, key, _ in f.fields:
        lines.append(f"        case {name}" + (f' = "{key}"' if key != name else ""))
    lines += ["    }", "}", "", f"extension {e} {{"]
    names = [n for n, _, _, _ in f.fields]
    if "amount" in names:
        lines += ["    var formattedAmount: String {",
                  "        amount.formatted(.currency(code: " + ('currencyCode' if 'currencyCode' in names else '"EUR"') + "))",
                  "    }", ""]
    if "tags" in names:
        lines += ["    func hasTag(_ tag: String) -> Bool {",
                  "        tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }", "    }", ""]
    if "latitude" in names and "longitude" in names:
        lines += ["    /// The distance in metres to a point, on a sphere the size of the Earth.",
                  "    func distance(toLatitude lat: Double, longitude lon: Double) -> Double {",
                  "        let radius = 6_371_000.0",
                  "        let dLat = (lat - latitude) * .pi / 180",
                  "        let dLon = (lon - longitude) * .pi / 180",
                  "        let a = sin(dLat / 2) * sin(dLat / 2)",
                  "            + cos(latitude * .pi / 180) * cos(lat * .pi / 180) * sin(dLon / 2) * sin(dLon / 2)",
                  "        return radius * 2 * atan2(sqrt(a), sqrt(1 - a))", "    }", ""]
    lines += ["    func matches(_ query: String) -> Bool {",
              "        guard !query.isEmpty else { return true }",
              "        return title.localizedCaseInsensitiveContains(query)"]
    if "summary" in names:
        lines.append("            || summary.localizedCaseInsensitiveContains(query)")
    if "subtitle" in names:
        lines.append("            || (subtitle?.localizedCaseInsensitiveContains(query) ?? false)")
    lines += ["    }", "", f"    static func sample(_ index: Int) -> {e} {{", f"        {e}("]
    args = ["id: UUID()"] + [f"{n}: {sample}" for n, _, _, sample in f.fields] + [
        f"status: .{f.statuses[0]}"]
    lines += [f"            {a}," for a in args[:-1]] + [f"            {args[-1]}"]
    lines += ["        )", "    }", "", f"    static let samples: [{e}] = (0..<{rng.randrange(4, 13)}).map(sample)",
              "}", ""]
    sortable = [n for n, t, _, _ in f.fields if t in ("String", "Date", "Int", "Double", "Decimal")]
    lines += [f"enum {e}SortOrder: String, CaseIterable, Identifiable {{"]
    lines += [f"    case {n}" for n in sortable]
    lines += ["", "    var id: String { rawValue }", "}", "",
              f"extension Array where Element == {e} {{",
              f"    func sorted(by order: {e}SortOrder, ascending: Bool = true) -> [{e}] {{",
              "        sorted { lhs, rhs in", "            let ordered: Bool", "            switch order {"]
    for n in sortable:
        if n in ("title", "summary", "notes", "currencyCode"):
            lines.append(f"            case .{n}: ordered = lhs.{n}.localizedStandardCompare(rhs.{n}) == .orderedAscending")
        else:
            lines.append(f"            case .{n}: ordered = lhs.{n} < rhs.{n}")
    lines += ["            }", "            return ascending ? ordered : !ordered", "        }", "    }", "",
              f"    func grouped() -> [{e}.Status: [{e}]] {{",
              "        Dictionary(grouping: self, by: \\.status)", "    }", "}", ""]
    return lines


def swift_api(rng, f):
    e, v = f.entity, f.var
    lines = ["import Foundation", "",
             f"/// The {e.lower()} endpoints of the app's API.",
             f"struct {e}API {{",
             "    let client: APIClient", "",
             f"    init(client: APIClient = .shared) {{",
             "        self.client = client", "    }", "",
             "    enum Route {",
             "        case list(page: Int)",
             "        case detail(UUID)",
             f"        case create({e})",
             f"        case update({e})",
             "        case delete(UUID)"]
    extra = rng.sample(["search(String)", "archive(UUID)", "restore(UUID)", "export", "summary(from: Date, to: Date)"],
                       f.endpoints - 2)
    lines += [f"        case {x}" for x in extra]
    lines += ["", "        var path: String {", "            switch self {",
              f'            case .list(let page): return "/v2/{f.path}?page=\\(page)&per_page={f.page_size}"',
              f'            case .detail(let id), .delete(let id): return "/v2/{f.path}/\\(id.uuidString)"',
              f'            case .create: return "/v2/{f.path}"',
              f'            case .update(let item): return "/v2/{f.path}/\\(item.id.uuidString)"']
    for x in extra:
        case = x.split("(")[0]
        if case == "search":
            lines.append(f'            case .search(let query): return "/v2/{f.path}/search?q=\\(query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? "")"')
        elif case in ("archive", "restore"):
            lines.append(f'            case .{case}(let id): return "/v2/{f.path}/\\(id.uuidString)/{case}"')
        elif case == "export":
            lines.append(f'            case .export: return "/v2/{f.path}/export.csv"')
        else:
            lines.append(f'            case .summary(let from, let to): return "/v2/{f.path}/summary?from=\\(Int(from.timeIntervalSince1970))&to=\\(Int(to.timeIntervalSince1970))"')
    lines += ["            }", "        }", "", "        var method: HTTPMethod {", "            switch self {",
              "            case .create: return .post", "            case .update: return .put",
              "            case .delete: return .delete"]
    posts = [x.split("(")[0] for x in extra if x.split("(")[0] in ("archive", "restore")]
    if posts:
        lines.append(f"            case {', '.join('.' + p for p in posts)}: return .post")
    lines += ["            default: return .get", "            }", "        }", "", "        var body: Data? {",
              "            switch self {",
              "            case .create(let item), .update(let item): return try? APIClient.encoder.encode(item)",
              "            default: return nil", "            }", "        }", "    }", "",
              f"    struct Page: Decodable {{", f"        let items: [{e}]", "        let page: Int",
              "        let totalPages: Int", "", "        enum CodingKeys: String, CodingKey {",
              "            case items", "            case page", '            case totalPages = "total_pages"',
              "        }", "    }", "",
              f"    func list(page: Int = 1) async throws -> Page {{",
              "        try await client.send(Route.list(page: page).request, as: Page.self)", "    }", "",
              f"    func all() async throws -> [{e}] {{",
              f"        var items: [{e}] = []", "        var page = 1", "        while true {",
              "            let result = try await list(page: page)", "            items += result.items",
              "            guard result.page < result.totalPages else { return items }",
              "            page += 1", "        }", "    }", "",
              f"    func detail(_ id: UUID) async throws -> {e} {{",
              f"        try await client.send(Route.detail(id).request, as: {e}.self)", "    }", "",
              f"    func save(_ {v}: {e}, isNew: Bool) async throws -> {e} {{",
              f"        let route: Route = isNew ? .create({v}) : .update({v})",
              f"        return try await client.send(route.request, as: {e}.self)", "    }", "",
              "    func delete(_ id: UUID) async throws {",
              "        _ = try await client.send(Route.delete(id).request)", "    }"]
    if any(x.startswith("search") for x in extra):
        lines += ["", f"    func search(_ query: String) async throws -> [{e}] {{",
                  "        try await client.send(Route.search(query).request, as: Page.self).items", "    }"]
    lines += ["}", "", f"extension {e}API.Route {{", "    var request: URLRequest {",
              "        var request = URLRequest(url: APIClient.baseURL.appendingPathComponent(path))",
              "        request.httpMethod = method.rawValue", "        request.httpBody = body",
              '        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }',
              f"        request.timeoutInterval = {rng.choice([15, 20, 30, 60])}", "        return request", "    }", "}", ""]
    return lines


def swift_cache(rng, f):
    e = f.entity
    ttl = rng.choice([300, 900, 3600, 86_400])
    return ["import Foundation", "",
            f"/// Keeps the last {e.lower()}s the app fetched on disk, so that the list opens at once.",
            f"actor {e}Cache {{",
            f"    static let shared = {e}Cache()", "",
            "    private let directory: URL",
            f"    private var memory: [UUID: {e}] = [:]",
            "    private var loadedAt: Date?",
            f"    private let lifetime: TimeInterval = {ttl}", "",
            "    init(fileManager: FileManager = .default) {",
            "        let caches = fileManager.urls(for: .cachesDirectory, in: .userDomainMask)[0]",
            f'        directory = caches.appendingPathComponent("{f.path}", isDirectory: true)',
            "        try? fileManager.createDirectory(at: directory, withIntermediateDirectories: true)",
            "    }", "",
            "    private var fileURL: URL {",
            f'        directory.appendingPathComponent("{f.path}.json")', "    }", "",
            "    var isFresh: Bool {",
            "        guard let loadedAt else { return false }",
            "        return Date().timeIntervalSince(loadedAt) < lifetime", "    }", "",
            f"    func all() -> [{e}] {{",
            "        if memory.isEmpty { loadFromDisk() }",
            "        return memory.values.sorted { $0.title < $1.title }", "    }", "",
            f"    func item(_ id: UUID) -> {e}? {{",
            "        if memory.isEmpty { loadFromDisk() }", "        return memory[id]", "    }", "",
            f"    func replaceAll(with items: [{e}]) {{",
            "        memory = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })",
            "        loadedAt = Date()", "        saveToDisk()", "    }", "",
            f"    func upsert(_ item: {e}) {{", "        memory[item.id] = item", "        saveToDisk()", "    }", "",
            "    func remove(_ id: UUID) {", "        memory[id] = nil", "        saveToDisk()", "    }", "",
            "    func clear() {", "        memory.removeAll()", "        loadedAt = nil",
            "        try? FileManager.default.removeItem(at: fileURL)", "    }", "",
            "    private func loadFromDisk() {",
            "        guard let data = try? Data(contentsOf: fileURL),",
            f"              let items = try? APIClient.decoder.decode([{e}].self, from: data)",
            "        else { return }",
            "        memory = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })",
            "        let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)",
            "        loadedAt = attributes?[.modificationDate] as? Date", "    }", "",
            "    private func saveToDisk() {",
            "        guard let data = try? APIClient.encoder.encode(Array(memory.values)) else { return }",
            "        try? data.write(to: fileURL, options: [.atomic, .completeFileProtection])", "    }", "}", ""]


def swift_view_model(rng, f, widget_call=None):
    e, v = f.entity, f.var
    lines = ["import Foundation", "import Combine"]
    if widget_call:
        lines.append("import WidgetKit")
    lines += ["", "@MainActor",
              f"final class {e}ViewModel: ObservableObject {{",
              f"    @Published private(set) var items: [{e}] = []",
              "    @Published private(set) var isLoading = false",
              "    @Published var errorMessage: String?",
              '    @Published var query = ""',
              f"    @Published var sortOrder: {e}SortOrder = .title",
              "    @Published var ascending = true",
              f"    @Published var statusFilter: {e}.Status?", "",
              f"    private let api: {e}API", f"    private let cache: {e}Cache",
              "    private var cancellables: Set<AnyCancellable> = []", "",
              f"    init(api: {e}API = {e}API(), cache: {e}Cache = .shared) {{",
              "        self.api = api", "        self.cache = cache",
              "        $query", f"            .debounce(for: .milliseconds({rng.choice([200, 250, 300, 400])}), scheduler: RunLoop.main)",
              "            .removeDuplicates()", "            .sink { [weak self] _ in self?.objectWillChange.send() }",
              "            .store(in: &cancellables)", "    }", "",
              f"    var visibleItems: [{e}] {{",
              "        items", "            .filter { statusFilter == nil || $0.status == statusFilter }",
              "            .filter { $0.matches(query) }", "            .sorted(by: sortOrder, ascending: ascending)", "    }", "",
              "    var isEmpty: Bool { !isLoading && items.isEmpty }", "",
              "    func load(force: Bool = false) async {",
              "        if !force, await cache.isFresh {", "            items = await cache.all()", "            return", "        }",
              "        if items.isEmpty { items = await cache.all() }",
              "        isLoading = true", "        defer { isLoading = false }", "        do {",
              "            let fresh = try await api.all()", "            items = fresh",
              "            await cache.replaceAll(with: fresh)", "            errorMessage = nil",
              "        } catch is CancellationError {", "            return", "        } catch {",
              "            errorMessage = (error as? APIError)?.message ?? error.localizedDescription", "        }", "    }", "",
              f"    func save(_ {v}: {e}) async -> Bool {{",
              f"        let isNew = !items.contains {{ $0.id == {v}.id }}", "        do {",
              f"            let saved = try await api.save({v}, isNew: isNew)",
              "            if let index = items.firstIndex(where: { $0.id == saved.id }) {",
              "                items[index] = saved", "            } else {", "                items.append(saved)", "            }",
              "            await cache.upsert(saved)"]
    if widget_call:
        lines.append(f"            {widget_call}")
    lines += ["            return true", "        } catch {",
              "            errorMessage = (error as? APIError)?.message ?? error.localizedDescription",
              "            return false", "        }", "    }", "",
              "    func delete(at offsets: IndexSet) async {",
              "        let removed = offsets.map { visibleItems[$0] }",
              "        items.removeAll { item in removed.contains { $0.id == item.id } }",
              "        for item in removed {", "            do {", "                try await api.delete(item.id)",
              "                await cache.remove(item.id)", "            } catch {",
              "                items.append(item)",
              "                errorMessage = (error as? APIError)?.message ?? error.localizedDescription",
              "            }", "        }"]
    if widget_call:
        lines.append(f"        {widget_call}")
    lines += ["    }", "",
              f"    var countsByStatus: [({e}.Status, Int)] {{",
              f"        let groups = items.grouped()",
              f"        return {e}.Status.allCases.map {{ ($0, groups[$0]?.count ?? 0) }}.filter {{ $0.1 > 0 }}",
              "    }", "}", ""]
    return lines


def swift_list_view(rng, f):
    e, v = f.entity, f.var
    title = " ".join(re.findall("[A-Z][a-z]*", f.folder))
    return ["import SwiftUI", "",
            f"struct {e}ListView: View {{",
            f"    @StateObject private var model = {e}ViewModel()",
            "    @State private var isAdding = false",
            f"    @State private var selection: {e}.ID?", "",
            "    var body: some View {",
            "        NavigationStack {",
            "            content",
            f'                .navigationTitle("{title}")',
            "                .searchable(text: $model.query)",
            "                .toolbar { toolbar }",
            "                .refreshable { await model.load(force: true) }",
            "                .task { await model.load() }",
            "                .sheet(isPresented: $isAdding) {",
            f"                    {e}EditView(item: .sample(0), isNew: true) {{ item in",
            "                        Task { _ = await model.save(item) }", "                    }", "                }",
            f"                .navigationDestination(for: {e}.ID.self) {{ id in",
            "                    if let item = model.items.first(where: { $0.id == id }) {",
            f"                        {e}DetailView(item: item) {{ Task {{ _ = await model.save($0) }} }}",
            "                    }", "                }",
            '                .alert("Something went wrong", isPresented: .constant(model.errorMessage != nil)) {',
            '                    Button("OK") { model.errorMessage = nil }',
            "                } message: {", '                    Text(model.errorMessage ?? "")', "                }",
            "        }", "    }", "",
            "    @ViewBuilder", "    private var content: some View {",
            "        if model.isEmpty {",
            f'            ContentUnavailableView("No {title.lower()} yet", systemImage: "{f.symbol}",',
            f'                                   description: Text("{title} you add appear here."))',
            "        } else {", "            List(selection: $selection) {",
            "                if model.query.isEmpty {", "                    Section {",
            "                        ForEach(model.countsByStatus, id: \\.0) { status, count in",
            "                            LabeledContent(status.title, value: count, format: .number)", "                        }",
            '                    } header: { Text("Overview") }', "                }",
            "                Section {",
            "                    ForEach(model.visibleItems) { item in",
            f"                        NavigationLink(value: item.id) {{ {e}RowView(item: item) }}",
            "                    }",
            "                    .onDelete { offsets in Task { await model.delete(at: offsets) } }", "                }",
            "            }", "            .listStyle(.insetGrouped)",
            "            .overlay { if model.isLoading && model.items.isEmpty { ProgressView() } }", "        }", "    }", "",
            "    @ToolbarContentBuilder", "    private var toolbar: some ToolbarContent {",
            "        ToolbarItem(placement: .primaryAction) {",
            f'            Button {{ isAdding = true }} label: {{ Label("Add", systemImage: "plus") }}', "        }",
            "        ToolbarItem(placement: .secondaryAction) {", "            Menu {",
            '                Picker("Sort by", selection: $model.sortOrder) {',
            f"                    ForEach({e}SortOrder.allCases) {{ order in",
            "                        Text(order.rawValue.capitalized).tag(order)", "                    }", "                }",
            '                Toggle("Ascending", isOn: $model.ascending)',
            '                Picker("Status", selection: $model.statusFilter) {',
            f'                    Text("All").tag({e}.Status?.none)',
            f"                    ForEach({e}.Status.allCases, id: \\.self) {{ status in",
            f"                        Text(status.title).tag({e}.Status?.some(status))", "                    }",
            "                }",
            '            } label: {', '                Label("Sort", systemImage: "arrow.up.arrow.down")', "            }",
            "        }", "    }", "}", "",
            "#Preview {", f"    {e}ListView()", "}", ""]


def swift_row_view(rng, f):
    e = f.entity
    names = [n for n, _, _, _ in f.fields]
    lines = ["import SwiftUI", "", f"struct {e}RowView: View {{", f"    let item: {e}", "",
             "    var body: some View {", "        HStack(alignment: .top, spacing: 12) {"]
    if "imageURL" in names:
        lines += ["            AsyncImage(url: item.imageURL) { image in",
                  "                image.resizable().scaledToFill()", "            } placeholder: {",
                  f'                Image(systemName: "{f.symbol}").foregroundStyle(.secondary)', "            }",
                  "            .frame(width: 44, height: 44)", "            .clipShape(RoundedRectangle(cornerRadius: 8))"]
    else:
        lines += [f'            Image(systemName: "{f.symbol}")', "                .font(.title2)",
                  f"                .foregroundStyle(.{rng.choice(['blue', 'teal', 'orange', 'indigo', 'green'])})",
                  "                .frame(width: 44, height: 44)"]
    lines += ["            VStack(alignment: .leading, spacing: 2) {",
              "                Text(item.title).font(.headline).lineLimit(1)"]
    if "subtitle" in names:
        lines += ["                if let subtitle = item.subtitle {",
                  "                    Text(subtitle).font(.subheadline).foregroundStyle(.secondary).lineLimit(1)",
                  "                }"]
    if "summary" in names:
        lines.append("                Text(item.summary).font(.footnote).foregroundStyle(.secondary).lineLimit(2)")
    if "tags" in names:
        lines += ["                if !item.tags.isEmpty {", "                    HStack(spacing: 4) {",
                  "                        ForEach(item.tags, id: \\.self) { tag in",
                  "                            Text(tag).font(.caption2).padding(.horizontal, 6).padding(.vertical, 2)",
                  "                                .background(.quaternary, in: Capsule())", "                        }",
                  "                    }", "                }"]
    lines += ["            }", "            Spacer(minLength: 8)", "            VStack(alignment: .trailing, spacing: 4) {"]
    if "amount" in names:
        lines.append("                Text(item.formattedAmount).font(.subheadline.monospacedDigit())")
    if "updatedAt" in names:
        lines.append("                Text(item.updatedAt, format: .relative(presentation: .named)).font(.caption)")
    if "isFavorite" in names:
        lines += ["                if item.isFavorite {",
                  '                    Image(systemName: "star.fill").foregroundStyle(.yellow).font(.caption)', "                }"]
    lines += [f"                {e}StatusBadge(status: item.status)", "            }", "        }",
              "        .padding(.vertical, 4)", "        .accessibilityElement(children: .combine)", "    }", "}", "",
              f"struct {e}StatusBadge: View {{", f"    let status: {e}.Status", "",
              "    var body: some View {", "        Text(status.title)", "            .font(.caption2.bold())",
              "            .padding(.horizontal, 8)", "            .padding(.vertical, 3)",
              "            .foregroundStyle(.white)", "            .background(color, in: Capsule())", "    }", "",
              "    private var color: Color {", "        switch status {"]
    palette = ["gray", "blue", "orange", "green", "red", "pink", "purple", "brown"]
    for s in f.statuses:
        lines.append(f"        case .{s}: return .{palette[STATUSES.index(s)]}")
    lines += ["        }", "    }", "}", "", "#Preview {", "    List {",
              f"        ForEach({e}.samples) {{ {e}RowView(item: $0) }}", "    }", "}", ""]
    return lines


def field_row(name, type_):
    label = " ".join(w.capitalize() for w in re.findall("[a-z]+|[A-Z][a-z]*", name))
    if type_ == "String":
        return [f'                LabeledContent("{label}", value: item.{name})']
    if type_ == "String?":
        return [f"                if let {name} = item.{name} {{", f'                    LabeledContent("{label}", value: {name})',
                "                }"]
    if type_ == "Date":
        return [f'                LabeledContent("{label}") {{ Text(item.{name}, style: .date) }}']
    if type_ in ("Int", "Double"):
        return [f'                LabeledContent("{label}", value: item.{name}, format: .number)']
    if type_ == "Decimal":
        return ['                LabeledContent("Amount", value: item.formattedAmount)']
    if type_ == "Bool":
        return [f'                LabeledContent("{label}", value: item.{name} ? "Yes" : "No")']
    if type_ == "[String]":
        return [f'                LabeledContent("{label}", value: item.{name}.joined(separator: ", "))']
    if type_ == "URL?":
        return [f"                if let {name} = item.{name} {{", f'                    Link("Open image", destination: {name})',
                "                }"]
    return [f'                LabeledContent("{label}", value: item.{name}.uuidString)']


def swift_detail_view(rng, f):
    e = f.entity
    lines = ["import SwiftUI", "", f"struct {e}DetailView: View {{", f"    let item: {e}",
             f"    var onSave: ({e}) -> Void", "    @State private var isEditing = false",
             "    @Environment(\\.dismiss) private var dismiss", "", "    var body: some View {", "        Form {",
             "            Section {", "                HStack {", "                    Text(item.title).font(.title2.bold())",
             "                    Spacer()", f"                    {e}StatusBadge(status: item.status)", "                }",
             "            }"]
    chunk = max(1, len(f.fields) // f.sections)
    for s in range(f.sections):
        fields = f.fields[1 + s * chunk: 1 + (s + 1) * chunk] if s < f.sections - 1 else f.fields[1 + s * chunk:]
        if not fields:
            continue
        lines.append(f'            Section("{["Details", "Dates", "More", "Other"][s]}") {{')
        for name, type_, _, _ in fields:
            lines += field_row(name, type_)
        lines.append("            }")
    lines += ["            Section {",
              f'                ShareLink(item: "{SCHEME}://{f.path}/\\(item.id.uuidString)") {{',
              '                    Label("Share", systemImage: "square.and.arrow.up")', "                }", "            }",
              "        }", "        .navigationTitle(item.title)", "        .navigationBarTitleDisplayMode(.inline)",
              "        .toolbar {", '            Button("Edit") { isEditing = true }', "        }",
              "        .sheet(isPresented: $isEditing) {",
              f"            {e}EditView(item: item, isNew: false, onSave: onSave)", "        }", "    }", "}", "",
              "#Preview {", "    NavigationStack {", f"        {e}DetailView(item: .sample(1)) {{ _ in }}", "    }", "}", ""]
    return lines


def swift_edit_view(rng, f):
    e = f.entity
    lines = ["import SwiftUI", "", f"struct {e}EditView: View {{", f"    @State var item: {e}", "    let isNew: Bool",
             f"    var onSave: ({e}) -> Void", "    @Environment(\\.dismiss) private var dismiss",
             "    @FocusState private var focusedField: Field?", "", "    enum Field: Hashable {"]
    text_fields = [n for n, t, _, _ in f.fields if t == "String"]
    lines += [f"        case {n}" for n in text_fields]
    lines += ["    }", "", "    var body: some View {", "        NavigationStack {", "            Form {", "                Section {"]
    for n, t, _, _ in f.fields:
        label = " ".join(w.capitalize() for w in re.findall("[a-z]+|[A-Z][a-z]*", n))
        if t == "String":
            lines.append(f'                    TextField("{label}", text: $item.{n}).focused($focusedField, equals: .{n})')
        elif t == "Date":
            lines.append(f'                    DatePicker("{label}", selection: $item.{n})')
        elif t == "Int":
            lines.append(f'                    Stepper("{label}: \\(item.{n})", value: $item.{n}, in: 0...999)')
        elif t == "Double":
            lines.append(f'                    TextField("{label}", value: $item.{n}, format: .number).keyboardType(.decimalPad)')
        elif t == "Bool":
            lines.append(f'                    Toggle("{label}", isOn: $item.{n})')
        elif t == "Decimal":
            lines.append(f'                    TextField("Amount", value: $item.{n}, format: .number).keyboardType(.decimalPad)')
    lines += ["                }", "                Section {",
              f'                    Picker("Status", selection: $item.status) {{',
              f"                        ForEach({e}.Status.allCases, id: \\.self) {{ Text($0.title).tag($0) }}",
              "                    }", "                }", "            }",
              f'            .navigationTitle(isNew ? "New {e.lower()}" : "Edit {e.lower()}")',
              "            .toolbar {", "                ToolbarItem(placement: .cancellationAction) {",
              '                    Button("Cancel") { dismiss() }', "                }",
              "                ToolbarItem(placement: .confirmationAction) {",
              '                    Button("Save") {', "                        onSave(item)", "                        dismiss()",
              "                    }", "                    .disabled(!isValid)", "                }", "            }"]
    if text_fields:
        lines.append(f"            .onAppear {{ focusedField = .{text_fields[0]} }}")
    lines += ["        }", "    }", "", "    private var isValid: Bool {",
              "        !item.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty"]
    if "quantity" in [n for n, _, _, _ in f.fields]:
        lines.append("            && item.quantity > 0")
    lines += ["    }", "}", "", "#Preview {", f"    {e}EditView(item: .sample(2), isNew: true) {{ _ in }}", "}", ""]
    return lines


def swift_formatter(rng, f, index):
    e = f.entity
    names = [n for n, _, _, _ in f.fields]
    # Every third formatter names the user's time zone by its identifier; the rest use UTC.
    zone = "TimeZone(identifier: TimeZone.current.identifier)" if index % 3 == 0 else "TimeZone(secondsFromGMT: 0)"
    lines = ["import Foundation", "", f"/// Text for {e.lower()}s in lists, notifications and exports.",
             f"enum {e}Formatter {{",
             "    static let dateFormatter: DateFormatter = {", "        let formatter = DateFormatter()",
             "        formatter.dateStyle = .medium", "        formatter.timeStyle = .short",
             "        return formatter", "    }()", "",
             "    static let relativeFormatter: RelativeDateTimeFormatter = {",
             "        let formatter = RelativeDateTimeFormatter()", "        formatter.unitsStyle = .short",
             "        return formatter", "    }()", "",
             "    static let isoFormatter: ISO8601DateFormatter = {", "        let formatter = ISO8601DateFormatter()",
             f"        formatter.timeZone = {zone}",
             "        return formatter", "    }()", "",
             f"    static func notificationBody(for item: {e}) -> String {{",
             "        var parts = [item.title, item.status.title]"]
    if "amount" in names:
        lines.append("        parts.append(item.formattedAmount)")
    if "quantity" in names:
        lines.append('        parts.append("×\\(item.quantity)")')
    if "updatedAt" in names:
        lines.append('        parts.append("updated " + relativeFormatter.localizedString(for: item.updatedAt, relativeTo: Date()))')
    lines += ['        return parts.joined(separator: " · ")', "    }", "",
              "    /// One CSV line per item, with a header line first.",
              f"    static func csv(_ items: [{e}]) -> String {{"]
    cols = ["id"] + [n for n, t, _, _ in f.fields if t in ("String", "Int", "Double", "Bool", "Date", "Decimal")] + ["status"]
    lines.append(f'        var lines = ["{",".join(cols)}"]')
    lines.append("        for item in items {")
    lines.append("            let fields: [String] = [")
    for c in cols:
        t = dict((n, t) for n, t, _, _ in f.fields).get(c)
        if c == "id":
            lines.append("                item.id.uuidString,")
        elif c == "status":
            lines.append("                item.status.rawValue,")
        elif t == "String":
            lines.append(f"                escape(item.{c}),")
        elif t == "Date":
            lines.append(f"                isoFormatter.string(from: item.{c}),")
        else:
            lines.append(f'                "\\(item.{c})",')
    lines += ["            ]", '            lines.append(fields.joined(separator: ","))', "        }",
              '        return lines.joined(separator: "\\n")', "    }", "",
              "    static func escape(_ field: String) -> String {",
              '        guard field.contains(where: { $0 == "," || $0 == "\\"" || $0.isNewline }) else { return field }',
              '        return "\\"" + field.replacingOccurrences(of: "\\"", with: "\\"\\"") + "\\""', "    }", "",
              f"    static func accessibilityLabel(for item: {e}) -> String {{",
              f'        "\\(item.title), \\(item.status.title)"', "    }", "}", ""]
    return lines


def swift_filter(rng, f):
    e = f.entity
    names = [n for n, _, _, _ in f.fields]
    lines = ["import Foundation", "", f"/// A saved filter over {e.lower()}s, as the filter sheet edits it.",
             f"struct {e}Filter: Codable, Equatable {{",
             f"    var statuses: Set<{e}.Status> = []", '    var text = ""']
    if "createdAt" in names:
        lines += ["    var createdAfter: Date?", "    var createdBefore: Date?"]
    if "amount" in names:
        lines += ["    var minimumAmount: Decimal?", "    var maximumAmount: Decimal?"]
    if "isFavorite" in names:
        lines.append("    var favoritesOnly = false")
    if "tags" in names:
        lines.append("    var tags: Set<String> = []")
    lines += ["", "    var isEmpty: Bool { self == Self() }", "",
              f"    func includes(_ item: {e}) -> Bool {{",
              "        if !statuses.isEmpty && !statuses.contains(item.status) { return false }",
              "        if !item.matches(text) { return false }"]
    if "createdAt" in names:
        lines += ["        if let createdAfter, item.createdAt < createdAfter { return false }",
                  "        if let createdBefore, item.createdAt > createdBefore { return false }"]
    if "amount" in names:
        lines += ["        if let minimumAmount, item.amount < minimumAmount { return false }",
                  "        if let maximumAmount, item.amount > maximumAmount { return false }"]
    if "isFavorite" in names:
        lines.append("        if favoritesOnly && !item.isFavorite { return false }")
    if "tags" in names:
        lines.append("        if !tags.isEmpty && tags.isDisjoint(with: item.tags) { return false }")
    lines += ["        return true", "    }", "",
              "    /// The filter as query items, for the API and for links that open the list filtered.",
              "    var queryItems: [URLQueryItem] {", "        var items: [URLQueryItem] = []",
              '        if !statuses.isEmpty { items.append(URLQueryItem(name: "status", value: statuses.map(\\.rawValue).sorted().joined(separator: ","))) }',
              '        if !text.isEmpty { items.append(URLQueryItem(name: "q", value: text)) }']
    if "createdAt" in names:
        lines.append('        if let createdAfter { items.append(URLQueryItem(name: "after", value: String(Int(createdAfter.timeIntervalSince1970)))) }')
    if "isFavorite" in names:
        lines.append('        if favoritesOnly { items.append(URLQueryItem(name: "favorites", value: "1")) }')
    lines += ["        return items", "    }", "", "    init() {}", "",
              "    init(queryItems: [URLQueryItem]) {", "        for item in queryItems {", "            switch item.name {",
              "            case \"status\":",
              f'                statuses = Set((item.value ?? "").split(separator: ",").compactMap {{ {e}.Status(rawValue: String($0)) }})',
              '            case "q":', '                text = item.value ?? ""']
    if "createdAt" in names:
        lines += ['            case "after":',
                  "                createdAfter = item.value.flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))"]
    if "isFavorite" in names:
        lines += ['            case "favorites":', '                favoritesOnly = item.value == "1"']
    lines += ["            default:", "                continue", "            }", "        }", "    }", "}", "",
              f"extension Array where Element == {e} {{",
              f"    func filtered(by filter: {e}Filter) -> [{e}] {{",
              "        filter.isEmpty ? self : self.filter(filter.includes)", "    }", "}", ""]
    return lines


def core_swift_files(widgets):
    """The app's files outside its features: the entry point, networking, and the few that reach the
    widgets (the App Group's store and the widget reloads)."""
    kinds = [w.kind for w in widgets]
    files = {}
    files["App/BigApp.swift"] = ["import SwiftUI", "", "@main", "struct BigApp: App {",
        "    @UIApplicationDelegateAdaptor(AppDelegate.self) private var delegate",
        "    @Environment(\\.scenePhase) private var scenePhase", "",
        "    var body: some Scene {", "        WindowGroup {", "            RootView()",
        "                .onOpenURL { url in DeepLinks.shared.open(url) }", "        }",
        "        .onChange(of: scenePhase) { _, phase in",
        "            if phase == .background { WidgetRefresher.reloadAll() }", "        }", "    }", "}", ""]
    files["App/AppDelegate.swift"] = ["import UIKit", "",
        "final class AppDelegate: NSObject, UIApplicationDelegate {",
        "    func application(_ application: UIApplication,",
        "                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {",
        "        URLCache.shared = URLCache(memoryCapacity: 20_000_000, diskCapacity: 200_000_000)",
        "        return true", "    }", "}", ""]
    files["App/RootView.swift"] = ["import SwiftUI", "", "struct RootView: View {",
        "    @State private var tab = Tab.home", "", "    enum Tab: Hashable { case home, orders, messages, settings }", "",
        "    var body: some View {", "        TabView(selection: $tab) {",
        '            OrderListView().tabItem { Label("Orders", systemImage: "cart") }.tag(Tab.orders)',
        '            MessageListView().tabItem { Label("Messages", systemImage: "bubble.left") }.tag(Tab.messages)',
        '            SettingsView().tabItem { Label("Settings", systemImage: "gear") }.tag(Tab.settings)',
        "        }", "    }", "}", ""]
    files["App/DeepLinks.swift"] = ["import Foundation", "", "@MainActor", "final class DeepLinks: ObservableObject {",
        "    static let shared = DeepLinks()", "    @Published var path: [String] = []", "",
        "    func open(_ url: URL) {", f'        guard url.scheme == "{SCHEME}" else {{ return }}',
        "        path = [url.host ?? \"\"] + url.pathComponents.dropFirst()", "    }", "}", ""]
    files["Networking/APIClient.swift"] = ["import Foundation", "",
        "enum HTTPMethod: String { case get = \"GET\", post = \"POST\", put = \"PUT\", delete = \"DELETE\" }", "",
        "struct APIError: Error, Decodable { let message: String; let code: Int }", "",
        "final class APIClient: Sendable {", "    static let shared = APIClient()",
        '    static let baseURL = URL(string: "https://api.example.com")!', "",
        "    static let decoder: JSONDecoder = {", "        let decoder = JSONDecoder()",
        "        decoder.dateDecodingStrategy = .iso8601", "        return decoder", "    }()", "",
        "    static let encoder: JSONEncoder = {", "        let encoder = JSONEncoder()",
        "        encoder.dateEncodingStrategy = .iso8601", "        return encoder", "    }()", "",
        "    private let session: URLSession", "",
        "    init(session: URLSession = .shared) { self.session = session }", "",
        "    @discardableResult", "    func send(_ request: URLRequest) async throws -> Data {",
        "        let (data, response) = try await session.data(for: request)",
        "        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }",
        "        guard (200..<300).contains(http.statusCode) else {",
        "            throw (try? Self.decoder.decode(APIError.self, from: data))",
        "                ?? APIError(message: HTTPURLResponse.localizedString(forStatusCode: http.statusCode), code: http.statusCode)",
        "        }", "        return data", "    }", "",
        "    func send<T: Decodable>(_ request: URLRequest, as type: T.Type) async throws -> T {",
        "        try Self.decoder.decode(T.self, from: try await send(request))", "    }", "}", ""]
    files["Settings/SettingsView.swift"] = ["import SwiftUI", "", "struct SettingsView: View {",
        '    @AppStorage("notificationsEnabled") private var notificationsEnabled = true', "",
        "    var body: some View {", "        NavigationStack {", "            Form {",
        '                Toggle("Notifications", isOn: $notificationsEnabled)',
        '                Button("Refresh widgets") { WidgetRefresher.reloadAll() }', "            }",
        '            .navigationTitle("Settings")', "        }", "    }", "}", ""]
    # The few files that reach the widgets.
    files["Shared/AppGroup.swift"] = ["import Foundation", "",
        "/// The App Group the app shares with its widget extension (both targets' entitlements name it).",
        "enum AppGroup {", f'    static let identifier = "{GROUP}"', "}", ""]
    files["Shared/SharedStore.swift"] = ["import Foundation", "",
        "/// What the widgets show, written where the widget extension reads it.",
        "enum SharedStore {", "    static let defaults = UserDefaults(suiteName: AppGroup.identifier)", "",
        "    static func save<T: Encodable>(_ items: [T], forKind kind: String) {",
        "        guard let data = try? JSONEncoder().encode(items) else { return }",
        '        defaults?.set(data, forKey: kind + ".items")', "    }", "}", ""]
    files["Widgets/WidgetRefresher.swift"] = ["import WidgetKit", "",
        "/// Asks WidgetKit to reload the widgets whose data the app just changed.", "enum WidgetRefresher {"]
    for i, kind in enumerate(kinds):
        files["Widgets/WidgetRefresher.swift"] += [f"    static func reload{i}() {{",
            f'        WidgetCenter.shared.reloadTimelines(ofKind: "{kind}")', "    }", ""]
    files["Widgets/WidgetRefresher.swift"] += ["    static func reloadAll() {",
        "        WidgetCenter.shared.reloadAllTimelines()", "    }", "}", ""]
    return files


def app_swift_files(rng, widgets):
    """The native app's 3 000 files, by path below its folder: features of ten files each (model, API,
    cache, view model, four views, formatter, filter) and the core files. Three of them reach the
    widgets: the App Group's store, the widget reloads, and one feature's view model that reloads the
    first widget after a save."""
    files = {path: lines for path, lines in core_swift_files(widgets).items()}
    count = (APP_FILES - len(files)) // len(FEATURE_FILE_KINDS)
    extra = APP_FILES - len(files) - count * len(FEATURE_FILE_KINDS)
    features = [Feature(rng, i) for i in range(count)]
    reloading = 7 % count  # this feature's view model reloads the first widget
    for i, f in enumerate(features):
        base, e = f"Features/{f.folder}/{f.entity}", f.entity
        call = f'WidgetCenter.shared.reloadTimelines(ofKind: "{widgets[0].kind}")' if i == reloading else None
        for suffix, lines, type_name, verb in [
            ("", swift_model(rng, f), e, "items"),
            ("API", swift_api(rng, f), f"{e}API", "received"),
            ("Cache", swift_cache(rng, f), f"{e}Cache", "cached"),
            ("ViewModel", swift_view_model(rng, f, call), f"{e}ViewModel", "visible"),
            ("ListView", swift_list_view(rng, f), f"{e}ListView", "listed"),
            ("RowView", swift_row_view(rng, f), f"{e}RowView", "shown"),
            ("DetailView", swift_detail_view(rng, f), f"{e}DetailView", "detailed"),
            ("EditView", swift_edit_view(rng, f), f"{e}EditView", "edited"),
            ("Formatter", swift_formatter(rng, f, i), f"{e}Formatter", "formatted"),
            ("Filter", swift_filter(rng, f), f"{e}Filter", "filtered"),
        ]:
            files[f"{base}{suffix}.swift"] = lines + swift_helpers(rng, f, type_name, verb)
    for i in range(extra):  # what is left over: extensions of the first features
        f = features[i]
        files[f"Features/{f.folder}/{f.entity}+Previews.swift"] = ["import SwiftUI", "",
            f"extension {f.entity} {{", f"    static let preview = {f.entity}.sample(42)", "}", ""]
    assert len(files) == APP_FILES, len(files)
    return {path: "\n".join(lines) for path, lines in files.items()}


# TypeScript: (field, TS type, sample expression using `index`)
TS_FIELDS = [
    ("title", "string", "`Item ${index}`"),
    ("subtitle", "string | null", "index % 3 === 0 ? null : `Subtitle ${index}`"),
    ("summary", "string", "`A short summary of item ${index}.`"),
    ("createdAt", "string", "new Date(1_700_000_000_000 + index * 3_600_000).toISOString()"),
    ("updatedAt", "string", "new Date(1_700_100_000_000 + index * 1_800_000).toISOString()"),
    ("amount", "number", "index * 12.5"),
    ("currency", "string", '"EUR"'),
    ("quantity", "number", "(index % 7) + 1"),
    ("rating", "number", "(index % 5) + 0.5"),
    ("isFavorite", "boolean", "index % 4 === 0"),
    ("tags", "string[]", "[`tag${index % 3}`, `tag${index % 5}`]"),
    ("imageUrl", "string | null", "`https://cdn.example.com/images/${index}.jpg`"),
    ("ownerId", "string", "`owner-${index % 11}`"),
    ("notes", "string", '""'),
]
TS_FILE_KINDS = ["types", "api", "store", "hooks", "format", "validation", "ListScreen", "DetailScreen", "Row",
                 "EditForm"]


def ts_feature(rng, index):
    f = Feature(rng, index)
    count = rng.randrange(5, len(TS_FIELDS) + 1)
    f.fields = [TS_FIELDS[0]] + rng.sample(TS_FIELDS[1:], count - 1)
    f.slug = f.path
    return f


def ts_types(rng, f):
    e = f.entity
    lines = [f"/** A {e.lower()} as the API sends it. */", f"export type {e}Status = " +
             " | ".join(f'"{s}"' for s in f.statuses) + ";", "",
             f"export interface {e} {{", "  id: string;"]
    lines += [f"  {n}: {t};" for n, t, _ in f.fields]
    lines += [f"  status: {e}Status;", "}", "",
              f"export interface {e}Page {{", f"  items: {e}[];", "  page: number;", "  totalPages: number;", "}", "",
              f"export type {e}Draft = Omit<{e}, \"id\">;", "",
              f"export const {f.var}Statuses: readonly {e}Status[] = [" + ", ".join(f'"{s}"' for s in f.statuses) + "];", "",
              f"export const {f.var}StatusLabels: Record<{e}Status, string> = {{"]
    lines += [f'  {s}: "{s.capitalize()}",' for s in f.statuses]
    lines += ["};", "", f"export function sample{e}(index: number): {e} {{", "  return {",
              f"    id: `{f.slug}-${{index}}`,"]
    lines += [f"    {n}: {s}," for n, _, s in f.fields]
    lines += [f'    status: "{f.statuses[0]}",', "  };", "}", "",
              f"export const sample{f.folder}: {e}[] = Array.from({{ length: {rng.randrange(4, 13)} }}, (_, index) => sample{e}(index));",
              ""]
    return lines


def ts_api(rng, f):
    e = f.entity
    # `@/` is the app's root-import alias (tsconfig.json's paths), as Expo's templates set it up.
    return ['import { apiClient, ApiError } from "@/api/client";',
            f'import type {{ {e}, {e}Draft, {e}Page }} from "./types";', "",
            f"const BASE = \"/v2/{f.slug}\";", f"const PAGE_SIZE = {f.page_size};", "",
            f"export async function fetch{f.folder}Page(page = 1, signal?: AbortSignal): Promise<{e}Page> {{",
            f"  return apiClient.get<{e}Page>(`${{BASE}}?page=${{page}}&per_page=${{PAGE_SIZE}}`, {{ signal }});", "}", "",
            f"export async function fetchAll{f.folder}(signal?: AbortSignal): Promise<{e}[]> {{",
            f"  const items: {e}[] = [];", "  let page = 1;", "  for (;;) {",
            f"    const result = await fetch{f.folder}Page(page, signal);", "    items.push(...result.items);",
            "    if (result.page >= result.totalPages) return items;", "    page += 1;", "  }", "}", "",
            f"export async function fetch{e}(id: string, signal?: AbortSignal): Promise<{e}> {{",
            f"  return apiClient.get<{e}>(`${{BASE}}/${{encodeURIComponent(id)}}`, {{ signal }});", "}", "",
            f"export async function create{e}(draft: {e}Draft): Promise<{e}> {{",
            f"  return apiClient.post<{e}>(BASE, draft);", "}", "",
            f"export async function update{e}(item: {e}): Promise<{e}> {{",
            f"  return apiClient.put<{e}>(`${{BASE}}/${{encodeURIComponent(item.id)}}`, item);", "}", "",
            f"export async function delete{e}(id: string): Promise<void> {{",
            "  try {", "    await apiClient.delete(`${BASE}/${encodeURIComponent(id)}`);", "  } catch (error) {",
            "    if (error instanceof ApiError && error.status === 404) return; // already gone", "    throw error;",
            "  }", "}", "",
            f"export async function search{f.folder}(query: string, signal?: AbortSignal): Promise<{e}[]> {{",
            "  const params = new URLSearchParams({ q: query, per_page: String(PAGE_SIZE) });",
            f"  const result = await apiClient.get<{e}Page>(`${{BASE}}/search?${{params}}`, {{ signal }});",
            "  return result.items;", "}", ""]


def ts_store(rng, f):
    e, v = f.entity, f.var
    return ['import { create } from "zustand";', 'import { persist, createJSONStorage } from "zustand/middleware";',
            'import AsyncStorage from "@react-native-async-storage/async-storage";', "",
            f'import {{ fetchAll{f.folder}, update{e}, create{e}, delete{e} }} from "./api";',
            f'import type {{ {e}, {e}Draft, {e}Status }} from "./types";', "",
            f"interface {e}State {{", f"  items: Record<string, {e}>;", "  loadedAt: number | null;",
            "  loading: boolean;", "  error: string | null;", f"  statusFilter: {e}Status | null;",
            "  query: string;", "  load: (force?: boolean) => Promise<void>;",
            f"  save: (item: {e} | {e}Draft) => Promise<{e} | null>;", "  remove: (id: string) => Promise<void>;",
            f"  setStatusFilter: (status: {e}Status | null) => void;", "  setQuery: (query: string) => void;", "}", "",
            f"const LIFETIME_MS = {rng.choice([5, 15, 60])} * 60 * 1000;", "",
            f"export const use{e}Store = create<{e}State>()(", "  persist(", "    (set, get) => ({",
            "      items: {},", "      loadedAt: null,", "      loading: false,", "      error: null,",
            "      statusFilter: null,", '      query: "",', "      async load(force = false) {",
            "        const { loadedAt, loading } = get();",
            "        if (loading || (!force && loadedAt !== null && Date.now() - loadedAt < LIFETIME_MS)) return;",
            "        set({ loading: true, error: null });", "        try {",
            f"          const fetched = await fetchAll{f.folder}();",
            "          set({ items: Object.fromEntries(fetched.map((item) => [item.id, item])), loadedAt: Date.now() });",
            "        } catch (error) {", "          set({ error: error instanceof Error ? error.message : String(error) });",
            "        } finally {", "          set({ loading: false });", "        }", "      },",
            f"      async save({v}) {{", "        try {",
            f'          const saved = "id" in {v} ? await update{e}({v}) : await create{e}({v});',
            "          set((state) => ({ items: { ...state.items, [saved.id]: saved } }));", "          return saved;",
            "        } catch (error) {", "          set({ error: error instanceof Error ? error.message : String(error) });",
            "          return null;", "        }", "      },", "      async remove(id) {",
            "        const previous = get().items[id];",
            "        set((state) => {", "          const { [id]: _removed, ...rest } = state.items;",
            "          return { items: rest };", "        });", "        try {", f"          await delete{e}(id);",
            "        } catch (error) {",
            "          if (previous) set((state) => ({ items: { ...state.items, [id]: previous } }));",
            "          set({ error: error instanceof Error ? error.message : String(error) });", "        }", "      },",
            "      setStatusFilter: (statusFilter) => set({ statusFilter }),", "      setQuery: (query) => set({ query }),",
            "    }),",
            f'    {{ name: "{f.slug}", storage: createJSONStorage(() => AsyncStorage), partialize: (state) => ({{ items: state.items, loadedAt: state.loadedAt }}) }},',
            "  ),", ");", ""]


def ts_hooks(rng, f):
    e = f.entity
    return ['import { useEffect, useMemo } from "react";', "",
            f'import {{ use{e}Store }} from "./store";', f'import type {{ {e} }} from "./types";', "",
            f"export function useVisible{f.folder}(): {e}[] {{",
            f"  const items = use{e}Store((state) => state.items);",
            f"  const statusFilter = use{e}Store((state) => state.statusFilter);",
            f"  const query = use{e}Store((state) => state.query.trim().toLowerCase());", "",
            "  return useMemo(() => {", "    return Object.values(items)",
            "      .filter((item) => statusFilter === null || item.status === statusFilter)",
            "      .filter((item) => query === \"\" || item.title.toLowerCase().includes(query))",
            "      .sort((a, b) => a.title.localeCompare(b.title));", "  }, [items, statusFilter, query]);", "}", "",
            f"export function use{e}(id: string): {e} | undefined {{",
            f"  const item = use{e}Store((state) => state.items[id]);",
            f"  const load = use{e}Store((state) => state.load);", "  useEffect(() => {",
            "    if (!item) void load();", "  }, [item, load]);", "  return item;", "}", "",
            f"export function use{f.folder}Counts(): Record<string, number> {{",
            f"  const items = use{e}Store((state) => state.items);", "  return useMemo(() => {",
            "    const counts: Record<string, number> = {};",
            "    for (const item of Object.values(items)) counts[item.status] = (counts[item.status] ?? 0) + 1;",
            "    return counts;", "  }, [items]);", "}", ""]


def ts_format(rng, f):
    e = f.entity
    names = [n for n, _, _ in f.fields]
    lines = [f'import type {{ {e} }} from "./types";', f'import {{ {f.var}StatusLabels }} from "./types";', "",
             'const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });',
             'const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });', "",
             "export function formatRelative(iso: string, now = Date.now()): string {",
             "  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);",
             '  if (Math.abs(minutes) < 60) return relativeFormat.format(minutes, "minute");',
             "  const hours = Math.round(minutes / 60);",
             '  if (Math.abs(hours) < 24) return relativeFormat.format(hours, "hour");',
             '  return relativeFormat.format(Math.round(hours / 24), "day");', "}", "",
             "export function formatDate(iso: string): string {", "  return dateFormat.format(new Date(iso));", "}", "",
             f"export function describe{e}(item: {e}): string {{",
             f"  const parts = [item.title, {f.var}StatusLabels[item.status]];"]
    if "amount" in names:
        cur = "item.currency" if "currency" in names else '"EUR"'
        lines.append(f'  parts.push(new Intl.NumberFormat(undefined, {{ style: "currency", currency: {cur} }}).format(item.amount));')
    if "quantity" in names:
        lines.append("  parts.push(`×${item.quantity}`);")
    if "updatedAt" in names:
        lines.append("  parts.push(`updated ${formatRelative(item.updatedAt)}`);")
    lines += ['  return parts.join(" · ");', "}", "",
              f"export function {f.var}ToCsv(items: {e}[]): string {{",
              f'  const header = ["id", {", ".join(repr(n).replace(chr(39), chr(34)) for n in names)}, "status"];',
              "  const escape = (value: unknown): string => {",
              '    const text = value === null || value === undefined ? "" : String(value);',
              '    return /[",\\n]/.test(text) ? `"${text.replace(/"/g, \'""\')}"` : text;', "  };",
              '  const rows = items.map((item) => [item.id, ' + ", ".join(f"item.{n}" for n in names) + ', item.status].map(escape).join(","));',
              '  return [header.join(","), ...rows].join("\\n");', "}", ""]
    return lines


def ts_validation(rng, f):
    e = f.entity
    names = dict((n, t) for n, t, _ in f.fields)
    lines = [f'import type {{ {e}Draft }} from "./types";', "",
             f"export type {e}Errors = Partial<Record<keyof {e}Draft, string>>;", "",
             f"export function validate{e}(draft: {e}Draft): {e}Errors {{", f"  const errors: {e}Errors = {{}};",
             '  if (draft.title.trim() === "") errors.title = "Give it a title.";',
             '  else if (draft.title.length > 120) errors.title = "Keep the title under 120 characters.";']
    if "amount" in names:
        lines.append('  if (!Number.isFinite(draft.amount) || draft.amount < 0) errors.amount = "Enter an amount of 0 or more.";')
    if "quantity" in names:
        lines.append('  if (!Number.isInteger(draft.quantity) || draft.quantity < 1) errors.quantity = "At least one.";')
    if "rating" in names:
        lines.append('  if (draft.rating < 0 || draft.rating > 5) errors.rating = "From 0 to 5.";')
    if "imageUrl" in names:
        lines += ["  if (draft.imageUrl !== null && !/^https:\\/\\//.test(draft.imageUrl)) {",
                  '    errors.imageUrl = "Images must come from an https address.";', "  }"]
    if "tags" in names:
        lines.append('  if (draft.tags.some((tag) => tag.trim() === "")) errors.tags = "Tags cannot be empty.";')
    lines += ["  return errors;", "}", "", f"export function is{e}Valid(draft: {e}Draft): boolean {{",
              f"  return Object.keys(validate{e}(draft)).length === 0;", "}", ""]
    return lines


def ts_list_screen(rng, f):
    e = f.entity
    title = " ".join(re.findall("[A-Z][a-z]*", f.folder))
    return ['import { useCallback, useEffect } from "react";',
            'import { ActivityIndicator, FlatList, Pressable, RefreshControl, StyleSheet, Text, TextInput, View } from "react-native";',
            'import { useRouter } from "expo-router";', "",
            f'import {{ {e}Row }} from "./Row";', f'import {{ use{e}Store }} from "./store";',
            f'import {{ useVisible{f.folder}, use{f.folder}Counts }} from "./hooks";',
            f'import {{ {f.var}Statuses, {f.var}StatusLabels }} from "./types";', "",
            f"export default function {e}ListScreen() {{", "  const router = useRouter();",
            f"  const items = useVisible{f.folder}();", f"  const counts = use{f.folder}Counts();",
            f"  const {{ load, loading, error, query, setQuery, statusFilter, setStatusFilter }} = use{e}Store();", "",
            "  useEffect(() => {", "    void load();", "  }, [load]);", "",
            "  const open = useCallback(", f"    (id: string) => router.push(`/{f.slug}/${{id}}`),", "    [router],", "  );", "",
            "  return (", "    <View style={styles.container}>",
            f'      <TextInput style={{styles.search}} placeholder="Search {title.lower()}" value={{query}} onChangeText={{setQuery}} />',
            "      <View style={styles.filters}>",
            f"        {{{f.var}Statuses.map((status) => (",
            "          <Pressable", "            key={status}",
            "            onPress={() => setStatusFilter(statusFilter === status ? null : status)}",
            "            style={[styles.chip, statusFilter === status && styles.chipSelected]}", "          >",
            f"            <Text>{{{f.var}StatusLabels[status]}} ({{counts[status] ?? 0}})</Text>", "          </Pressable>",
            "        ))}", "      </View>", "      {error && <Text style={styles.error}>{error}</Text>}", "      <FlatList",
            "        data={items}", "        keyExtractor={(item) => item.id}",
            f"        renderItem={{({{ item }}) => <{e}Row item={{item}} onPress={{() => open(item.id)}} />}}",
            "        refreshControl={<RefreshControl refreshing={loading} onRefresh={() => load(true)} />}",
            "        ListEmptyComponent={",
            f"          loading ? <ActivityIndicator /> : <Text style={{styles.empty}}>No {title.lower()} yet.</Text>",
            "        }", "      />", "    </View>", "  );", "}", "", "const styles = StyleSheet.create({",
            "  container: { flex: 1, backgroundColor: \"#fff\" },",
            "  search: { margin: 12, padding: 10, borderRadius: 10, backgroundColor: \"#f2f2f7\" },",
            "  filters: { flexDirection: \"row\", flexWrap: \"wrap\", gap: 6, paddingHorizontal: 12 },",
            "  chip: { paddingHorizontal: 10, paddingVertical: 4, borderRadius: 12, backgroundColor: \"#eee\" },",
            f"  chipSelected: {{ backgroundColor: \"{rng.choice(['#cde', '#dcf', '#fdc', '#cfd'])}\" }},",
            "  error: { color: \"#c00\", margin: 12 },", "  empty: { textAlign: \"center\", marginTop: 48, color: \"#888\" },",
            "});", ""]


def ts_detail_screen(rng, f):
    e = f.entity
    lines = ['import { ScrollView, StyleSheet, Text, View, Share, Button } from "react-native";',
             'import { useLocalSearchParams } from "expo-router";', "",
             f'import {{ use{e} }} from "./hooks";', f'import {{ describe{e}, formatDate }} from "./format";',
             f'import {{ {f.var}StatusLabels }} from "./types";', "",
             "function Field({ label, value }: { label: string; value: string }) {", "  return (",
             "    <View style={styles.field}>", "      <Text style={styles.label}>{label}</Text>",
             "      <Text style={styles.value}>{value}</Text>", "    </View>", "  );", "}", "",
             f"export default function {e}DetailScreen() {{", "  const { id } = useLocalSearchParams<{ id: string }>();",
             f"  const item = use{e}(id);", "  if (!item) return <Text style={styles.missing}>Loading…</Text>;", "",
             "  return (", "    <ScrollView contentContainerStyle={styles.container}>",
             "      <Text style={styles.title}>{item.title}</Text>",
             f"      <Text style={{styles.status}}>{{{f.var}StatusLabels[item.status]}}</Text>"]
    for n, t, _ in f.fields[1:]:
        label = " ".join(w.capitalize() for w in re.findall("[a-z]+|[A-Z][a-z]*", n))
        if n in ("createdAt", "updatedAt"):
            lines.append(f'      <Field label="{label}" value={{formatDate(item.{n})}} />')
        elif t == "string[]":
            lines.append(f'      <Field label="{label}" value={{item.{n}.join(", ")}} />')
        elif t == "boolean":
            lines.append(f'      <Field label="{label}" value={{item.{n} ? "Yes" : "No"}} />')
        else:
            lines.append(f'      <Field label="{label}" value={{String(item.{n} ?? "—")}} />')
    lines += [f'      <Button title="Share" onPress={{() => Share.share({{ message: describe{e}(item) }})}} />',
              "    </ScrollView>", "  );", "}", "", "const styles = StyleSheet.create({",
              "  container: { padding: 16, gap: 8 },", '  title: { fontSize: 24, fontWeight: "700" },',
              '  status: { color: "#666", marginBottom: 8 },',
              '  field: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 6 },',
              '  label: { color: "#888" },', '  value: { fontWeight: "500", maxWidth: "60%", textAlign: "right" },',
              '  missing: { margin: 24, color: "#888" },', "});", ""]
    return lines


def ts_row(rng, f):
    e = f.entity
    names = [n for n, _, _ in f.fields]
    lines = ['import { memo } from "react";', 'import { Image, Pressable, StyleSheet, Text, View } from "react-native";', "",
             f'import {{ formatRelative }} from "./format";', f'import type {{ {e} }} from "./types";', "",
             f"type Props = {{ item: {e}; onPress: () => void }};", "",
             f"export const {e}Row = memo(function {e}Row({{ item, onPress }}: Props) {{", "  return (",
             "    <Pressable onPress={onPress} style={({ pressed }) => [styles.row, pressed && styles.pressed]}>"]
    if "imageUrl" in names:
        lines.append("      {item.imageUrl ? <Image source={{ uri: item.imageUrl }} style={styles.image} /> : <View style={styles.image} />}")
    lines += ["      <View style={styles.text}>", "        <Text style={styles.title} numberOfLines={1}>{item.title}</Text>"]
    if "subtitle" in names:
        lines.append("        {item.subtitle && <Text style={styles.subtitle}>{item.subtitle}</Text>}")
    if "summary" in names:
        lines.append("        <Text style={styles.subtitle} numberOfLines={2}>{item.summary}</Text>")
    lines.append("      </View>")
    if "updatedAt" in names:
        lines.append("      <Text style={styles.meta}>{formatRelative(item.updatedAt)}</Text>")
    if "isFavorite" in names:
        lines.append('      {item.isFavorite && <Text style={styles.meta}>★</Text>}')
    lines += ["    </Pressable>", "  );", "});", "", "const styles = StyleSheet.create({",
              '  row: { flexDirection: "row", alignItems: "center", padding: 12, gap: 12 },',
              '  pressed: { backgroundColor: "#f2f2f7" },', '  image: { width: 44, height: 44, borderRadius: 8, backgroundColor: "#eee" },',
              "  text: { flex: 1 },", '  title: { fontSize: 16, fontWeight: "600" },', '  subtitle: { color: "#666" },',
              '  meta: { color: "#999", fontSize: 12 },', "});", ""]
    return lines


def ts_edit_form(rng, f):
    e = f.entity
    lines = ['import { useState } from "react";', 'import { Button, StyleSheet, Switch, Text, TextInput, View } from "react-native";', "",
             f'import {{ validate{e}, type {e}Errors }} from "./validation";', f'import type {{ {e}Draft }} from "./types";', "",
             f"type Props = {{ initial: {e}Draft; onSubmit: (draft: {e}Draft) => void; onCancel: () => void }};", "",
             f"export function {e}EditForm({{ initial, onSubmit, onCancel }}: Props) {{",
             "  const [draft, setDraft] = useState(initial);", f"  const [errors, setErrors] = useState<{e}Errors>({{}});",
             f"  const update = <K extends keyof {e}Draft>(key: K, value: {e}Draft[K]) => setDraft((d) => ({{ ...d, [key]: value }}));", "",
             "  const submit = () => {", f"    const found = validate{e}(draft);", "    setErrors(found);",
             "    if (Object.keys(found).length === 0) onSubmit(draft);", "  };", "", "  return (", "    <View style={styles.form}>"]
    for n, t, _ in f.fields:
        label = " ".join(w.capitalize() for w in re.findall("[a-z]+|[A-Z][a-z]*", n))
        if t == "string":
            lines.append(f'      <TextInput style={{styles.input}} placeholder="{label}" value={{draft.{n}}} onChangeText={{(v) => update("{n}", v)}} />')
        elif t == "number":
            lines.append(f'      <TextInput style={{styles.input}} placeholder="{label}" keyboardType="decimal-pad" value={{String(draft.{n})}} onChangeText={{(v) => update("{n}", Number(v))}} />')
        elif t == "boolean":
            lines += ["      <View style={styles.switchRow}>", f"        <Text>{label}</Text>",
                      f'        <Switch value={{draft.{n}}} onValueChange={{(v) => update("{n}", v)}} />', "      </View>"]
        else:
            continue
        lines.append(f'      {{errors.{n} && <Text style={{styles.error}}>{{errors.{n}}}</Text>}}')
    lines += ["      <View style={styles.buttons}>", '        <Button title="Cancel" onPress={onCancel} />',
              '        <Button title="Save" onPress={submit} />', "      </View>", "    </View>", "  );", "}", "",
              "const styles = StyleSheet.create({", "  form: { padding: 16, gap: 10 },",
              '  input: { borderWidth: 1, borderColor: "#ccc", borderRadius: 8, padding: 10 },',
              '  switchRow: { flexDirection: "row", justifyContent: "space-between", alignItems: "center" },',
              '  error: { color: "#c00", fontSize: 12 },', '  buttons: { flexDirection: "row", justifyContent: "flex-end", gap: 12 },',
              "});", ""]
    return lines


def app_script_files(rng, widget_kind):
    """The Expo app's 3 000 script files below `src/`: features of ten files each, and the core files; one
    of them (`src/widget/sync.ts`) saves the widget's data with ExtensionStorage and reloads it."""
    files = {
        "src/api/client.ts": ["export class ApiError extends Error {",
            "  constructor(message: string, readonly status: number) {", "    super(message);", "  }", "}", "",
            'const BASE_URL = "https://api.example.com";', "",
            "async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {",
            "  const response = await fetch(BASE_URL + path, {", "    ...init, method,",
            '    headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },',
            "    body: body ? JSON.stringify(body) : undefined,", "  });",
            "  if (!response.ok) throw new ApiError(await response.text(), response.status);",
            "  return response.status === 204 ? (undefined as T) : ((await response.json()) as T);", "}", "",
            "export const apiClient = {",
            '  get: <T>(path: string, init?: RequestInit) => request<T>("GET", path, undefined, init),',
            '  post: <T>(path: string, body: unknown) => request<T>("POST", path, body),',
            '  put: <T>(path: string, body: unknown) => request<T>("PUT", path, body),',
            '  delete: (path: string) => request<void>("DELETE", path),', "};", ""],
        "src/constants.ts": [f'export const APP_GROUP = "{GROUP}";', f'export const WIDGET_KIND = "{widget_kind}";', ""],
        "src/widget/sync.ts": ['import { ExtensionStorage } from "@bacons/apple-targets";', "",
            'import { APP_GROUP, WIDGET_KIND } from "../constants";', "",
            "const storage = new ExtensionStorage(APP_GROUP);", "",
            "/** Saves what the widget shows, as JSON its Swift decodes, and asks WidgetKit to reload it. */",
            "export function syncWidget(items: { id: string; title: string; value: number }[]): void {",
            "  const now = new Date().toISOString();",
            f'  storage.set("{widget_kind}.items", JSON.stringify(items.map((item) => ({{ ...item, detail: "", updatedAt: now }}))));',
            "  ExtensionStorage.reloadWidget(WIDGET_KIND);", "}", ""],
        "src/theme.ts": ["export const colors = {", '  accent: "#4630EB",', '  background: "#FFFFFF",', '  text: "#1C1C1E",',
            '  secondary: "#8E8E93",', "};", "", "export const spacing = (n: number) => n * 4;", ""],
    }
    count = (APP_FILES - len(files)) // len(TS_FILE_KINDS)
    extra = APP_FILES - len(files) - count * len(TS_FILE_KINDS)
    for i in range(count):
        f = ts_feature(rng, i)
        base = f"src/features/{f.slug}"
        for name, lines, verb in [
            ("types.ts", ts_types(rng, f), "items"), ("api.ts", ts_api(rng, f), "received"),
            ("store.ts", ts_store(rng, f), "stored"), ("hooks.ts", ts_hooks(rng, f), "visible"),
            ("format.ts", ts_format(rng, f), "formatted"), ("validation.ts", ts_validation(rng, f), "checked"),
            ("ListScreen.tsx", ts_list_screen(rng, f), "listed"), ("DetailScreen.tsx", ts_detail_screen(rng, f), "detailed"),
            ("Row.tsx", ts_row(rng, f), "shown"), ("EditForm.tsx", ts_edit_form(rng, f), "edited"),
        ]:
            # types.ts declares the model; the other modules import it for their helpers.
            imports = [] if name == "types.ts" else [f'import type {{ {f.entity} as {f.entity}Model }} from "./types";']
            helpers = ts_helpers(rng, f, verb)
            if name != "types.ts":
                helpers = [line.replace(f"{f.entity}[]", f"{f.entity}Model[]").replace(f"{f.entity}[]>", f"{f.entity}Model[]>")
                           for line in helpers]
            files[f"{base}/{name}"] = imports + lines + helpers
    for i in range(extra):
        files[f"src/features/index{i}.ts"] = [f'export * from "./{ts_feature(random.Random(i), i).slug}/types";', ""]
    assert len(files) == APP_FILES, len(files)
    return {path: "\n".join(lines) for path, lines in files.items()}


ENTITLEMENTS_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>com.apple.security.application-groups</key>
\t<array>
\t\t<string>{group}</string>
\t</array>
</dict>
</plist>
"""
WIDGET_INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>NSExtension</key>
\t<dict>
\t\t<key>NSExtensionPointIdentifier</key>
\t\t<string>com.apple.widgetkit-extension</string>
\t</dict>
</dict>
</plist>
"""
APP_INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
\t<key>CFBundleURLTypes</key>
\t<array>
\t\t<dict>
\t\t\t<key>CFBundleURLName</key>
\t\t\t<string>{app}</string>
\t\t\t<key>CFBundleURLSchemes</key>
\t\t\t<array>
\t\t\t\t<string>{scheme}</string>
\t\t\t</array>
\t\t</dict>
\t</array>
</dict>
</plist>
"""


def big_app_widgets(rng):
    """The widget extension's target: three widgets of the manifest generator's kind."""
    target = Target(rng, 0)
    target.name = "BigAppWidgets"
    target.widgets = target.widgets[:3]
    return target


class PBXIDs:
    """Object identifiers as Xcode writes them (24 hex digits), numbered in the order they are asked for."""

    def __init__(self, prefix):
        self.prefix, self.count = prefix, 0

    def __call__(self):
        self.count += 1
        return f"{self.prefix}{self.count:016X}"


def pbxproj(app_files, widget_files, tests_compile_app_files=False):
    """project.pbxproj of a classic Xcode project: the app target compiles `app_files` (paths below
    BigApp/), the widget extension `widget_files` (below BigAppWidgets/); groups follow the folders. With
    `tests_compile_app_files`, a unit-test target BigAppTests compiles `app_files` instead of the app,
    whose Sources phase is then empty: the same files in the project and on disk, none of them the app's."""
    new_id = PBXIDs("B16A")
    q = lambda s: s if re.fullmatch(r"[A-Za-z0-9_./$]+", s) else '"' + s.replace('"', '\\"') + '"'
    ids = {k: new_id() for k in ["project", "main", "products", "frameworks", "app", "widget", "app_product",
                                  "widget_product", "widgetkit", "swiftui", "widgetkit_build", "swiftui_build",
                                  "embed_build", "proxy", "dependency", "embed_phase", "app_sources", "app_frameworks",
                                  "app_resources", "widget_sources", "widget_frameworks", "widget_resources",
                                  "project_list", "app_list", "widget_list", "project_debug", "project_release",
                                  "app_debug", "app_release", "widget_debug", "widget_release", "app_entitlements",
                                  "widget_entitlements", "app_info", "widget_info", "tests", "tests_product",
                                  "tests_sources", "tests_list", "tests_debug", "tests_release"]}
    file_refs, build_files, groups = [], [], []  # (id, line)

    def tree(root, files, group_id, extra_children):
        """Groups for the folders of `files` below `root`, each with its path; the Swift files' references
        and build files; returns the build files' ids in order."""
        children = {}  # folder -> list of child (id, name)
        folder_ids = {"": group_id}
        built = []
        for path in sorted(files):
            parts = path.split("/")
            for depth in range(1, len(parts)):
                folder = "/".join(parts[:depth])
                if folder not in folder_ids:
                    folder_ids[folder] = new_id()
                    children.setdefault("/".join(parts[:depth - 1]), []).append((folder_ids[folder], parts[depth - 1]))
            name = parts[-1]
            ref, build = new_id(), new_id()
            children.setdefault("/".join(parts[:-1]), []).append((ref, name))
            file_refs.append((ref, f"{ref} /* {name} */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = {q(name)}; sourceTree = \"<group>\"; }};"))
            build_files.append((build, f"{build} /* {name} in Sources */ = {{isa = PBXBuildFile; fileRef = {ref} /* {name} */; }};"))
            built.append((build, name))
        children.setdefault("", [])[0:0] = extra_children
        for folder, fid in folder_ids.items():
            name = root if folder == "" else folder.split("/")[-1]
            body = [f"\t\t{fid} /* {name} */ = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("]
            body += [f"\t\t\t\t{cid} /* {cname} */," for cid, cname in children.get(folder, [])]
            body += ["\t\t\t);", f"\t\t\tpath = {q(name)};", '\t\t\tsourceTree = "<group>";', "\t\t};"]
            groups.append((fid, "\n".join(body)))
        return built

    app_group, widget_group = new_id(), new_id()
    file_refs.append((ids["app_entitlements"], f'{ids["app_entitlements"]} /* BigApp.entitlements */ = {{isa = PBXFileReference; lastKnownFileType = text.plist.entitlements; path = BigApp.entitlements; sourceTree = "<group>"; }};'))
    file_refs.append((ids["app_info"], f'{ids["app_info"]} /* Info.plist */ = {{isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; }};'))
    file_refs.append((ids["widget_entitlements"], f'{ids["widget_entitlements"]} /* BigAppWidgets.entitlements */ = {{isa = PBXFileReference; lastKnownFileType = text.plist.entitlements; path = BigAppWidgets.entitlements; sourceTree = "<group>"; }};'))
    file_refs.append((ids["widget_info"], f'{ids["widget_info"]} /* Info.plist */ = {{isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; }};'))
    app_built = tree("BigApp", app_files, app_group,
                     [(ids["app_entitlements"], "BigApp.entitlements"), (ids["app_info"], "Info.plist")])
    widget_built = tree("BigAppWidgets", widget_files, widget_group,
                        [(ids["widget_entitlements"], "BigAppWidgets.entitlements"), (ids["widget_info"], "Info.plist")])
    if tests_compile_app_files:
        file_refs.append((ids["tests_product"], f'{ids["tests_product"]} /* BigAppTests.xctest */ = {{isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = BigAppTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; }};'))
    file_refs += [
        (ids["app_product"], f'{ids["app_product"]} /* BigApp.app */ = {{isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = BigApp.app; sourceTree = BUILT_PRODUCTS_DIR; }};'),
        (ids["widget_product"], f'{ids["widget_product"]} /* BigAppWidgetsExtension.appex */ = {{isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = BigAppWidgetsExtension.appex; sourceTree = BUILT_PRODUCTS_DIR; }};'),
        (ids["widgetkit"], f'{ids["widgetkit"]} /* WidgetKit.framework */ = {{isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = WidgetKit.framework; path = System/Library/Frameworks/WidgetKit.framework; sourceTree = SDKROOT; }};'),
        (ids["swiftui"], f'{ids["swiftui"]} /* SwiftUI.framework */ = {{isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = SwiftUI.framework; path = System/Library/Frameworks/SwiftUI.framework; sourceTree = SDKROOT; }};'),
    ]
    build_files += [
        (ids["widgetkit_build"], f'{ids["widgetkit_build"]} /* WidgetKit.framework in Frameworks */ = {{isa = PBXBuildFile; fileRef = {ids["widgetkit"]} /* WidgetKit.framework */; }};'),
        (ids["swiftui_build"], f'{ids["swiftui_build"]} /* SwiftUI.framework in Frameworks */ = {{isa = PBXBuildFile; fileRef = {ids["swiftui"]} /* SwiftUI.framework */; }};'),
        (ids["embed_build"], f'{ids["embed_build"]} /* BigAppWidgetsExtension.appex in Embed Foundation Extensions */ = {{isa = PBXBuildFile; fileRef = {ids["widget_product"]} /* BigAppWidgetsExtension.appex */; settings = {{ATTRIBUTES = (RemoveHeadersOnCopy, ); }}; }};'),
    ]
    groups += [
        (ids["main"], "\n".join([f'\t\t{ids["main"]} = {{', "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (",
                                 f"\t\t\t\t{app_group} /* BigApp */,", f"\t\t\t\t{widget_group} /* BigAppWidgets */,",
                                 f'\t\t\t\t{ids["frameworks"]} /* Frameworks */,', f'\t\t\t\t{ids["products"]} /* Products */,',
                                 "\t\t\t);", '\t\t\tsourceTree = "<group>";', "\t\t};"])),
        (ids["products"], "\n".join([f'\t\t{ids["products"]} /* Products */ = {{', "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (",
                                     f'\t\t\t\t{ids["app_product"]} /* BigApp.app */,',
                                     f'\t\t\t\t{ids["widget_product"]} /* BigAppWidgetsExtension.appex */,']
                                    + ([f'\t\t\t\t{ids["tests_product"]} /* BigAppTests.xctest */,'] if tests_compile_app_files else [])
                                    + ["\t\t\t);", "\t\t\tname = Products;", '\t\t\tsourceTree = "<group>";', "\t\t};"])),
        (ids["frameworks"], "\n".join([f'\t\t{ids["frameworks"]} /* Frameworks */ = {{', "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (",
                                       f'\t\t\t\t{ids["widgetkit"]} /* WidgetKit.framework */,',
                                       f'\t\t\t\t{ids["swiftui"]} /* SwiftUI.framework */,',
                                       "\t\t\t);", "\t\t\tname = Frameworks;", '\t\t\tsourceTree = "<group>";', "\t\t};"])),
    ]

    def phase(pid, isa, name, files):
        return "\n".join([f"\t\t{pid} /* {name} */ = {{", f"\t\t\tisa = {isa};", "\t\t\tbuildActionMask = 2147483647;",
                          "\t\t\tfiles = ("] + [f"\t\t\t\t{fid} /* {fname} in {name} */," for fid, fname in files] +
                         ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"])

    def config(cid, name, settings, base=None):
        lines = [f"\t\t{cid} /* {name} */ = {{", "\t\t\tisa = XCBuildConfiguration;", "\t\t\tbuildSettings = {"]
        for key, value in settings:
            if isinstance(value, list):
                lines += [f"\t\t\t\t{key} = ("] + [f"\t\t\t\t\t{q(v)}," for v in value] + ["\t\t\t\t);"]
            else:
                lines.append(f"\t\t\t\t{key} = {q(value)};")
        return "\n".join(lines + ["\t\t\t};", f"\t\t\tname = {name};", "\t\t};"])

    project_settings = [("ALWAYS_SEARCH_USER_PATHS", "NO"), ("CLANG_ENABLE_MODULES", "YES"),
                        ("IPHONEOS_DEPLOYMENT_TARGET", "17.0"), ("SDKROOT", "iphoneos"), ("SWIFT_VERSION", "5.0"),
                        ("TARGETED_DEVICE_FAMILY", "1,2")]
    app_settings = [("ASSETCATALOG_COMPILER_APPICON_NAME", "AppIcon"),
                    ("CODE_SIGN_ENTITLEMENTS", "BigApp/BigApp.entitlements"), ("CODE_SIGN_STYLE", "Automatic"),
                    ("CURRENT_PROJECT_VERSION", "1"), ("DEVELOPMENT_TEAM", "ABCDE12345"),
                    ("GENERATE_INFOPLIST_FILE", "YES"), ("INFOPLIST_FILE", "BigApp/Info.plist"),
                    ("INFOPLIST_KEY_UILaunchScreen_Generation", "YES"), ("MARKETING_VERSION", "1.0"),
                    ("PRODUCT_BUNDLE_IDENTIFIER", APP), ("PRODUCT_NAME", "$(TARGET_NAME)")]
    widget_settings = [("CODE_SIGN_ENTITLEMENTS", "BigAppWidgets/BigAppWidgets.entitlements"),
                       ("CODE_SIGN_STYLE", "Automatic"), ("CURRENT_PROJECT_VERSION", "1"),
                       ("DEVELOPMENT_TEAM", "ABCDE12345"), ("GENERATE_INFOPLIST_FILE", "YES"),
                       ("INFOPLIST_FILE", "BigAppWidgets/Info.plist"),
                       ("LD_RUNPATH_SEARCH_PATHS", ["$(inherited)", "@executable_path/Frameworks",
                                                    "@executable_path/../../Frameworks"]),
                       ("MARKETING_VERSION", "1.0"), ("PRODUCT_BUNDLE_IDENTIFIER", f"{APP}.widgets"),
                       ("PRODUCT_NAME", "$(TARGET_NAME)"), ("SKIP_INSTALL", "YES")]

    tests_settings = [("BUNDLE_LOADER", "$(TEST_HOST)"), ("CODE_SIGN_STYLE", "Automatic"),
                      ("DEVELOPMENT_TEAM", "ABCDE12345"), ("GENERATE_INFOPLIST_FILE", "YES"),
                      ("PRODUCT_BUNDLE_IDENTIFIER", f"{APP}.tests"), ("PRODUCT_NAME", "$(TARGET_NAME)"),
                      ("TEST_HOST", "$(BUILT_PRODUCTS_DIR)/BigApp.app/BigApp")]

    def target(tid, name, list_id, phases, dependencies, product, product_name, product_type):
        return "\n".join([f"\t\t{tid} /* {name} */ = {{", "\t\t\tisa = PBXNativeTarget;",
                          f'\t\t\tbuildConfigurationList = {list_id} /* Build configuration list for PBXNativeTarget "{name}" */;',
                          "\t\t\tbuildPhases = ("] + [f"\t\t\t\t{pid} /* {pname} */," for pid, pname in phases] +
                         ["\t\t\t);", "\t\t\tbuildRules = (", "\t\t\t);", "\t\t\tdependencies = ("] +
                         [f"\t\t\t\t{d} /* PBXTargetDependency */," for d in dependencies] +
                         ["\t\t\t);", f"\t\t\tname = {name};", f"\t\t\tproductName = {name};",
                          f"\t\t\tproductReference = {product} /* {product_name} */;",
                          f'\t\t\tproductType = "{product_type}";', "\t\t};"])

    def config_list(lid, what, debug, release):
        return "\n".join([f'\t\t{lid} /* Build configuration list for {what} */ = {{', "\t\t\tisa = XCConfigurationList;",
                          "\t\t\tbuildConfigurations = (", f"\t\t\t\t{debug} /* Debug */,", f"\t\t\t\t{release} /* Release */,",
                          "\t\t\t);", "\t\t\tdefaultConfigurationIsVisible = 0;", "\t\t\tdefaultConfigurationName = Release;", "\t\t};"])

    sections = [
        ("PBXBuildFile", [f"\t\t{line}" for _, line in sorted(build_files)]),
        ("PBXContainerItemProxy", ["\n".join([f'\t\t{ids["proxy"]} /* PBXContainerItemProxy */ = {{',
                                              "\t\t\tisa = PBXContainerItemProxy;",
                                              f'\t\t\tcontainerPortal = {ids["project"]} /* Project object */;',
                                              "\t\t\tproxyType = 1;", f'\t\t\tremoteGlobalIDString = {ids["widget"]};',
                                              "\t\t\tremoteInfo = BigAppWidgetsExtension;", "\t\t};"])]),
        ("PBXCopyFilesBuildPhase", ["\n".join([f'\t\t{ids["embed_phase"]} /* Embed Foundation Extensions */ = {{',
                                               "\t\t\tisa = PBXCopyFilesBuildPhase;", "\t\t\tbuildActionMask = 2147483647;",
                                               '\t\t\tdstPath = "";', "\t\t\tdstSubfolderSpec = 13;", "\t\t\tfiles = (",
                                               f'\t\t\t\t{ids["embed_build"]} /* BigAppWidgetsExtension.appex in Embed Foundation Extensions */,',
                                               "\t\t\t);", '\t\t\tname = "Embed Foundation Extensions";',
                                               "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};"])]),
        ("PBXFileReference", [f"\t\t{line}" for _, line in sorted(file_refs)]),
        ("PBXFrameworksBuildPhase", [phase(ids["app_frameworks"], "PBXFrameworksBuildPhase", "Frameworks", []),
                                     phase(ids["widget_frameworks"], "PBXFrameworksBuildPhase", "Frameworks",
                                           [(ids["swiftui_build"], "SwiftUI.framework"),
                                            (ids["widgetkit_build"], "WidgetKit.framework")])]),
        ("PBXGroup", [text for _, text in sorted(groups)]),
        ("PBXNativeTarget", ([
            target(ids["tests"], "BigAppTests", ids["tests_list"], [(ids["tests_sources"], "Sources")],
                   [], ids["tests_product"], "BigAppTests.xctest", "com.apple.product-type.bundle.unit-test")]
            if tests_compile_app_files else []) + [
            target(ids["app"], "BigApp", ids["app_list"],
                   [(ids["app_sources"], "Sources"), (ids["app_frameworks"], "Frameworks"),
                    (ids["app_resources"], "Resources"), (ids["embed_phase"], "Embed Foundation Extensions")],
                   [ids["dependency"]], ids["app_product"], "BigApp.app", "com.apple.product-type.application"),
            target(ids["widget"], "BigAppWidgetsExtension", ids["widget_list"],
                   [(ids["widget_sources"], "Sources"), (ids["widget_frameworks"], "Frameworks"),
                    (ids["widget_resources"], "Resources")],
                   [], ids["widget_product"], "BigAppWidgetsExtension.appex", "com.apple.product-type.app-extension")]),
        ("PBXProject", ["\n".join([f'\t\t{ids["project"]} /* Project object */ = {{', "\t\t\tisa = PBXProject;",
                                   "\t\t\tattributes = {", "\t\t\t\tBuildIndependentTargetsInParallel = 1;",
                                   "\t\t\t\tLastSwiftUpdateCheck = 1610;", "\t\t\t\tLastUpgradeCheck = 1610;", "\t\t\t};",
                                   f'\t\t\tbuildConfigurationList = {ids["project_list"]} /* Build configuration list for PBXProject "BigApp" */;',
                                   "\t\t\tdevelopmentRegion = en;", "\t\t\thasScannedForEncodings = 0;",
                                   "\t\t\tknownRegions = (", "\t\t\t\ten,", "\t\t\t\tBase,", "\t\t\t);",
                                   f'\t\t\tmainGroup = {ids["main"]};', f'\t\t\tproductRefGroup = {ids["products"]} /* Products */;',
                                   '\t\t\tprojectDirPath = "";', '\t\t\tprojectRoot = "";', "\t\t\ttargets = (",
                                   f'\t\t\t\t{ids["app"]} /* BigApp */,', f'\t\t\t\t{ids["widget"]} /* BigAppWidgetsExtension */,']
                                  + ([f'\t\t\t\t{ids["tests"]} /* BigAppTests */,'] if tests_compile_app_files else [])
                                  + ["\t\t\t);", "\t\t};"])]),
        ("PBXResourcesBuildPhase", [phase(ids["app_resources"], "PBXResourcesBuildPhase", "Resources", []),
                                    phase(ids["widget_resources"], "PBXResourcesBuildPhase", "Resources", [])]),
        ("PBXSourcesBuildPhase", [phase(ids["app_sources"], "PBXSourcesBuildPhase", "Sources",
                                        [] if tests_compile_app_files else app_built),
                                  phase(ids["widget_sources"], "PBXSourcesBuildPhase", "Sources", widget_built)]
                                 + ([phase(ids["tests_sources"], "PBXSourcesBuildPhase", "Sources", app_built)]
                                    if tests_compile_app_files else [])),
        ("PBXTargetDependency", ["\n".join([f'\t\t{ids["dependency"]} /* PBXTargetDependency */ = {{',
                                            "\t\t\tisa = PBXTargetDependency;",
                                            f'\t\t\ttarget = {ids["widget"]} /* BigAppWidgetsExtension */;',
                                            f'\t\t\ttargetProxy = {ids["proxy"]} /* PBXContainerItemProxy */;', "\t\t};"])]),
        ("XCBuildConfiguration", [
            config(ids["project_debug"], "Debug", project_settings + [("ONLY_ACTIVE_ARCH", "YES"), ("SWIFT_OPTIMIZATION_LEVEL", "-Onone")]),
            config(ids["project_release"], "Release", project_settings + [("SWIFT_COMPILATION_MODE", "wholemodule")]),
            config(ids["app_debug"], "Debug", app_settings), config(ids["app_release"], "Release", app_settings),
            config(ids["widget_debug"], "Debug", widget_settings), config(ids["widget_release"], "Release", widget_settings)]
            + ([config(ids["tests_debug"], "Debug", tests_settings), config(ids["tests_release"], "Release", tests_settings)]
               if tests_compile_app_files else [])),
        ("XCConfigurationList", [
            config_list(ids["project_list"], 'PBXProject "BigApp"', ids["project_debug"], ids["project_release"]),
            config_list(ids["app_list"], 'PBXNativeTarget "BigApp"', ids["app_debug"], ids["app_release"]),
            config_list(ids["widget_list"], 'PBXNativeTarget "BigAppWidgetsExtension"', ids["widget_debug"], ids["widget_release"])]
            + ([config_list(ids["tests_list"], 'PBXNativeTarget "BigAppTests"', ids["tests_debug"], ids["tests_release"])]
               if tests_compile_app_files else [])),
    ]
    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {", ""]
    for name, items in sections:
        out += [f"/* Begin {name} section */"] + items + [f"/* End {name} section */", ""]
    out += ["\t};", f'\trootObject = {ids["project"]} /* Project object */;', "}", ""]
    return "\n".join(out)


def write_native_app(out, app_files, widget_target, rng, tests_compile_app_files=False):
    """A native Xcode app in `out`: BigApp.xcodeproj, BigApp/ (`app_files`), BigAppWidgets/; with
    `tests_compile_app_files`, the files of BigApp/ are its unit tests' (see `pbxproj`)."""
    shutil.rmtree(out, ignore_errors=True)
    widget_files = {"BigAppWidgetsBundle.swift" if i == 0 else f"{w.kind}.swift": widget_swift(rng, widget_target, w, i == 0)
                    for i, w in enumerate(widget_target.widgets)}
    write(os.path.join(out, "BigApp.xcodeproj", "project.pbxproj"),
          pbxproj(list(app_files), list(widget_files), tests_compile_app_files))
    write(os.path.join(out, "BigApp", "BigApp.entitlements"), ENTITLEMENTS_PLIST.format(group=GROUP))
    write(os.path.join(out, "BigApp", "Info.plist"), APP_INFO_PLIST.format(app=APP, scheme=SCHEME))
    for path, text in app_files.items():
        write(os.path.join(out, "BigApp", path), text)
    write(os.path.join(out, "BigAppWidgets", "BigAppWidgets.entitlements"), ENTITLEMENTS_PLIST.format(group=GROUP))
    write(os.path.join(out, "BigAppWidgets", "Info.plist"), WIDGET_INFO_PLIST)
    for path, text in widget_files.items():
        write(os.path.join(out, "BigAppWidgets", path), text)


def write_expo_app(out, script_files, widget_target, rng, scripts_are_tests=False):
    """An Expo app in `out` with @bacons/apple-targets: app.json, its entry, `script_files` and
    targets/widget/; with `scripts_are_tests`, the script files are in `__tests__/` (Jest's tests, which
    the app does not ship)."""
    shutil.rmtree(out, ignore_errors=True)
    app_json = {"expo": {"name": "Big App", "slug": "big-app", "version": "1.0.0", "scheme": SCHEME,
                         "orientation": "portrait", "ios": {"bundleIdentifier": APP, "appleTeamId": "ABCDE12345",
                         "entitlements": {"com.apple.security.application-groups": [GROUP]}},
                         "plugins": ["expo-router", "@bacons/apple-targets",
                                     ["expo-build-properties", {"ios": {"deploymentTarget": "17.0"}}]]}}
    write(os.path.join(out, "app.json"), json.dumps(app_json, indent=2) + "\n")
    package = {"name": "big-app", "version": "1.0.0", "private": True, "main": "expo-router/entry",
               "dependencies": {"@bacons/apple-targets": "^3.0.0", "@react-native-async-storage/async-storage": "2.1.2",
                                "expo": "~53.0.0", "expo-build-properties": "~0.14.0", "expo-router": "~5.1.0",
                                "react": "19.0.0", "react-native": "0.79.5", "zustand": "^5.0.0"}}
    write(os.path.join(out, "package.json"), json.dumps(package, indent=2) + "\n")
    tsconfig = {"extends": "expo/tsconfig.base", "compilerOptions": {"strict": True, "paths": {"@/*": ["./src/*"]}}}
    write(os.path.join(out, "tsconfig.json"), json.dumps(tsconfig, indent=2) + "\n")
    for path, text in script_files.items():
        write(os.path.join(out, "__tests__", path) if scripts_are_tests else os.path.join(out, path), text)
    write(os.path.join(out, "targets", "widget", "expo-target.config.js"), "\n".join([
        "/** @type {import('@bacons/apple-targets/app.plugin').ConfigFunction} */",
        "module.exports = (config) => ({", '  type: "widget",', '  name: "widget",', '  deploymentTarget: "17.0",',
        "  // @bacons/apple-targets copies the app's App Groups from app.json here.", "  entitlements: {},", "});", ""]))
    for i, w in enumerate(widget_target.widgets):
        write(os.path.join(out, "targets", "widget", f"{w.kind}.swift"), widget_swift(rng, widget_target, w, i == 0))


def write_big_apps(out):
    """Each app (native-app/, expo-app/) with two twins (the same widgets, entitlements and bytes else):
    the same app whose 3 000 files are its tests' (native-app-tests/, expo-app-tests/: a widget-only lint
    of the same project and folder), and the app without them (native-widgets-only/, expo-widgets-only/)."""
    rng = random.Random(BIG_SEED)
    widgets = big_app_widgets(rng)
    app_files = app_swift_files(rng, widgets.widgets)
    state = rng.getstate()
    for name, files, tests in [("native-app", app_files, False), ("native-app-tests", app_files, True),
                               ("native-widgets-only", {}, False)]:
        rng.setstate(state)
        write_native_app(os.path.join(out, name), files, widgets, rng, tests)
    rng = random.Random(BIG_SEED + 1)
    widgets = big_app_widgets(rng)
    scripts = app_script_files(rng, widgets.widgets[0].kind)
    state = rng.getstate()
    for name, files, tests in [("expo-app", scripts, False), ("expo-app-tests", scripts, True),
                               ("expo-widgets-only", {}, False)]:
        rng.setstate(state)
        write_expo_app(os.path.join(out, name), files, widgets, rng, tests)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py OUTDIR")
    out = sys.argv[1]
    rng = random.Random(SEED)
    # The size steps: 20, 200 and 2 000 targets of 5 widgets each.
    for name, count in [("manifest-30k.yaml", 20), ("manifest-300k.yaml", 200), ("manifest-3m.yaml", 2000)]:
        targets = [Target(rng, i) for i in range(count)]
        write(os.path.join(out, name), manifest_yaml(targets, with_sources=False))
    # The Swift tree: 100 targets x 5 widgets, one file per widget.
    tree = os.path.join(out, "swift-tree")
    shutil.rmtree(tree, ignore_errors=True)  # no files left over from an older generator
    targets = [Target(rng, i) for i in range(100)]
    write(os.path.join(tree, "widgets.yaml"), manifest_yaml(targets, with_sources=True))
    for t in targets:
        for i, w in enumerate(t.widgets):
            write(os.path.join(tree, "targets", t.name, f"{w.kind}.swift"), widget_swift(rng, t, w, i == 0))
    # The big apps and their widget-only twins (a random source of their own, so that the inputs above
    # keep their bytes).
    write_big_apps(out)


if __name__ == "__main__":
    main()
