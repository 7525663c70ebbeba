import Dispatch
import WidgetLintKit

/// A reading running on a dispatch worker thread; `wait()` gives its findings.
final class BackgroundReading: @unchecked Sendable {
  // Unchecked: `result` is written once on the queue before `done` is signalled, and read only after
  // `wait()` has waited for that signal.
  private static let queue = DispatchQueue(label: "widgetlint.fuzz.determinism")
  private let done = DispatchSemaphore(value: 0)
  private var result: [Finding] = []

  /// Starts `body` on a dispatch worker thread.
  init(_ body: @escaping @Sendable () -> [Finding]) {
    Self.queue.async {
      self.result = body()
      self.done.signal()
    }
  }

  func wait() -> [Finding] {
    done.wait()
    return result
  }
}
