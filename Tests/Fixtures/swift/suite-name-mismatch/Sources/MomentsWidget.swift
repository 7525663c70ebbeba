// swift-format-ignore-file
// A fixture kept exactly as written: its expected findings are at fixed positions.
import SwiftUI
import WidgetKit

struct MomentEntry: TimelineEntry {
    let date: Date
    let photo: UIImage?
    let caption: String?
}

struct MomentsProvider: TimelineProvider {
    func placeholder(in context: Context) -> MomentEntry {
        MomentEntry(date: Date(), photo: nil, caption: "Summer at the lake")
    }

    func getSnapshot(in context: Context, completion: @escaping (MomentEntry) -> Void) {
        completion(MomentEntry(date: Date(), photo: SharedStore.photo, caption: SharedStore.caption))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MomentEntry>) -> Void) {
        let now = Date()
        let entry = MomentEntry(date: now, photo: SharedStore.photo, caption: SharedStore.caption)
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: now)!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct MomentsView: View {
    let entry: MomentEntry

    var body: some View {
        ZStack(alignment: .bottomLeading) {
            if let photo = entry.photo {
                Image(uiImage: photo)
                    .resizable()
                    .scaledToFill()
            } else {
                Image(systemName: "photo.on.rectangle")
                    .font(.largeTitle)
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            }
            if let caption = entry.caption {
                Text(caption)
                    .font(.caption.bold())
                    .foregroundStyle(.white)
                    .shadow(radius: 2)
                    .padding(8)
            }
        }
    }
}

struct MomentsWidget: Widget {
    let kind = "MomentsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: MomentsProvider()) { entry in
            MomentsView(entry: entry)
                .containerBackground(.black, for: .widget)
                .widgetURL(URL(string: "moments://photo"))
        }
        .configurationDisplayName("Moments")
        .description("A photo from your album, with its caption.")
        .supportedFamilies([.systemSmall, .systemLarge])
        .contentMarginsDisabled()
    }
}
