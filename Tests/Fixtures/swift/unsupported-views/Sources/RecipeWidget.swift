// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import AVKit
import SwiftUI
import WidgetKit

struct RecipeEntry: TimelineEntry {
    let date: Date
    let recipe: Recipe?
}

struct RecipeProvider: TimelineProvider {
    func placeholder(in context: Context) -> RecipeEntry {
        RecipeEntry(date: Date(), recipe: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (RecipeEntry) -> Void) {
        completion(RecipeEntry(date: Date(), recipe: CookbookStore.recipe))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<RecipeEntry>) -> Void) {
        let entry = RecipeEntry(date: Date(), recipe: CookbookStore.recipe)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(6 * 60 * 60))))
    }
}

struct RecipeView: View {
    @Environment(\.widgetFamily) private var family
    let entry: RecipeEntry

    var body: some View {
        if let recipe = entry.recipe {
            HStack(alignment: .top, spacing: 12) {
                AsyncImage(url: recipe.photoURL) { image in
                    image.resizable().scaledToFill()
                } placeholder: {
                    Color.orange.opacity(0.2)
                }
                .frame(width: 96, height: 96)
                .clipShape(RoundedRectangle(cornerRadius: 12))

                ScrollView {
                    VStack(alignment: .leading, spacing: 4) {
                        Text(recipe.title).font(.headline)
                        ForEach(Array(recipe.steps.enumerated()), id: \.offset) { index, step in
                            Text("\(index + 1). \(step)").font(.caption)
                        }
                    }
                }
            }
            if family == .systemLarge {
                if let videoURL = recipe.videoURL {
                    VideoPlayer(player: AVPlayer(url: videoURL))
                        .frame(height: 120)
                } else {
                    RecipeWebView(url: recipe.sourceURL)
                        .frame(height: 120)
                }
            }
        } else {
            Text("No recipe picked for today.")
        }
    }
}

struct RecipeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "RecipeWidget", provider: RecipeProvider()) { entry in
            RecipeView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
                .widgetURL(URL(string: "cookbook://today"))
        }
        .configurationDisplayName("Recipe of the Day")
        .description("Today's recipe, with its photo and steps.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
