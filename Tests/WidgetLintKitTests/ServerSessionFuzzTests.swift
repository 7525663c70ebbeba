import Foundation
import Testing
import WidgetLintFuzzing

/// The language server's session fuzzer (docs/fuzzing.md, "The language server"). In the suite: three
/// short sessions of a fixed seed. `WIDGETLINT_SERVER_FUZZ_SECONDS=N` runs sessions of a random seed
/// (printed) for N seconds, as `.ci/run` does; `WIDGETLINT_SERVER_FUZZ_SEED` picks the seed, and
/// `WIDGETLINT_SERVER_FUZZ_REPLAY=example:seed` runs again the one session a failure names.
@Suite struct ServerSessionFuzzTests {
  @Test func randomSessionsKeepTheServerUpAnsweringAndInAgreementWithTheCommandLine() async {
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
      // The suite runs beside other tests, in a debug build, once under ThreadSanitizer: the 1 s limit
      // is held by the timed run, which has the machine to itself.
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
