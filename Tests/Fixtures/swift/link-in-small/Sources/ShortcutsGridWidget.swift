// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct ShortcutButton: View {
    let shortcut: Shortcut

    var body: some View {
        Link(destination: shortcut.deepLink) {
            VStack(spacing: 4) {
                Image(systemName: shortcut.symbol)
                    .font(.title3)
                Text(shortcut.title)
                    .font(.caption2)
                    .lineLimit(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(.quaternary, in: RoundedRectangle(cornerRadius: 12))
        }
    }
}

struct ShortcutsGridView: View {
    @Environment(\.widgetFamily) private var family
    let entry: ShortcutsEntry

    var body: some View {
        let columns = Array(repeating: GridItem(.flexible(), spacing: 8), count: 4)
        LazyVGrid(columns: columns, spacing: 8) {
            ForEach(entry.shortcuts.prefix(family == .systemLarge ? 12 : 4)) { shortcut in
                ShortcutButton(shortcut: shortcut)
            }
        }
        Link(destination: URL(string: "quickly://shortcuts/edit")!) {
            Text("Edit shortcuts").font(.caption)
        }
    }
}

struct ShortcutsGridWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ShortcutsGridWidget", provider: ShortcutsProvider()) { entry in
            VStack {
                ShortcutsGridView(entry: entry)
            }
            .containerBackground(.fill.tertiary, for: .widget)
            .widgetURL(URL(string: "quickly://shortcuts"))
        }
        .configurationDisplayName("Shortcuts")
        .description("Your favorite shortcuts, one tap each.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
