// WidgetLintKit is the one library product: the pipeline's stages, each a target of its own, seen
// through one import by the command-line tool and by packages that lint with widgetlint.
@_exported import WidgetLintCore
@_exported import WidgetLintEngine
@_exported import WidgetLintFrontends
@_exported import WidgetLintLanguageServer
@_exported import WidgetLintModel
@_exported import WidgetLintReaders
@_exported import WidgetLintReports
@_exported import WidgetLintRules
