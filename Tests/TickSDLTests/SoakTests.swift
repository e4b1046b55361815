import Foundation
import TestSupport
import Testing
import TickSDL

/// `tickplay bench soak`: many fixed steps with rain, headless, checking that resident
/// memory stays flat after warm-up (within 5 %) and that no look or vertex is ever NaN.
///
/// CI runs short soaks (the debug build steps about 80,000 times a second here); the
/// million-step one runs with `TICK_SOAK_LONG=1`.
@Suite struct SoakTests {
  /// What one soak printed.
  struct Outcome {
    var status: Int32
    var stderr: String
    var samples: [[String: Any]] = []
    var result: [String: Any] = [:]
  }

  func soak(_ args: [String], timeout: TimeInterval) throws -> Outcome {
    let r = try Tickplay.run(["bench", "soak"] + args, timeout: timeout)
    var o = Outcome(status: r.status, stderr: r.stderr)
    for line in r.stdout.split(separator: "\n") {
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
        let fields = object as? [String: Any]
      else {
        Issue.record("not a JSON object: \(line)")
        continue
      }
      if fields["soak"] as? String == "sample" { o.samples.append(fields) }
      if fields["soak"] as? String == "result" { o.result = fields }
    }
    return o
  }

  /// Checks a healthy run of at least `steps` steps and `toggles` toggles; returns the
  /// resident-memory figures for the record.
  @discardableResult
  func expectHealthy(_ o: Outcome, steps: Int, toggles: Int) -> String {
    #expect(o.status == 0, "\(o.stderr)")
    #expect(o.result["ok"] as? Bool == true, "\(o.result)")
    #expect(o.result["nonfinite"] is NSNull, "\(o.result)")
    #expect((o.result["steps"] as? Int ?? 0) >= steps)
    #expect((o.result["toggles"] as? Int ?? 0) >= toggles, "\(o.result)")
    #expect((o.result["looks_checked"] as? Int ?? 0) > 0)
    #expect(o.samples.count >= 100)
    // Every sample after the warm-up (the first tenth) within 5 % of the first of them.
    let warm = o.result["rss_warm_kib"] as? Int ?? 0
    #expect(warm > 0)
    let late = o.samples.filter { ($0["step"] as? Int ?? 0) >= steps / 10 }
    for s in late {
      let rss = s["rss_kib"] as? Int ?? 0
      #expect(Double(rss) <= Double(warm) * 1.05, "step \(s["step"] ?? 0): \(rss) KiB > \(warm)")
    }
    return "rss \(o.result["rss_start_kib"] ?? 0) → \(warm) → \(o.result["rss_max_kib"] ?? 0) KiB"
  }

  @Test func twoHundredThousandStepsOfRain() throws {
    // 1,667 s of scene time at 120 Hz; 60 toggles a second over 24 views, so each view
    // is toggled every 0.4 s on average, often mid-animation. 1,000 frames are built.
    let o = try soak(
      [
        "--time", "1667", "--rain", "60", "--window", "400x300", "--frames", "1000", "--seed",
        "3",
      ], timeout: 120)
    expectHealthy(o, steps: 200_000, toggles: 100_000)
  }

  @Test func springsAndInterruptionsStayFinite() throws {
    // Springs overshoot and carry velocity into each interruption; reverse and animated
    // deselects; square boxes. Heavy rain keeps most views mid-transition.
    let o = try soak(
      [
        "--time", "50", "--rain", "400", "--window", "400x300", "--frames", "200",
        "--animation", "bounce", "--timing", "spring(300,5,20)", "--deselect", "animate",
        "--shape", "square",
      ], timeout: 120)
    expectHealthy(o, steps: 6_000, toggles: 20_000)
  }

  @Test(
    .enabled(
      if: ProcessInfo.processInfo.environment["TICK_SOAK_LONG"] == "1",
      "a run of about half an hour: set TICK_SOAK_LONG=1 to run it"))
  func aMillionStepsOfRain() throws {
    // 8,334 s at 120 Hz: 1,000,080 steps, 240 toggles a second over the default grid.
    let o = try soak(
      ["--time", "8334", "--rain", "240", "--frames", "50000", "--seed", "11"], timeout: 1800)
    let figures = expectHealthy(o, steps: 1_000_000, toggles: 2_000_000)
    print("soak: \(o.result["steps"] ?? 0) steps, \(figures)")
  }
}
