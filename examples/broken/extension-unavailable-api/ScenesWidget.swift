import SwiftUI
import UIKit
import WidgetKit

@main
struct LightsWidgetBundle: WidgetBundle {
    var body: some Widget {
        ScenesWidget()
    }
}

struct LightScene: Codable, Identifiable {
    let id: String
    let name: String
    let symbol: String
}

struct ScenesEntry: TimelineEntry {
    let date: Date
    let scenes: [LightScene]
}

struct ScenesProvider: TimelineProvider {
    func placeholder(in context: Context) -> ScenesEntry {
        ScenesEntry(date: Date(), scenes: [LightScene(id: "relax", name: "Relax", symbol: "moon.fill")])
    }

    func getSnapshot(in context: Context, completion: @escaping (ScenesEntry) -> Void) {
        completion(ScenesEntry(date: Date(), scenes: loadScenes()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ScenesEntry>) -> Void) {
        let entry = ScenesEntry(date: Date(), scenes: loadScenes())
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60 * 60))))
    }

    private func loadScenes() -> [LightScene] {
        guard let data = UserDefaults(suiteName: "group.com.example.lumen")?.data(forKey: "scenes") else {
            return []
        }
        return (try? JSONDecoder().decode([LightScene].self, from: data)) ?? []
    }
}

struct ScenesWidgetView: View {
    let entry: ScenesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(entry.scenes.prefix(3)) { scene in
                Button {
                    if let url = URL(string: "lumen://scenes/\(scene.id)/activate") {
                        UIApplication.shared.open(url)
                    }
                } label: {
                    Label(scene.name, systemImage: scene.symbol)
                        .frame(maxWidth: .infinity, alignment: .leading)
                }
                .buttonStyle(.bordered)
            }
        }
        .widgetURL(URL(string: "lumen://scenes"))
    }
}

struct ScenesWidget: Widget {
    let kind = "ScenesWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ScenesProvider()) { entry in
            ScenesWidgetView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Scenes")
        .description("Start one of your favorite lighting scenes.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
