import Foundation
import Testing
import WidgetLintFuzzing

/// The language server's session fuzzer (docs/fuzzing.md, "The language server"), run on its own:
/// `WIDGETLINT_SERVER_FUZZ_SECONDS=N` runs sessions of a random seed (printed) for N seconds, as `.ci/run`
/// does; `WIDGETLINT_SERVER_FUZZ_SEED` picks the seed (three short sessions when no time is given), and
/// `WIDGETLINT_SERVER_FUZZ_REPLAY=example:seed` runs again the one session a failure names. The whole
/// suite leaves it out: the server it serves in-process shares the concurrency pool with hundreds of
/// tests, whose waits can hold every thread of it past any time limit.
@Suite struct ServerSessionFuzzTests {
  static var asked: Bool {
    let environment = ProcessInfo.processInfo.environment
    return ["WIDGETLINT_SERVER_FUZZ_SECONDS", "WIDGETLINT_SERVER_FUZZ_SEED", "WIDGETLINT_SERVER_FUZZ_REPLAY"]
      .contains { environment[$0] != nil }
  }

  @Test(.enabled(if: asked))
  func randomSessionsKeepTheServerUpAnsweringAndInAgreementWithTheCommandLine() async {
    let environment = ProcessInfo.processInfo.environment
    let seconds = environment["WIDGETLINT_SERVER_FUZZ_SECONDS"].flatMap { Int($0) }
    let seed =
      environment["WIDGETLINT_SERVER_FUZZ_SEED"].flatMap { UInt64($0) }
      ?? (seconds == nil ? 52 : UInt64.random(in: 0...UInt64.max))
    var options = ServerSessionFuzzer.Options(
      repository: TestSupport.packageRoot.path, seed: seed, duration: .seconds(seconds ?? 600))
    if seconds == nil {
      options.sessions = 3
      options.editsPerSession = 100...300
      // A replay or a quick look, maybe beside other work: the 1 s limit is the timed run's.
      options.responseLimit = .seconds(10)
    }
    if let replay = environment["WIDGETLINT_SERVER_FUZZ_REPLAY"], let colon = replay.lastIndex(of: ":"),
      let sessionSeed = UInt64(replay[replay.index(after: colon)...])
    {
      options.replay = (String(replay[..<colon]), sessionSeed)
    }
    print("widgetlint server fuzz: seed \(seed)")
    let summary = await withCheckedContinuation { continuation in
      // The sessions block on pipes and waits: a thread of their own, not one of the concurrency pool's,
      // which the server runs on.
      let thread = Thread { [options] in continuation.resume(returning: ServerSessionFuzzer(options: options).run()) }
      thread.stackSize = 8 << 20
      thread.start()
    }
    print("widgetlint server fuzz: \(summary)")
    #expect(summary.failures.isEmpty, "\(summary.failures.joined(separator: "\n"))")
    #expect(summary.edits > 0)
  }
}
