import SwiftUI
import WidgetKit

// Entry point of the `widget` extension that @bacons/apple-targets adds to the Xcode project at prebuild.
@main
struct ExpoWidgets: WidgetBundle {
    var body: some Widget {
        makeWidgets()
    }

    /// The lock-screen counters need iOS 16; older systems get the home-screen widget alone.
    private func makeWidgets() -> some Widget {
        if #available(iOSApplicationExtension 16.0, *) {
            return WidgetBundleBuilder.buildBlock(
                ExpoWidget(),
                StepsCounterWidget(),
                WaterCounterWidget(),
                SleepCounterWidget(),
                MoodCounterWidget(),
                FocusCounterWidget(),
                ReadingCounterWidget(),
                StretchCounterWidget(),
                MeditationCounterWidget(),
                JournalCounterWidget(),
                SavingsCounterWidget()
            )
        } else {
            return WidgetBundleBuilder.buildBlock(ExpoWidget())
        }
    }
}
