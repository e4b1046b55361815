import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Record and replay: a live run of seeded random clicks and keys in a real window, with
  /// rain, recorded with `--record`; the recording replayed twice (offscreen, with frames
  /// saved every 0.25 s of scene time) gives the same bytes both times.
  @Suite struct RecordReplayTests {
    typealias X = OnTheXDisplay
    static let options = ["--window", "400x300", "--hud", "off", "--rain", "30", "--seed", "5"]
    /// The run goes on past 0.6 s of scene time (at the default 120 steps a second) before
    /// it quits, so that the replays save at least two frames, 0.25 s apart.
    static let lastStepBeforeQuit = 72

    @Test(X.needed) func aRecordedRunReplaysToTheSameFrames() throws {
      let dir = Tickplay.temporaryDirectory("record")
      let recording = dir.appendingPathComponent("live.txt").path
      let w = try PlayWindow(
        Self.options + ["--events", "--record", recording], name: "record")

      // Seeded random input: clicks anywhere (views, gaps, the margin), a short drag, and
      // the keys A and Tab/Space.
      var seed: UInt64 = 0x7E57
      func next(_ n: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(seed >> 33) % n
      }
      for i in 0..<10 {
        try w.click(next(400), next(300))
        if i == 4 { try w.key("a") }
        if i == 7 { try w.key("Tab", "space") }
        // Spread the input over scene time: the next input goes once the rain's value
        // events show a later step than they did.
        try w.waitForStep(after: w.latestStep)
      }
      let c = X.centre(7)
      try w.xdotool(["mousemove", "--window", w.id, "\(c.x)", "\(c.y)", "mousedown", "1"])
      try w.move(X.centre(9).x, c.y)
      try w.xdotool(["mouseup", "1"])
      _ = try w.waitForEvents(24 + 2)  // A's 24 changes at least, and some clicks
      // Scene time long enough for frames at 0.25 and 0.5 s below, however fast the input
      // went (120 steps a second).
      try w.waitForStep(after: Self.lastStepBeforeQuit)
      #expect(try w.quit() == 0, "\(w.app.stderr)")

      let live = try String(contentsOfFile: recording, encoding: .utf8)
      let lines = live.split(separator: "\n").filter { !$0.hasPrefix("#") }
      #expect(lines.contains { $0.contains(" press ") } && lines.contains { $0.contains(" key a") })
      let quit = try #require(lines.last, "empty recording")
      // Escape quit the live run; replayed, it quits again at the same step.
      #expect(quit.hasSuffix(" key escape"), "\(quit)")
      let end = Double(quit.split(separator: " ")[0]) ?? 0
      #expect(end > 0.5)

      // Replay it twice, each saving a frame every 0.25 s of scene time.
      var frames: [[Data]] = []
      for run in 0..<2 {
        let shots = dir.appendingPathComponent("run\(run)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let times = stride(from: 0.25, to: end, by: 0.25).map { $0 }
        let script = shots.appendingPathComponent("replay.txt").path
        try Self.merge(
          lines.map(String.init),
          screenshots: times.map { (t: $0, path: shots.appendingPathComponent("\($0).png").path) }
        ).write(toFile: script, atomically: true, encoding: .utf8)
        let r = try Tickplay.run(
          ["play"] + Self.options + ["--replay", script],
          environment: ["SDL_VIDEODRIVER": "offscreen"], timeout: 60)
        #expect(r.status == 0, "\(r.stderr)")
        frames.append(
          try times.map {
            try Data(contentsOf: shots.appendingPathComponent("\($0).png"))
          })
      }
      #expect(frames[0].count >= 2)
      for (k, (a, b)) in zip(frames[0], frames[1]).enumerated() {
        #expect(!a.isEmpty && a == b, "frame \(k) differs between the two replays")
      }
      #expect(Set(frames[0]).count > 1, "the frames should change over time")
    }

    /// `lines` with a `screenshot` line at each time, in time order (a screenshot after
    /// the input of its own time).
    static func merge(_ lines: [String], screenshots: [(t: Double, path: String)]) -> String {
      var all: [(t: Double, order: Int, text: String)] = []
      for (i, l) in lines.enumerated() {
        all.append((Double(l.split(separator: " ")[0]) ?? 0, i, l))
      }
      for (i, s) in screenshots.enumerated() {
        all.append((s.t, lines.count + i, "\(s.t) screenshot \"\(s.path)\""))
      }
      all.sort { ($0.t, $0.order) < ($1.t, $1.order) }
      return all.map(\.text).joined(separator: "\n") + "\n"
    }
  }
}
