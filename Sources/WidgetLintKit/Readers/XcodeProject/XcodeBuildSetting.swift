/// One build setting as written in a project file or an `.xcconfig`: its text and where it was written.
struct XcodeBuildSetting: Sendable {
  var value: String
  var span: SourceSpan
  var pointer: JSONPointer
}
