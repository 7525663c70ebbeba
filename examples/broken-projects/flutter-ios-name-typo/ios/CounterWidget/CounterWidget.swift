import SwiftUI
import WidgetKit

/// Reads what the Flutter app saved with `HomeWidget.saveWidgetData<int>('counter', …)`.
enum CounterStore {
  /// Must equal the group passed to `HomeWidget.setAppGroupId` in lib/main.dart and the
  /// App Group in both entitlements files, or the widget silently reads an empty store.
  static func count() -> Int {
    let prefs = UserDefaults(suiteName: "group.com.example.flutterCounter")
    return prefs?.integer(forKey: "counter") ?? 0
  }
}

struct CounterEntry: TimelineEntry {
  let date: Date
  let count: Int
}

struct CounterProvider: TimelineProvider {
  func placeholder(in context: Context) -> CounterEntry {
    CounterEntry(date: Date(), count: 0)
  }

  func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
    completion(CounterEntry(date: Date(), count: context.isPreview ? 7 : CounterStore.count()))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
    let entry = CounterEntry(date: Date(), count: CounterStore.count())
    // The app calls HomeWidget.updateWidget(iOSName: 'CounterWidget') after every change.
    completion(Timeline(entries: [entry], policy: .never))
  }
}

struct CounterWidgetView: View {
  @Environment(\.widgetFamily) var family
  var entry: CounterEntry

  var body: some View {
    VStack(spacing: 8) {
      Text("You have pushed the button this many times:")
        .font(family == .systemSmall ? .caption : .body)
        .multilineTextAlignment(.center)
        .foregroundColor(.secondary)
      Text("\(entry.count)")
        .font(.system(size: family == .systemLarge ? 96 : 48, weight: .bold, design: .rounded))
        .foregroundColor(.blue)
    }
    .padding()
  }
}

extension View {
  /// `containerBackground(_:for:)` exists from iOS 17; the extension deploys to iOS 14.
  @ViewBuilder
  func counterBackground() -> some View {
    if #available(iOS 17.0, *) {
      containerBackground(Color(.systemBackground), for: .widget)
    } else {
      background(Color(.systemBackground))
    }
  }
}

struct CounterWidget: Widget {
  let kind: String = "CounterWidget"

  var body: some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: CounterProvider()) { entry in
      CounterWidgetView(entry: entry)
        .counterBackground()
    }
    .configurationDisplayName("Counter")
    .description("Shows how many times you have pressed the button in the app.")
    .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
  }
}

@main
struct CounterWidgetBundle: WidgetBundle {
  var body: some Widget {
    CounterWidget()
  }
}
