import SwiftUI
import WidgetKit

/// The Lock Screen widgets share this protocol: each gives its content as a method, which the
/// configuration takes by reference.
protocol AccessoryWidget: Widget {}

/// The event widgets, a refinement of the accessory ones.
protocol EventAccessoryWidget: AccessoryWidget {}
