#!/usr/bin/env python3
"""Generate scripts/bench's inputs: realistic widget manifests that lint clean, and a tree of widget
Swift files with a manifest whose targets point at it.

    Benchmarks/generate.py OUTDIR

Deterministic: every choice comes from one random.Random with a fixed seed, so the same version of
this file always writes the same bytes. It writes, in OUTDIR:

    manifest-30k.yaml     20 targets x 5 widgets   (~30 KB)
    manifest-300k.yaml    200 targets x 5 widgets  (~300 KB; the "medium" input)
    manifest-3m.yaml      2 000 targets x 5 widgets (~3 MB; the "large" input)
    swift-tree/widgets.yaml               100 targets, each with `sources: [targets/<name>]`
    swift-tree/targets/<name>/*.swift     500 widget files (~2 MB): one file per widget, with its
                                          entry, TimelineProvider, views and Widget struct; the
                                          first file of each target also holds the @main
                                          WidgetBundle

The size steps are 10x apart in targets, so each is ~10x the bytes of the one before. Every manifest
uses one app, com.example.app, its App Group group.com.example.app entitled on the app and on every
target, target bundle ids com.example.app.tN, widgets with displayName and description, valid
families for iOS 17, refresh of 5 minutes or more, URLs in the app's scheme, and an EAS appExtensions
entry per target; the Swift agrees with its manifest (kinds, families, configuration, URLs, groups).
"""
import os
import random
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


if __name__ == "__main__":
    main()
