import Foundation
import TestSupport
import Testing

/// Differential, through the real presenter: M switches to a path that draws into a
/// backing store while rain toggles views, and the new store is drawn a share of rows a
/// frame (`StoreHandover`, sheets on the worker's thread as in play). A frame is drawn
/// every 1/60 s, and `TICKPLAY_CHECK_FRAMES=1` compares each with one drawn from scratch:
/// the frame that first shows the new store must equal it. A pan, a style key and a zoom in
/// the middle of a switch start its store again.
@Suite struct PathHandoverTests {
  /// A script line: what happens at `time` seconds.
  struct Line {
    var time: Double
    var text: String
  }

  /// M at `at` seconds, then a screenshot every frame for `frames` frames.
  static func switchAndWatch(at: Double, frames: Int, folder: URL, name: String) -> [Line] {
    [Line(time: at, text: "key m")]
      + (0..<frames).map { f in
        Line(time: at + Double(f) / 60, text: "screenshot \"\(folder.path)/\(name)-\(f).png\"")
      }
  }

  @Test(arguments: ["opengl", "software"])
  func switchedStoresEqualFreshFramesUnderRain(renderer: String) throws {
    let dir = Tickplay.temporaryDirectory("handover-\(renderer)")
    defer { try? FileManager.default.removeItem(at: dir) }
    // From compose: M to auto (compose here), a frame, then M to direct and to atlas: the
    // last two hand over. Mid-switch, a pan of a few pixels, a style and a zoom: each starts
    // the store again.
    var lines = [
      Line(time: 0.05, text: "key m"), Line(time: 0.06, text: "screenshot \"\(dir.path)/c.png\""),
      Line(time: 0.125, text: "press 200 160 right"), Line(time: 0.126, text: "move 205 163"),
      Line(time: 0.127, text: "release 205 163 right"), Line(time: 0.625, text: "key 2"),
      Line(time: 0.65, text: "wheel 200 160 1"),
    ]
    lines += Self.switchAndWatch(at: 0.1, frames: 24, folder: dir, name: "d")
    lines += Self.switchAndWatch(at: 0.6, frames: 24, folder: dir, name: "a")
    // Stable: M comes before the screenshot at its own time.
    let ordered = lines.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    let script =
      ordered.map { String(format: "%.3f ", $0.element.time) + $0.element.text }
      .joined(separator: "\n") + "\n"
    let file = dir.appendingPathComponent("switch.txt")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("end.png")
    let r = try Tickplay.run(
      [
        "render", "--window", "420x330", "--cell", "24", "--gap", "4", "--path", "compose",
        "--renderer", renderer, "--select", "random:0.5", "--rain", "600", "--seed", "7",
        "--replay", file.path, "--time", "1.05", "--out", out.path,
      ],
      environment: [
        "SDL_VIDEODRIVER": "offscreen", "TICKPLAY_CHECK_FRAMES": "1",
        "TICKPLAY_CHECK_DIR": dir.path, "TICKPLAY_BACKGROUND_SHEETS": "1",
      ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("atlas path"), "the switch to atlas was shown: \(r.stderr)")
  }
}
