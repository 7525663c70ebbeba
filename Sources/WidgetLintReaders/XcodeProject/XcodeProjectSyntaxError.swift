/// A structural error in a project file, at a byte range.
package struct XcodeProjectSyntaxError: Error {
  package var message: String
  package var start: Int
  package var end: Int
}
