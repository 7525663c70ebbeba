import Foundation
import WidgetLintCore
import WidgetLintModel
import WidgetLintReaders

/// Reads an Xcode project's app and extension targets from its `project.pbxproj`, once per build
/// configuration, by translating it into a `BuildGraph` that `BuildGraphProjects` reads: when every
/// configuration gives the same facts, one project is returned (read from Release where there is one);
/// otherwise one per configuration, named "the Debug configuration".
///
/// What it embeds is what its "Embed Foundation Extensions" (`dstSubfolderSpec = 13`) and "Embed Watch
/// Content" (`16`) phases copy; its frameworks are the framework targets it links, embeds or depends on;
/// its Swift files are exactly its Sources build phase and its synchronized folders.
package struct XcodeProjectVariants {
  package let frontend: XcodeAppFrontend
  package let context: FrontendContext
  package let objects: XcodeProjectObjects
  package let pbxproj: String
  package let iosDirectory: String

  package static let applicationType = "com.apple.product-type.application"
  package static let extensionType = "com.apple.product-type.app-extension"
  /// A WatchKit 2 app and its WatchKit extension (before Xcode 14's single-target watch apps).
  package static let watchApp2Type = "com.apple.product-type.application.watchapp2"
  package static let watchExtension2Type = "com.apple.product-type.watchkit2-extension"
  package static let frameworkTypes: Set<String> = [
    "com.apple.product-type.framework", "com.apple.product-type.framework.static",
  ]

  static func productType(_ written: String?) -> BuildGraph.ProductType {
    switch written {
    case applicationType: return .application
    case extensionType: return .appExtension
    case watchApp2Type: return .watchApp2
    case watchExtension2Type: return .watchExtension2
    case let type? where frameworkTypes.contains(type): return .framework
    default: return .other
    }
  }

  package func read() -> [Project] {
    BuildGraphProjects(graph: graph(), context: context).read()
  }

  /// The project as a build graph.
  package func graph() -> BuildGraph {
    let targets = objects.nativeTargets
    var names = objects.projectConfigurations.map(\.name)
    if names.isEmpty { names = targets.first?.configurations.map(\.name) ?? [] }
    let xcconfigs = XcconfigLoader(context: context, root: iosDirectory)
    var byProduct: [String: String] = [:]
    for target in targets {
      if let product = target.productReference, byProduct[product] == nil { byProduct[product] = target.id }
    }
    let frameworkTargets = targets.filter { Self.frameworkTypes.contains($0.productType ?? "") }
    var packageProducts: [String: BuildGraph.Target] = [:]
    let nodes = targets.map { target in
      var node = BuildGraph.Target(
        id: target.id, name: target.name, span: target.name?.span ?? target.object.span,
        pointer: target.object.pointer, productType: Self.productType(target.productType),
        settings: { settings(of: target, configuration: $0, xcconfigs) },
        swiftFiles: { memberFiles(of: target, onDiskOnly: $0) })
      node.embeds = (target.embeddedProducts + target.embeddedWatchContent).compactMap { byProduct[$0] }
      let linked = Set(target.linkedProducts)
      node.frameworks = frameworkTargets.filter { framework in
        (framework.productReference.map(linked.contains) ?? false) || target.dependencies.contains(framework.id)
      }.map(\.id)
      for product in target.localPackageProducts {
        let package = LocalSwiftPackage(path: product.packagePath, context: context)
        let id = package.productID(product.name)
        node.frameworks.append(id)
        if packageProducts[id] == nil {
          packageProducts[id] = package.productNode(
            Located(product.name, span: product.object.span, pointer: product.object.pointer))
        }
      }
      return node
    }
    var graph = BuildGraph(
      configurations: names, targets: nodes, directory: objects.projectDirectory, root: iosDirectory,
      rootSpan: SourceSpan(file: objects.project.span.file, start: 0, end: 0)
    ) { [iosDirectory, pbxproj] in
      var project = Project(manifestFile: SourceText(path: iosDirectory, text: ""), manifest: nil, readingProblems: [])
      project.filesRead.append(pbxproj)
      return project
    }
    graph.notesSettingsAFileMaySet = false
    graph.packageProducts = packageProducts.keys.sorted().compactMap { packageProducts[$0] }
    return graph
  }

  /// A target's build settings in a configuration, in Xcode's order of precedence.
  private func settings(
    of target: XcodeProjectObjects.Target, configuration name: String, _ xcconfigs: XcconfigLoader
  ) -> BuildGraph.Settings {
    let projectConfiguration = objects.projectConfigurations.first { $0.name == name }
    let projectXcconfig = xcconfigs.load(projectConfiguration?.baseConfigurationPath)
    let own = target.configurations.first { $0.name == name }
    let targetXcconfig = xcconfigs.load(own?.baseConfigurationPath)
    let targetName = target.name?.value ?? ""
    let projectName = (PathUtilities.folder(of: pbxproj) as NSString).lastPathComponent
    return BuildGraph.Settings(
      layers: [
        XcodeBuildSettingsLayer(settings: own?.settings ?? [:]), targetXcconfig.layer,
        XcodeBuildSettingsLayer(settings: projectConfiguration?.settings ?? [:]), projectXcconfig.layer,
      ],
      builtIns: [
        "TARGET_NAME": targetName, "PRODUCT_NAME": targetName, "CONFIGURATION": name,
        "SRCROOT": BuildGraph.sourceRoot, "PROJECT_DIR": BuildGraph.sourceRoot, "SOURCE_ROOT": BuildGraph.sourceRoot,
        "PROJECT_NAME": (projectName as NSString).deletingPathExtension,
      ],
      xcconfigs: [targetXcconfig, projectXcconfig])
  }

  /// A target's Swift files: its Sources build phase, its synchronized folders' Swift files but the
  /// exceptions, and other folders' files that the exceptions make its members. Files not on disk are
  /// skipped unless `onDiskOnly` is false.
  package func memberFiles(
    of target: XcodeProjectObjects.Target, onDiskOnly: Bool = true
  ) -> [SwiftFileResolver.ResolvedFile] {
    var paths = target.sourcePaths
    for folder in target.synchronizedFolders {
      paths += SwiftFileResolver(baseDirectory: folder.path, displayDirectory: folder.path).walk(
        "."
      )
      .filter { $0.hasSuffix(".swift") && !folder.excluded.contains($0) }
      .map { PathUtilities.join(folder.path, $0) }
    }
    paths += target.synchronizedExtras.filter { $0.hasSuffix(".swift") }
    var seen: Set<String> = []
    return paths.filter { seen.insert($0).inserted && (!onDiskOnly || FileManager.default.fileExists(atPath: $0)) }
      .map { SwiftFileResolver.ResolvedFile(path: $0, displayPath: $0) }
  }
}
