import Foundation
import WidgetLintModel

/// The projects one Xcode project description (a `project.pbxproj`, an XcodeGen spec, a Tuist manifest)
/// gives: one per app that embeds widget extensions, and per build configuration where configurations
/// disagree.
///
/// Every app that embeds a widget extension is linted with its extensions (a project may build an iOS and
/// a macOS app, each with its widget), and the first app that embeds any extension, as before. An app whose configurations all give the same facts is one project
/// (read as Release where there is one); otherwise one per configuration, named "the Debug configuration".
package enum BuildVariants {
  /// One app of the project read in one configuration.
  package struct Reading {
    /// The build configuration.
    package var name: String
    package var project: Project
    /// The facts the reading found, to tell configurations that agree from those that do not.
    package var signature: [String]
    /// The name of the app read.
    package var appName: String?
    /// How many apps of the project embed extensions: the apps `read` can be asked for.
    package var appCount = 1

    package init(name: String, project: Project, signature: [String], appName: String? = nil, appCount: Int = 1) {
      self.name = name
      self.project = project
      self.signature = signature
      self.appName = appName
      self.appCount = appCount
    }

    /// Whether the app embeds a widget extension (whose code is read: its sources are known).
    var embedsWidgets: Bool { project.manifest?.targets.contains { !$0.sources.isEmpty } ?? false }
  }

  /// The projects of every app (by index, from 0) in every configuration.
  package static func projects(configurations: [String], read: (_ configuration: String, _ app: Int) -> Reading)
    -> [Project]
  {
    let names = configurations.isEmpty ? [""] : configurations
    let first = read(names[0], 0)
    var apps: [[Reading]] = []
    for app in 0..<max(first.appCount, 1) {
      apps.append(names.indices.map { index in app == 0 && index == 0 ? first : read(names[index], app) })
    }
    if apps.count > 1 {
      // The first app is read as a project with one app is; the others when they embed widgets.
      apps = [apps[0]] + apps.dropFirst().filter { readings in readings.contains(where: \.embedsWidgets) }
    }
    return apps.flatMap { readings in
      let app = apps.count > 1 ? readings[0].appName.map { "the app '\($0)'" } : nil
      if Set(readings.map(\.signature)).count == 1 {
        var project = (readings.first { $0.name == "Release" } ?? readings[0]).project
        project.variant = app
        return [project]
      }
      return readings.map { reading in
        var project = reading.project
        project.variant = "the \(reading.name) configuration" + (app.map { " of \($0)" } ?? "")
        return project
      }
    }
  }
}
