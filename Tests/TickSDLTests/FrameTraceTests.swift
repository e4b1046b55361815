import Foundation
import TestSupport
import Testing

/// `--trace FILE.json`: Chrome's Trace Event Format, read with Foundation's JSON parser
/// (not the project's own): every frame's phases nest inside it, in the loop's order.
@Suite struct FrameTraceTests {
  static let phases = [
    "events", "step", "sheet", "check", "build", "compose", "submit", "hud", "present",
  ]

  @Test func phasesNestInTheirFramesInOrder() throws {
    let dir = Tickplay.temporaryDirectory("trace")
    let file = dir.appendingPathComponent("trace.json").path
    let r = try Tickplay.run(
      [
        "play", "--window", "300x200", "--hud", "off", "--frames", "40", "--rain", "500",
        "--trace", file,
      ], environment: ["SDL_VIDEODRIVER": "offscreen"])
    #expect(r.status == 0, "\(r.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    var frames: [(start: Double, end: Double, args: [String: Any])] = []
    var phases: [(name: String, start: Double, end: Double)] = []
    for e in events {
      let name = try #require(e["name"] as? String)
      #expect(e["ph"] as? String == "X")
      let ts = try #require(e["ts"] as? Double)
      let dur = try #require(e["dur"] as? Double)
      #expect(dur >= 0)
      if name == "frame" {
        frames.append((ts, ts + dur, e["args"] as? [String: Any] ?? [:]))
      } else {
        #expect(Self.phases.contains(name), "unknown phase \(name)")
        phases.append((name, ts, ts + dur))
      }
    }
    // --frames 40: forty frames, each presented and traced, the last one too.
    #expect(frames.count == 40)
    #expect(frames.first?.args["full"] as? Int == 1)
    #expect(frames.allSatisfy { $0.args["cells_drawn"] is Int && $0.args["bytes_uploaded"] is Int })
    // Each phase lies inside exactly one frame; within a frame they follow the loop's order.
    for (k, f) in frames.enumerated() {
      let inside = phases.filter { $0.start >= f.start - 0.2 && $0.end <= f.end + 0.2 }
      let order = inside.map(\.name)
      #expect(order.first == "events" && order.last == "present", "frame \(k): \(order)")
      let ranks = order.map { Self.phases.firstIndex(of: $0)! }
      #expect(ranks == ranks.sorted(), "frame \(k) out of order: \(order)")
      for (a, b) in zip(inside, inside.dropFirst()) {
        #expect(b.start >= a.end - 0.2, "frame \(k): \(b.name) starts before \(a.name) ends")
      }
    }
    #expect(phases.count >= frames.count * 8)
  }

  /// Runs `play` offscreen with `--events` and a replay script of `lines`; its result.
  static func playScript(_ lines: String, _ args: [String]) throws -> Tickplay.Result {
    let script = Tickplay.temporaryDirectory("script").appendingPathComponent("replay.txt")
    try lines.write(to: script, atomically: true, encoding: .utf8)
    return try Tickplay.run(
      ["play", "--window", "300x200", "--hud", "off", "--events", "--replay", script.path]
        + args, environment: ["SDL_VIDEODRIVER": "offscreen"])
  }

  @Test func everyValueChangeIsWrittenUnderHeavyRain() throws {
    // 120,000 toggles a second (1,000 a step at 120 Hz), written on the event writer's
    // thread, until a replayed quit at 0.5 s of scene time: 60,000 lines however slowly
    // the machine draws (a frame's steps grow with its wall time), those of the steps the
    // quitting frame took too.
    let r = try Self.playScript("0.5 quit\n", ["--rain", "120000"])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 60_000)
    #expect(r.stderr.contains(", 60000 value changes"), "\(r.stderr)")
    let parsed = try lines.map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(parsed.allSatisfy { $0?["cause"] as? String == "stress" })
  }

  @Test func aChangeInTheFrameThatQuitsIsWritten() throws {
    // The click and the quit are due at the same step: one frame makes the change and quits.
    let r = try Self.playScript("0.1 click 50 60\n0.1 quit\n", [])
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 1 && lines.first?.contains("\"cell\":0") == true, "\(r.stdout)")
  }
}
