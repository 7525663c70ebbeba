import Foundation

/// Lints what a command line names and gathers one report: the library's entry point for the CLI.
public struct LintRun {
  public var configuration: LintConfiguration

  public init(configuration: LintConfiguration = LintConfiguration()) {
    self.configuration = configuration
  }

  public func run(arguments: [String]) -> LintReport {
    let (inputs, discoveryErrors) = ManifestDiscovery.inputs(for: arguments)
    let linter = Linter(configuration: configuration)
    var files: [String] = []
    var findings: [Finding] = []
    var errors = discoveryErrors
    for input in inputs {
      let path: String
      let bytes: Result<[UInt8], InputError>
      switch input {
      case .file(let filePath):
        path = filePath
        bytes = InputReader.read(path: filePath, maxSize: configuration.maxFileSize)
      case .standardInput:
        path = "<stdin>"
        bytes = InputReader.readStandardInput(maxSize: configuration.maxFileSize)
      }
      switch bytes {
      case .failure(let error):
        errors.append(InputError(path: path, message: error.message))
      case .success(let bytes):
        files.append(path)
        let directory = input == .standardInput ? "." : (path as NSString).deletingLastPathComponent
        let display = input == .standardInput ? "" : directory
        let source = SourceText(path: path, bytes: bytes)
        findings += linter.lint(
          manifest: source, directory: directory.isEmpty ? "." : directory, displayDirectory: display)
      }
    }
    return LintReport(files: files, findings: findings, inputErrors: errors)
  }
}
