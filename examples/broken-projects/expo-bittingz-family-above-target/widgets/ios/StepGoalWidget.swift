import SwiftUI
import WidgetKit

struct StepEntry: TimelineEntry {
  let date: Date
  let snapshot: StepSnapshot
}

struct StepProvider: TimelineProvider {
  func load() -> StepSnapshot {
    let suite = UserDefaults(suiteName: "group.com.example.stepgoal.expowidgets")
    guard let json = suite?.string(forKey: StepSnapshot.key), let data = json.data(using: .utf8),
      let snapshot = try? JSONDecoder().decode(StepSnapshot.self, from: data)
    else { return StepSnapshot(steps: 0, goal: 10000) }
    return snapshot
  }

  func placeholder(in context: Context) -> StepEntry {
    StepEntry(date: Date(), snapshot: StepSnapshot(steps: 4200, goal: 10000))
  }

  func getSnapshot(in context: Context, completion: @escaping (StepEntry) -> Void) {
    completion(StepEntry(date: Date(), snapshot: load()))
  }

  func getTimeline(in context: Context, completion: @escaping (Timeline<StepEntry>) -> Void) {
    let next = Calendar.current.date(byAdding: .minute, value: 30, to: Date())!
    completion(Timeline(entries: [StepEntry(date: Date(), snapshot: load())], policy: .after(next)))
  }
}

struct StepGoalView: View {
  let entry: StepEntry

  var body: some View {
    VStack {
      Text("\(entry.snapshot.steps)").font(.title2).bold()
      Text("of \(entry.snapshot.goal) steps").font(.caption)
    }
    .stepBackground()
  }
}

extension View {
  @ViewBuilder
  func stepBackground() -> some View {
    if #available(iOSApplicationExtension 17.0, *) {
      containerBackground(.fill.tertiary, for: .widget)
    } else {
      padding()
    }
  }
}

struct StepGoalWidget: Widget {
  let kind = "StepGoal"

  var body: some WidgetConfiguration {
    StaticConfiguration(kind: kind, provider: StepProvider()) { entry in
      StepGoalView(entry: entry)
    }
    .configurationDisplayName("Step goal")
    .description("Today's steps against your goal.")
    .supportedFamilies([.systemSmall, .accessoryCircular])
  }
}
