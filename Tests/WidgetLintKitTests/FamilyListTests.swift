import Foundation
import Testing

@testable import WidgetLintCore
@testable import WidgetLintKit
@testable import WidgetLintModel
@testable import WidgetLintRules

/// `.supportedFamilies(widgetFamilies)`: a list of families the project declares under a name, in a
/// protocol extension the widget conforms to, in the widget's own type or at file level, is the widget's
/// list for the rules that judge its families.
@Suite struct FamilyListTests {
  /// The Agenda widget of `ContainerBackgroundBranchTests`, whose families are `widgetFamilies`, and `declarations`
  /// after its view (from line 31).
  static func swift(declarations: String) -> String {
    ContainerBackgroundBranchTests.swift(views: ContainerBackgroundBranchTests.agendaView + "\n" + declarations)
      .replacingOccurrences(
        of: ".supportedFamilies([.systemSmall, .accessoryRectangular, .accessoryCircular])",
        with: ".supportedFamilies(widgetFamilies)")
  }

  static func protocolExtension(_ families: String) -> String {
    """
    protocol AgendaFamilies {}
    extension AgendaFamilies {
        var widgetFamilies: [WidgetFamily] { [\(families)] }
    }
    extension AgendaWidget: AgendaFamilies {}
    """
  }

  @Test func familiesFromAProtocolExtensionReachTheFamilySwitch() throws {
    // The switch's rectangular case sets no background, and the list the widget conforms to names it.
    #expect(
      try ContainerBackgroundBranchTests().findings(
        Self.swift(declarations: Self.protocolExtension(".systemSmall, .accessoryRectangular")))
        == [
          "22:9-22:36 " + ContainerBackgroundBranchTests.message("case .accessoryRectangular", "accessoryRectangular")
        ])
  }

  /// The clean twin: the list names no family of a case without a background.
  @Test func familiesFromAProtocolExtensionThatReachNoBareCaseAreClean() throws {
    #expect(
      try ContainerBackgroundBranchTests().findings(Self.swift(declarations: Self.protocolExtension(".systemSmall")))
        == [])
  }

  @Test func theWidgetsOwnListAndAFileLevelListAreFollowed() throws {
    let own = "extension AgendaWidget {\n    var widgetFamilies: [WidgetFamily] { [.accessoryCircular] }\n}"
    #expect(
      try ContainerBackgroundBranchTests().findings(Self.swift(declarations: own))
        == [
          "24:9-24:51 "
            + ContainerBackgroundBranchTests.message("case .accessoryCircular, .accessoryInline", "accessoryCircular")
        ])
    let fileLevel = "let widgetFamilies = [WidgetFamily.systemSmall, .accessoryRectangular]"
    #expect(
      try ContainerBackgroundBranchTests().findings(Self.swift(declarations: fileLevel))
        == [
          "22:9-22:36 " + ContainerBackgroundBranchTests.message("case .accessoryRectangular", "accessoryRectangular")
        ])
  }

  /// A list the code computes, or a name declared twice, is not known: the cases are not judged.
  @Test func aListThatIsNotKnownLeavesTheCasesSilent() throws {
    let computed =
      "protocol AgendaFamilies {}\nextension AgendaFamilies {\n    var widgetFamilies: [WidgetFamily] { WidgetFamily.allCases }\n}\nextension AgendaWidget: AgendaFamilies {}"
    #expect(try ContainerBackgroundBranchTests().findings(Self.swift(declarations: computed)) == [])
    let twice = """
      #if DEBUG
      let widgetFamilies: [WidgetFamily] = [.accessoryRectangular]
      #else
      let widgetFamilies: [WidgetFamily] = [.systemSmall]
      #endif
      """
    #expect(try ContainerBackgroundBranchTests().findings(Self.swift(declarations: twice)) == [])
  }

  /// The families are judged where the list writes them: an iOS widget cannot list `accessoryCorner`.
  @Test func aWatchFamilyInTheListOfAnIOSWidgetIsReportedWhereItIsWritten() throws {
    let findings = try TestSupport.lint(
      ContainerBackgroundBranchTests.manifest,
      files: [
        ("Agenda/Agenda.swift", Self.swift(declarations: Self.protocolExtension(".systemSmall, .accessoryCorner")))
      ]
    )
    .filter { $0.ruleID == "availability" }
    #expect(findings.map(TestSupport.position) == ["33:57-33:73"])
    #expect(findings.first?.message.hasPrefix("accessoryCorner is not available on iOS") == true)
  }

  /// A list the target cannot follow gives one `computed-value` note at the argument, naming it.
  @Test func aListThatIsNotKnownIsNamedInOneNote() throws {
    let computed = """
      protocol AgendaFamilies {}
      extension AgendaFamilies {
          var widgetFamilies: [WidgetFamily] { WidgetFamily.allCases }
      }
      extension AgendaWidget: AgendaFamilies {}
      """
    let findings = try TestSupport.lint(
      ContainerBackgroundBranchTests.manifest, files: [("Agenda/Agenda.swift", Self.swift(declarations: computed))]
    )
    .filter { $0.ruleID == "computed-value" }
    #expect(findings.map(TestSupport.position) == ["10:28-10:42"])
    #expect(findings.first?.message.hasPrefix("families not checked: `widgetFamilies` is not a list") == true)
  }

  /// The clean twin: a list the target follows gives no note.
  @Test func aListThatIsFollowedGivesNoNote() throws {
    let findings = try TestSupport.lint(
      ContainerBackgroundBranchTests.manifest,
      files: [("Agenda/Agenda.swift", Self.swift(declarations: Self.protocolExtension(".systemSmall")))]
    )
    #expect(findings.filter { $0.ruleID == "computed-value" }.isEmpty)
  }
}
