import WidgetLintCore

/// What widgetlint reads from one Swift file. Everything keeps its exact span in the file.
public struct SwiftFileFacts: Sendable {
  public struct APIUse: Sendable {
    public var api: ExtensionUnavailableAPI
    public var span: SourceSpan

    package init(api: ExtensionUnavailableAPI, span: SourceSpan) {
      self.api = api
      self.span = span
    }
  }

  public var file: SourceText
  public var unavailableAPIUses: [APIUse] = []
  public var code = WidgetCodeFacts()
  /// The file's `widgetlint-disable…` comments.
  public var suppressions: [SuppressionDirective] = []

  package init(file: SourceText, unavailableAPIUses: [APIUse] = [], code: WidgetCodeFacts = WidgetCodeFacts()) {
    self.file = file
    self.unavailableAPIUses = unavailableAPIUses
    self.code = code
  }
}
