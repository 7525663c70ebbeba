import SwiftUI
import WidgetKit

struct PhotoEntry: TimelineEntry {
    let date: Date
    let photo: URL
}

struct PhotoProvider: TimelineProvider {
    func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: Date(), photo: savedPhoto())
    }

    func getSnapshot(in context: Context, completion: @escaping (PhotoEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PhotoEntry>) -> Void) {
        // The app saves a new photo each morning and reloads the widget itself.
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }

    /// The file the app wrote into the shared container.
    private func savedPhoto() -> URL {
        let folder = FileManager.default.containerURL(
            forSecurityApplicationGroupIdentifier: "group.com.example.photoframe")
        return (folder ?? FileManager.default.temporaryDirectory).appendingPathComponent("today.jpg")
    }
}

struct PhotoView: View {
    let entry: PhotoEntry

    var body: some View {
        AsyncImage(url: entry.photo)
            .containerBackground(.black, for: .widget)
    }
}

@main
struct PhotoWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "PhotoOfTheDay", provider: PhotoProvider()) { entry in
            PhotoView(entry: entry)
        }
        .configurationDisplayName("Photo of the day")
        .description("Today's photo from the app.")
        .supportedFamilies([.systemSmall, .systemLarge])
    }
}
