import SwiftUI
import WidgetKit

@main
struct TideWidget: Widget {
  var body: some WidgetConfiguration {
    StaticConfiguration(kind: "NextTide", provider: TideProvider()) { entry in
      TideView(entry: entry)
        .containerBackground(.fill.tertiary, for: .widget)
    }
    .configurationDisplayName("Next tide")
    .description("When the next high tide is.")
    .supportedFamilies([.systemSmall])
  }
}
