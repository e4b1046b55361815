import Foundation
import TestSupport
import Testing

/// The load knob and the limit finder through the real binary: `bench limit`'s JSON line
/// and progress, bad values refused with exit 2, and a replayed session under a load (with
/// `-` and `=`) giving the same events and the same frame every time.
@Suite(.serialized) struct LoadAndLimitTests {
  /// The JSON object of each line of `text` that is one.
  static func objects(_ text: String) -> [[String: Any]] {
    text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// A scene of 100 views with a budget any machine meets: the load stops at the views,
  /// and the line says so, with every key a reader needs; a progress line a probe.
  @Test func benchLimitPrintsItsLineAndProgress() throws {
    let r = try Tickplay.run(
      [
        "bench", "limit", "--window", "200x200", "--grid", "10x10", "--cell", "8",
        "--budget", "1000",
      ],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
    #expect(r.status == 0, "\(r.stderr)")
    let lines = Self.objects(r.stdout)
    #expect(lines.count == 1, "\(r.stdout)")
    let o = try #require(lines.first)
    for key in [
      "bench", "window", "cell", "gap", "animation", "shape", "path", "renderer", "views",
      "visible", "budget_ms", "load", "p95_ms", "capped", "over_load", "over_p95_ms", "probes",
      "bare_frame_ms", "seconds", "trail",
    ] {
      #expect(o[key] != nil, "no \(key) in \(o)")
    }
    #expect(o["bench"] as? String == "limit" && o["views"] as? Int == 100)
    #expect(o["load"] as? Int == 100 && o["capped"] as? Bool == true, "\(o)")
    #expect(o["cell"] as? Int == 8 && o["window"] as? String == "200x200")
    #expect(r.stderr.contains("bench limit: load 100: p95"), "\(r.stderr)")
    #expect(r.stderr.contains("bench limit: held 100 animations"), "\(r.stderr)")
    // The readable line's p95 is the JSON's, rounded alike (5.50 is "5.5 ms", never 5.4).
    let held = try #require(r.stderr.split(separator: "\n").first { $0.contains(" held ") })
    let figure = try #require(held.firstRange(of: "(p95 ").map { held[$0.upperBound...] })
    let shown = Double(figure.prefix { $0 != " " })
    #expect(shown != nil && shown == o["p95_ms"] as? Double, "\(held) vs \(o["p95_ms"] ?? "")")
  }

  /// A budget no frame meets: the load halves down to one animation, and none is held.
  @Test func aBudgetNothingMeetsHoldsNothing() throws {
    let r = try Tickplay.run(
      [
        "bench", "limit", "--window", "200x200", "--grid", "10x10", "--budget", "0.001",
        "--path", "direct", "--animation", "fade", "--shape", "square",
      ],
      environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 120)
    #expect(r.status == 0, "\(r.stderr)")
    let o = try #require(Self.objects(r.stdout).first, "\(r.stdout)")
    #expect(o["load"] as? Int == 0 && o["over_load"] as? Int == 1, "\(o)")
    #expect(o["path"] as? String == "direct" && o["animation"] as? String == "fade")
    #expect(o["shape"] as? String == "square")
  }

  /// Bad values exit 2 with one line naming the option; a load above the views runs,
  /// holding them all, with a note.
  @Test func badValuesExitTwoNamingTheOption() throws {
    for (args, option) in [
      (["bench", "limit", "--budget", "x"], "--budget"),
      (["bench", "limit", "--budget", "0"], "--budget"),
      (["bench", "limit", "--budget=-5"], "--budget"),
      (["play", "--load", "-1"], "--load"),
      (["play", "--load", "x"], "--load"),
      (["render", "--out", "x.png", "--load", "16777217"], "--load"),
    ] {
      let r = try Tickplay.run(args, environment: ["SDL_VIDEODRIVER": "offscreen"])
      #expect(r.status == 2, "\(args): \(r.stderr)")
      #expect(r.stderr.contains(option), "\(args): \(r.stderr)")
    }
    let dir = Tickplay.temporaryDirectory("load")
    let out = dir.appendingPathComponent("a.png").path
    let r = try Tickplay.run(
      ["render", "--window", "200x120", "--load", "5000", "--time", "0.3", "--out", out])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.stderr.contains("--load 5000 is more than the ") && r.stderr.contains(" views: holding "),
      "\(r.stderr)")
  }

  /// A replayed session under a load, with the keys that halve and double it, gives
  /// byte-identical `--events` and frames run after run: the load is deterministic.
  @Test func aReplayUnderALoadIsDeterministic() throws {
    let dir = Tickplay.temporaryDirectory("load-replay")
    var outputs: [String] = []
    var frames: [Data] = []
    for run in 0..<2 {
      let shot = dir.appendingPathComponent("frame\(run).png").path
      let script = dir.appendingPathComponent("script\(run).txt").path
      try """
      0.2 key =
      0.4 click 103 103
      0.6 key -
      0.9 screenshot "\(shot)"
      1.0 quit

      """.write(toFile: script, atomically: true, encoding: .utf8)
      let r = try Tickplay.run(
        [
          "play", "--window", "400x300", "--cell", "8", "--gap", "2", "--load", "300",
          "--hud", "off", "--group", "0,0,5x1,keep", "--seed", "4", "--replay", script, "--events",
        ],
        environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
      #expect(r.status == 0, "\(r.stderr)")
      outputs.append(r.stdout)
      frames.append(try Data(contentsOf: URL(fileURLWithPath: shot)))
    }
    #expect(outputs[0] == outputs[1], "the two runs' events differ")
    #expect(!frames[0].isEmpty && frames[0] == frames[1], "the two runs' frames differ")
    let events = Self.objects(outputs[0])
    // The load restarts views all the way (cause stress), past the key's doubling at
    // 0.2 s (step 24), and the click is reported with its own cause.
    let restarts = events.filter { $0["cause"] as? String == "stress" }
    #expect(restarts.count > 600, "\(restarts.count) restarts")
    #expect(restarts.contains { ($0["step"] as? Int ?? 0) > 100 })
    #expect(events.contains { $0["cause"] as? String == "script" })
  }

  /// Under a load, on every path and shape, with a style that springs, an animated
  /// deselect and a radio group, every frame drawn incrementally equals the same state
  /// drawn afresh (`TICKPLAY_CHECK_FRAMES=1` stops at the first difference, exit 1).
  @Test(arguments: ["direct", "atlas", "compose"], ["circle", "square"])
  func everyPathAndShapeDrawsTheLoadRight(path: String, shape: String) throws {
    let r = try Tickplay.run(
      [
        "play", "--window", "400x300", "--cell", "16", "--gap", "2", "--load", "200",
        "--path", path, "--shape", shape, "--animation", "bounce", "--deselect", "animate",
        "--group", "0,0,4x1,keep", "--frames", "20", "--hud", "off",
      ],
      environment: ["SDL_VIDEODRIVER": "offscreen", "TICKPLAY_CHECK_FRAMES": "1"], timeout: 120)
    #expect(r.status == 0, "\(path) \(shape): \(r.stderr)")
    #expect(r.stderr.contains("20 frames checked"), "\(r.stderr)")
  }
}
