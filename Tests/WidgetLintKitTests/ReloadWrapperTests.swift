import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintFrontends
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintReaders
@testable import WidgetLintRules

/// Reloads as apps write them: through a function of the app's that passes its parameter to
/// `reloadTimelines(ofKind:)`, called with the kind from another file, and kinds held in an enum's raw
/// values. The widget's kind in these projects is "Note".
@Suite struct ReloadWrapperTests {
  /// The app's sources: `AppMain.swift`, and `Callers.swift`, which calls nothing of WidgetKit itself.
  static func files(app: String, callers: String) -> [(path: String, contents: String)] {
    AppCodeTests.files(app: app).map { file -> (path: String, contents: String) in
      guard file.path.hasSuffix("project.pbxproj") else { return file }
      let text = file.contents
        .replacingOccurrences(
          of: "children = (FA /* AppMain.swift */, );", with: "children = (FA /* AppMain.swift */, FK, );"
        )
        .replacingOccurrences(
          of: "files = (BA /* AppMain.swift in Sources */, );",
          with: "files = (BA /* AppMain.swift in Sources */, BK, );"
        )
        .replacingOccurrences(
          of: "\t};\n\trootObject",
          with:
            "\t\tFK /* Callers.swift */ = {isa = PBXFileReference; path = Callers.swift; sourceTree = \"<group>\"; };\n\t\tBK = {isa = PBXBuildFile; fileRef = FK; };\n\t};\n\trootObject"
        )
      return (file.path, text)
    } + [("App/Callers.swift", callers)]
  }

  static let stringWrapper = """
    import WidgetKit
    enum Widgets {
        static func reload(kind: String) {
            WidgetCenter.shared.reloadTimelines(ofKind: kind)
        }
    }
    """

  @Test func aWrapperCalledWithAMisspeltKindInAnotherFileIsReported() throws {
    let callers = "func saved() {\n    Widgets.reload(kind: \"Notes\")\n}\n"
    let (findings, _) = try AppCodeTests().lint(Self.files(app: Self.stringWrapper, callers: callers))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    #expect(finding.file.hasSuffix("App/Callers.swift"))
    #expect(TestSupport.start(finding) == "2:26")
    #expect(finding.message.hasSuffix("did you mean 'Note'?"))
  }

  /// The clean twin: the wrapper is called with the widget's kind.
  @Test func aWrapperCalledWithTheKindIsClean() throws {
    let callers = "func saved() {\n    Widgets.reload(kind: \"Note\")\n}\n"
    let (findings, project) = try AppCodeTests().lint(Self.files(app: Self.stringWrapper, callers: callers))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(project.appCode?.reloadedKinds.count == 1)
  }

  static func enumWrapper(rawValue: String) -> String {
    """
    import WidgetKit
    enum WidgetKind: String {
        case notes\(rawValue)
        case archive = "Archive"
    }
    func reload(_ widget: WidgetKind) {
        WidgetCenter.shared.reloadTimelines(ofKind: widget.rawValue)
    }
    """
  }

  @Test func anEnumsRawValuePassedToAWrapperIsTheKind() throws {
    let callers = "func saved() {\n    reload(.notes)\n}\n"
    let (findings, _) = try AppCodeTests().lint(
      Self.files(app: Self.enumWrapper(rawValue: " = \"Notes\""), callers: callers))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    let finding = try #require(findings.first)
    // Where the kind is written: the case's raw value.
    #expect(finding.file.hasSuffix("App/AppMain.swift"))
    #expect(TestSupport.start(finding) == "3:18")
  }

  /// The clean twin: a case without a raw value is its own name, and the case passed is the kind.
  @Test func anEnumCaseNamedAsTheKindIsClean() throws {
    let enumCode = Self.enumWrapper(rawValue: "").replacingOccurrences(of: "case notes", with: "case Note")
    let callers = "func saved() {\n    reload(.Note)\n    reload(WidgetKind.Note)\n}\n"
    let (findings, project) = try AppCodeTests().lint(Self.files(app: enumCode, callers: callers))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(project.appCode?.reloadedKinds.count == 2)
  }

