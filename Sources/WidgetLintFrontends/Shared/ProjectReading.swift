import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// One app of an Xcode project description (pbxproj, XcodeGen spec, Tuist manifest) while it is read in
/// one configuration: the project so far, the files read, the problems met, the facts that tell
/// configurations apart, and the settings left to the builder. The three readers share it.
package final class ProjectReading {
  package var project: Project
  /// The facts read, to tell configurations that agree from those that do not (`BuildVariants`).
  package var signature: [String] = []
  /// Where the project's resolvers record the settings left to whoever builds the app.
  package let leftToBuilder = SettingsLeftToBuilder()
  private let context: FrontendContext

  package init(project: Project, context: FrontendContext) {
    self.project = project
    self.context = context
  }

  /// Problems met while reading files, each said once however many targets name the file.
  package func observe(_ observations: [ReadingProblem]) {
    for observation in observations
    where !project.readingProblems.contains(where: {
      $0.kind == observation.kind && $0.span.file.path == observation.span.file.path
        && $0.span.start == observation.span.start && $0.message == observation.message
    }) {
      project.readingProblems.append(observation)
    }
  }

  /// Files read, each listed once.
  package func noteRead(_ files: [String]) {
    for file in files where !project.filesRead.contains(file) { project.filesRead.append(file) }
  }

  /// An xcconfig a target or the project uses: its files, the problems finding them, its suppressions.
  package func use(_ xcconfigs: XcconfigLoader.Reading...) {
    for xcconfig in xcconfigs {
      noteRead(xcconfig.files)
      observe(xcconfig.observations)
      project.addSuppressions(xcconfig.suppressions)
    }
  }

  /// The file a setting names (`path`, the setting's value joined to its folder), found as a Mac finds
  /// it below `base`, and read; its problems are said at the setting.
  package func readFile(_ path: String, below base: String, namedAt written: Located<String>, what: String) -> (
    value: Located<ConfigValue>?, wasRead: Bool
  ) {
    let read = context.readNamedFile(path, below: base, namedAt: written, what: what)
    observe(read.observations)
    if read.wasRead, let path = read.path { noteRead([path]) }
    return (read.value, read.wasRead)
  }

  /// A deployment target as written, where it is a version.
  package static func deploymentTarget(_ written: Located<String>?) -> Located<OSVersion>? {
    guard let written, let version = OSVersion(parsing: written.value) else { return nil }
    return written.map { _ in version }
  }

  /// Signs an app (`app`) or a watch app that hosts extensions (`host <name>`).
  package func sign(_ app: Manifest.App, as label: String) {
    signature.append(
      "\(label) \(app.bundleIdentifier?.value ?? "-") \(app.deploymentTarget?.value.description ?? "-")")
  }

  /// Signs an extension target: its identity, its extension point and the widget code it compiles.
  package func sign(_ target: Manifest.Target.Draft, point: String?, files: [SwiftFileResolver.ResolvedFile]) {
    signature.append(
      "target \(target.name?.value ?? "") \(target.bundleIdentifier?.value ?? "-") \(target.deploymentTarget?.value.description ?? "-") \(point ?? "-") \(files.map(\.path))"
    )
  }

  /// A watch app's own code, read as the app code of the extensions it hosts.
  package func attachHostCode(_ app: Manifest.App, files: [SwiftFileResolver.ResolvedFile]) {
    guard let code = context.appCode(files) else { return }
    project.hostCode.append((app, code))
    FrontendContext.noteComputedKind(
      of: code, pointer: app.pointer.appending("sources"), subject: app.name?.value, to: &project)
    if !code.reloadedKinds.isEmpty { FrontendContext.noteUnknownWidgets(host: app.pointer, in: &project) }
    noteRead(code.files.map(\.file.path))
  }

  /// What was read, for `BuildVariants`.
  package func finished(configuration: String, appName: String?, appCount: Int) -> BuildVariants.Reading {
    BuildVariants.Reading(
      name: configuration, project: project, signature: signature, appName: appName, appCount: appCount)
  }
}
