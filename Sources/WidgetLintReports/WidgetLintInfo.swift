public enum WidgetLintInfo {
  public static let name = "widgetlint"
  public static let version = "0.1.0"
  public static let homepage = "https://github.com/widgetlint/widgetlint"
  public static let rulesURL = homepage + "/blob/main/rules/"
}