  @Test func aRawValueReloadedDirectlyIsResolved() throws {
    let app = """
      import WidgetKit
      enum WidgetKind: String { case notes = "Notes" }
      func saved() { WidgetCenter.shared.reloadTimelines(ofKind: WidgetKind.notes.rawValue) }
      """
    let (findings, _) = try AppCodeTests().lint(AppCodeTests.files(app: app))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind"])
    #expect(findings.first.map(TestSupport.start) == "2:40")
  }

  /// A wrapper whose callers pass what the code computes reloads nothing known: one note names the
  /// first such kind, and nothing is judged.
  @Test func aWrapperCalledWithAComputedKindGivesOneNote() throws {
    let callers =
      "func saved(name: String) {\n    Widgets.reload(kind: name + \"s\")\n    Widgets.reload(kind: name)\n    Widgets.reload(kind: String(name.reversed()))\n}\n"
    let (findings, project) = try AppCodeTests().lint(Self.files(app: Self.stringWrapper, callers: callers))
    #expect(findings.map { "\($0.ruleID) \(TestSupport.position($0))" } == ["computed-value 2:26-2:36"])
    #expect(findings.first?.file.hasSuffix("App/Callers.swift") == true)
    #expect(
      findings.first?.message
        == "kind not checked: `name + \"s\"` is built when the app runs, which widgetlint does not follow")
    #expect(project.appCode?.reloadedKinds.isEmpty == true)
  }

  /// Arguments the code computes for functions that reload nothing are no kinds: no note.
  @Test func computedArgumentsOfOtherFunctionsGiveNoNote() throws {
    let callers =
      "func saved(name: String) {\n    print(name + \"s\")\n    Widgets.reload(kind: \"Note\")\n}\n"
    let (findings, _) = try AppCodeTests().lint(Self.files(app: Self.stringWrapper, callers: callers))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
  }

  /// A wrapper of the app's own that wraps `reloadTimelines(ofKind:)`; the callers wrap it in turn.
  static let innerWrapper = """
    import WidgetKit
    func reloadKind(_ kind: String) {
        WidgetCenter.shared.reloadTimelines(ofKind: kind)
    }
    """

  static func forwardingCallers(kind: String) -> String {
    """
    func refresh(named name: String) {
        reloadKind(name)
    }
    enum Widgets {
        static func reload(_ kind: String) { refresh(named: kind) }
    }
    func saved() {
        refresh(named: "\(kind)")
        Widgets.reload("\(kind)")
    }
    """
  }

  @Test func aWrapperPassingItsParameterToAnotherWrapperIsFollowed() throws {
    let (findings, _) = try AppCodeTests().lint(
      Self.files(app: Self.innerWrapper, callers: Self.forwardingCallers(kind: "Notes")))
    #expect(findings.map(\.ruleID) == ["unknown-widget-kind", "unknown-widget-kind"])
    #expect(findings.allSatisfy { $0.file.hasSuffix("App/Callers.swift") })
    // Through one wrapper of the app's, then through two.
    #expect(findings.map(TestSupport.start).sorted() == ["8:20", "9:20"])
    #expect(findings.allSatisfy { $0.message.hasSuffix("did you mean 'Note'?") })
  }

  /// The clean twin: the same chain called with the widget's kind.
  @Test func aChainOfWrappersCalledWithTheKindIsClean() throws {
    let (findings, project) = try AppCodeTests().lint(
      Self.files(app: Self.innerWrapper, callers: Self.forwardingCallers(kind: "Note")))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(project.appCode?.reloadedKinds.count == 2)
    #expect(project.appCode?.reloadWrappers.map(\.function).sorted() == ["refresh", "reload", "reloadKind"])
  }

  /// A parameter passed on under another label is not the wrapper's argument: nothing is made of it.
  @Test func aParameterPassedAsAnotherArgumentIsNotAWrapper() throws {
    let callers = """
      func log(_ message: String, kind: String) {}
      func refresh(named name: String) {
          log(name, kind: "Other")
          reloadKind(name)
      }
      func report(_ text: String) { log(text, kind: "Other") }
      func saved() {
          report("Notes")
      }
      """
    let (findings, project) = try AppCodeTests().lint(Self.files(app: Self.innerWrapper, callers: callers))
    #expect(findings.isEmpty, "\(findings.map(\.message))")
    #expect(project.appCode?.reloadWrappers.map(\.function).sorted() == ["refresh", "reloadKind"])
  }
}
