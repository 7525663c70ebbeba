import ActivityKit
import Foundation

struct HikeAttributes: ActivityAttributes {
  public struct ContentState: Codable, Hashable {
    var distance: Double
  }

  var trailName: String
}
