import Foundation

/// A file that could not be read at all: reported with exit status 2, not as a finding.
public struct InputError: Error, Sendable, Equatable {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }
}
