import Foundation
import WidgetLintCore
import WidgetLintModel

/// Where a committed Xcode project that a generator writes from a spec (XcodeGen's `project.yml`,
/// Tuist's `Project.swift`) disagrees with the project the spec describes, on what the rules read: which
/// extension targets the app has and which of them carry widgets, and each target's bundle identifier,
/// deployment target and App Groups. The spec is the source; the committed project is what a build
/// from the repository uses until it is generated again, so each difference is a
/// `stale-generated-project` observation at the committed project's value (its build setting in
/// `project.pbxproj` or an `.xcconfig`, its entitlements file), with the spec's value as a related
/// location. A value either side does not know (computed, left to the builder, unreadable) is not
/// compared.
///
/// A frontend reads its spec into `Project`s (one per variant), reads the committed project with
/// `readCommittedProject(_:context:)`, and adds `observations(spec:generated:specName:regenerate:)` of
/// each variant to that variant's reading observations.
package enum GeneratedProjectDrift {
  /// The committed project's variants, read as an Xcode app's `.xcodeproj` is read; nil when there is no
  /// such project or its `project.pbxproj` cannot be read (then there is nothing to compare).
  package static func readCommittedProject(_ xcodeproj: String, context: FrontendContext) -> [Project]? {
    let pbxproj = PathUtilities.join(xcodeproj, "project.pbxproj")
    guard FileManager.default.fileExists(atPath: pbxproj) else { return nil }
    let parent = PathUtilities.folder(of: xcodeproj)
    let directory = parent.isEmpty ? "." : parent
    guard let objects = context.readXcodeProjectObjects(at: pbxproj, projectFolder: directory).objects else {
      return nil
    }
    return XcodeProjectVariants(
      frontend: XcodeAppFrontend(directory: directory), context: context, objects: objects, pbxproj: pbxproj,
      iosDirectory: directory
    ).read()
  }

  /// One observation per difference of the committed project (`generated`, its variants) from one
  /// variant of the spec's project. The committed variant of the same configuration is compared, else
  /// each of them. `specName` names the spec in messages ("project.yml"); `regenerate` is the command that
  /// writes the project again ("xcodegen generate").
  package static func observations(spec: Project, generated: [Project], specName: String, regenerate: String)
    -> [ReadingProblem]
  {
    let same = generated.filter { $0.variant != nil && $0.variant == spec.variant }
    let compared = same.isEmpty ? generated : same
    var result: [ReadingProblem] = []
    for project in compared {
      for observation in Comparison(specName: specName, regenerate: regenerate).differences(spec, project)
      where !result.contains(where: {
        $0.span.file.path == observation.span.file.path && $0.span.start == observation.span.start
          && $0.message == observation.message
      }) {
        result.append(observation)
      }
    }
    return result
  }

  private struct Comparison {
    let specName: String
    let regenerate: String

    func differences(_ spec: Project, _ generated: Project) -> [ReadingProblem] {
      guard let specManifest = spec.manifest, let generatedManifest = generated.manifest else { return [] }
      var result: [ReadingProblem] = []
      let generatedRoot = generatedManifest.app?.span ?? generatedManifest.rootSpan

      func report(
        _ message: String, at span: SourceSpan, pointer: JSONPointer, subject: String?, specAt: SourceSpan?
      ) {
        result.append(
          ReadingProblem(
            kind: .staleGeneratedProject,
            message: "\(message): the generated project is stale; regenerate it with `\(regenerate)`",
            span: span, pointer: pointer, subject: subject,
            related: specAt.map { [RelatedLocation("\(specName) says this", at: $0)] } ?? []))
      }

      func compare(
        _ owner: String, subject: String?, bundle: (Located<String>?, Located<String>?),
        deployment: (Located<OSVersion>?, Located<OSVersion>?), entitlements: (Entitlements?, Entitlements?),
        anchor: (SourceSpan, JSONPointer)
      ) {
        if let specID = bundle.0, let generatedID = bundle.1, specID.value != generatedID.value {
          report(
            "the bundle identifier of \(owner) is '\(generatedID.value)' here, '\(specID.value)' in \(specName)",
            at: generatedID.span, pointer: generatedID.pointer, subject: subject, specAt: specID.span)
        }
        if let specVersion = deployment.0, let generatedVersion = deployment.1,
          specVersion.value != generatedVersion.value
        {
          report(
            "the deployment target of \(owner) is \(generatedVersion.value) here, \(specVersion.value) in \(specName)",
            at: generatedVersion.span, pointer: generatedVersion.pointer, subject: subject, specAt: specVersion.span)
        }
        let (specEntitlements, generatedEntitlements) = entitlements
        guard specEntitlements?.appGroupsAreUnknown != true, generatedEntitlements?.appGroupsAreUnknown != true,
          specEntitlements != nil || generatedEntitlements != nil
        else { return }
        let specGroups = Set(specEntitlements?.appGroupNames ?? [])
        let generatedGroups = Set(generatedEntitlements?.appGroupNames ?? [])
        guard specGroups != generatedGroups else { return }
        let place =
          generatedEntitlements.map { ($0.appGroupsSpan ?? $0.span, $0.pointer) } ?? anchor
        report(
          "the App Groups of \(owner) are \(Self.describe(generatedGroups)) here, \(Self.describe(specGroups)) in \(specName)",
          at: place.0, pointer: place.1, subject: subject,
          specAt: specEntitlements.map { $0.appGroupsSpan ?? $0.span })
      }

      if let specApp = specManifest.app, let generatedApp = generatedManifest.app {
        compare(
          "the app", subject: nil, bundle: (specApp.bundleIdentifier, generatedApp.bundleIdentifier),
          deployment: (specApp.deploymentTarget, generatedApp.deploymentTarget),
          entitlements: (specApp.entitlements, generatedApp.entitlements),
          anchor: (generatedApp.span, generatedApp.pointer))
      }
      let generatedByName = Dictionary(
        generatedManifest.targets.compactMap { target in target.name.map { ($0.value, target) } },
        uniquingKeysWith: { first, _ in first })
      let specNames = Set(specManifest.targets.compactMap(\.name?.value))
      for target in specManifest.targets {
        guard let name = target.name?.value else { continue }
        guard let other = generatedByName[name] else {
          report(
            "the app has no extension target '\(name)' here, which \(specName) declares",
            at: generatedRoot, pointer: generatedManifest.app?.pointer ?? .root, subject: name,
            specAt: target.name?.span)
          continue
        }
        let owner = "target '\(name)'"
        let otherAnchor = other.name?.span ?? other.span
        if target.sources.isEmpty != other.sources.isEmpty {
          report(
            target.sources.isEmpty
              ? "\(owner) is a widget extension here, not in \(specName)"
              : "\(owner) is no widget extension here (its Info.plist names another extension point, or none), but is one in \(specName)",
            at: otherAnchor, pointer: other.pointer, subject: name, specAt: target.name?.span)
        }
        compare(
          owner, subject: name, bundle: (target.bundleIdentifier, other.bundleIdentifier),
          deployment: (target.deploymentTarget, other.deploymentTarget),
          entitlements: (target.entitlements, other.entitlements), anchor: (otherAnchor, other.pointer))
      }
      for other in generatedManifest.targets {
        guard let name = other.name?.value, !specNames.contains(name) else { continue }
        report(
          "the app has extension target '\(name)' here, which \(specName) does not declare",
          at: other.name?.span ?? other.span, pointer: other.pointer, subject: name, specAt: nil)
      }
      return result
    }

    private static func describe(_ groups: Set<String>) -> String {
      groups.isEmpty ? "none" : Wording.list(groups.sorted().map { "'\($0)'" })
    }
  }
}
