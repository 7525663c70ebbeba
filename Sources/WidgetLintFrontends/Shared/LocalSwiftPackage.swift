import Foundation
import WidgetLintCore
import WidgetLintReaders

/// A Swift package in the repository that a project uses by path: a product's Swift files are those of
/// its library's targets, as its `Package.swift` writes them. Where the manifest does not say them plainly
/// (computed values, a library it does not write), they are all the Swift files under `Sources/`, the
/// package's code whichever library holds it.
package struct LocalSwiftPackage {
  package let path: String
  /// Reads `Package.swift` as every file is read: through the editor's texts, within the size limit.
  private let context: FrontendContext

  package init(path: String, context: FrontendContext) {
    // `../Packages/Kit` from `ios` is `Packages/Kit`: its files are named one way wherever it is used from.
    self.path = PathUtilities.resolve(path, from: "")
    self.context = context
  }

  /// The Swift files of a product, all on disk.
  package func swiftFiles(ofProduct name: String) -> [SwiftFileResolver.ResolvedFile] {
    let folders = manifest()?.sourceFolders(ofLibrary: name) ?? ["Sources"]
    var seen: Set<String> = []
    var files: [SwiftFileResolver.ResolvedFile] = []
    for folder in folders {
      let directory = PathUtilities.resolve(folder, from: path)
      for relative in SwiftFileResolver(baseDirectory: directory, displayDirectory: directory).walk(".")
      where relative.hasSuffix(".swift") {
        let file = PathUtilities.join(directory, relative)
        if seen.insert(file).inserted { files.append(SwiftFileResolver.ResolvedFile(path: file, displayPath: file)) }
      }
    }
    return files
  }

  /// Whether the package offers a library of that name: its manifest writes one or, where the manifest
  /// cannot be followed, the package's folder has the library's name, as most local packages' do.
  package func offersLibrary(_ name: String) -> Bool {
    guard let manifest = manifest(), !manifest.hasComputedValues else {
      return (path as NSString).lastPathComponent == name
    }
    return manifest.libraries[name] != nil
  }

  private func manifest() -> SwiftPackageManifest? {
    let bytes = context.read(path: PathUtilities.join(path, "Package.swift"), maxSize: context.limits.maxFileSize)
    return (try? bytes.get()).map { SwiftPackageManifest.read(String(decoding: $0, as: UTF8.self)) }
  }

  /// The id of a product's node in a `BuildGraph`.
  package func productID(_ name: String) -> String {
    "package:" + path + "\u{0}" + name
  }

  /// A product as a framework of a `BuildGraph`, named where the project uses it: its Swift files are
  /// read as the code of the targets that use it.
  package func productNode(_ name: Located<String>) -> BuildGraph.Target {
    BuildGraph.Target(
      id: productID(name.value), name: name, span: name.span, pointer: name.pointer, productType: .framework,
      settings: { _ in BuildGraph.Settings(layers: [], builtIns: [:]) },
      swiftFiles: { _ in swiftFiles(ofProduct: name.value) })
  }
}
