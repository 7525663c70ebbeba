import SwiftUI
import WidgetKit

/// Five widgets: the most a WidgetBundle could list with the Xcode 12 SDK. A sixth
/// would go into a nested bundle or a second extension.
@main
struct TripWidgetsBundle: WidgetBundle {
    var body: some Widget {
        NextTripWidget()
        FlightStatusWidget()
        ItineraryWidget()
        PackingListWidget()
        ExchangeRateWidget()
    }
}

/// The extension deploys to iOS 16, where `containerBackground` does not exist yet.
/// Before iOS 17 the home-screen families get a padded background of their own and
/// the Lock Screen families get none.
struct TripWidgetBackground: ViewModifier {
    @Environment(\.widgetFamily) private var family

    @ViewBuilder
    func body(content: Content) -> some View {
        if #available(iOS 17.0, *) {
            content.containerBackground(.fill.tertiary, for: .widget)
        } else if family == .systemSmall || family == .systemMedium || family == .systemLarge {
            content
                .padding()
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background(Color(.secondarySystemBackground))
        } else {
            content
        }
    }
}

extension View {
    func tripWidgetBackground() -> some View {
        modifier(TripWidgetBackground())
    }
}
