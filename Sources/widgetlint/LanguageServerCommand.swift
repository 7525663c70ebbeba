import ArgumentParser
import Dispatch
import Foundation
import WidgetLintKit

struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Serve diagnostics, quick fixes and rule explanations to an editor (Language Server Protocol).",
    discussion: """
      Speaks the Language Server Protocol over standard input and output. Each open file's project is
      linted with the editor's text, unsaved changes included; docs/editors.md shows the set-up for
      VS Code, Neovim, Helix and Zed.
      """)

  func run() throws {
    Task {
      let status = await LanguageServer.serve()
      Foundation.exit(status)
    }
    dispatchMain()
  }
}
