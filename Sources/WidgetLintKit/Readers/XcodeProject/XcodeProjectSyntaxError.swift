/// A structural error in a project file, at a byte range.
struct XcodeProjectSyntaxError: Error {
  var message: String
  var start: Int
  var end: Int
}
