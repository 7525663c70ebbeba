import SwiftUI
import WidgetKit

// Previews only: excluded from the widget target's sources in Project.swift.
#Preview(as: .systemSmall) {
    NextTideWidget()
} timeline: {
    TideEntry(date: .now, height: 2.4)
}
