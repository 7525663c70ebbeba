import Foundation
import WidgetLintCore
import WidgetLintModel

/// A folder of widget Swift code with no manifest (`--sources`): one made-up target whose sources are
/// the folder. Nothing is assumed that the code does not say: without a deployment target, OS
/// availability is not judged.
public struct SwiftSourcesFrontend: ProjectFrontend {
  public var directory: String
  public var displayDirectory: String
  public var deploymentTarget: OSVersion?

  public init(directory: String, displayDirectory: String, deploymentTarget: OSVersion?) {
    self.directory = directory
    self.displayDirectory = displayDirectory
    self.deploymentTarget = deploymentTarget
  }

  public func readProject(_ context: FrontendContext) -> Project {
    let virtual = SourceText(path: displayDirectory.isEmpty ? "." : displayDirectory, bytes: [])
    let nowhere = SourceSpan(file: virtual, start: 0, end: 0)
    let name = (PathUtilities.absolute(directory) as NSString).lastPathComponent
    var target = Manifest.Target.Draft(span: nowhere, pointer: JSONPointer(["targets", "0"]))
    target.name = Located(name, span: nowhere, pointer: JSONPointer(["targets", "0", "name"]))
    target.deploymentTarget = deploymentTarget.map {
      Located($0, span: nowhere, pointer: JSONPointer(["targets", "0", "deploymentTarget"]))
    }
    var manifest = Manifest(rootSpan: nowhere)
    manifest.isSynthesized = true
    manifest.targets = [Manifest.Target(target)]
    var project = Project(manifestFile: virtual, manifest: manifest, readingProblems: [])
    let resolver = SwiftFileResolver(baseDirectory: directory, displayDirectory: displayDirectory)
    context.attachCode([resolver.files(for: ".") ?? []], to: &project)
    return project
  }
}
