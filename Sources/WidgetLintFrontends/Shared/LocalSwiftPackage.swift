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
    self.path = path
    self.context = context
  }

  /// The Swift files of a product, all on disk.
  package func swiftFiles(ofProduct name: String) -> [SwiftFileResolver.ResolvedFile] {
    let manifest = context.read(path: PathUtilities.join(path, "Package.swift"), maxSize: context.limits.maxFileSize)
    let manifestText = (try? manifest.get()).map { String(decoding: $0, as: UTF8.self) }
    let folders = manifestText.flatMap { SwiftPackageManifest.read($0).sourceFolders(ofLibrary: name) } ?? ["Sources"]
    var seen: Set<String> = []
    var files: [SwiftFileResolver.ResolvedFile] = []
    for folder in folders {
      let directory = PathUtilities.join(path, folder)
      for relative in SwiftFileResolver(baseDirectory: directory, displayDirectory: directory).walk(".")
      where relative.hasSuffix(".swift") {
        let file = PathUtilities.join(directory, relative)
        if seen.insert(file).inserted { files.append(SwiftFileResolver.ResolvedFile(path: file, displayPath: file)) }
      }
    }
    return files
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
