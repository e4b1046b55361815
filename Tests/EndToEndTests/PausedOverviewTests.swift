import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// A paused overview in a real window: every view animating, paused with P and stepped
  /// back with `,` and Shift+`,`. Replays never pause (P is the loop's key), so this needs
  /// the window.
  @Suite struct PausedOverviewTests {
    typealias X = OnTheXDisplay
    /// A fitted overview of 90,000 views, a 3-s transition so that A's animations outlast
    /// the test, and every frame compared with the same state drawn from scratch.
    static let arguments = [
      "--window", "300x200", "--hud", "off", "--grid", "300x300", "--fit", "--duration", "3",
    ]

    /// Frames in a row that paint nothing the test waits for, before and after the steps
    /// back.
    static let pausedFrames = 20

    /// Paused while the views animate, a frame is at the step and present of the last one
    /// painted: it paints nothing (`cells_drawn` 0 with views animating, in the trace), and
    /// still equals a fresh render (`TICKPLAY_CHECK_FRAMES`), stepped back included.
    @Test(X.needed) func pausedFramesPaintNothingAndEqualAFreshOne() throws {
      let dir = Tickplay.temporaryDirectory("paused-overview")
      let trace = dir.appendingPathComponent("trace.json").path
      // Paused first, then A and two tenths of a second on: the steps back below stay
      // after A's step however the frames fall.
      let w = try X.pausedThroughA(
        Self.arguments + ["--trace", trace], name: "paused-overview", in: dir,
        firstFrame: (150, 100))
      let before = try Self.waitForUnpainted(w, trace, afterPaints: 0)
      try w.key("comma", "shift+comma")
      let after = try Self.waitForUnpainted(w, trace, afterPaints: before.paints)
      #expect(after.paints > before.paints, "the steps back painted a frame")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("frames checked"), "\(w.app.stderr)")
    }

    /// What a trace (as far as it is written) says of the frames painted.
    struct Painting {
      /// Frames that painted views.
      var paints = 0
      /// Frames since the last of those that painted nothing while views animated.
      var unpaintedSince = 0
    }

    /// Waits until the trace play has written so far shows more than `afterPaints` frames
    /// painted and then `pausedFrames` that painted nothing while views animated.
    static func waitForUnpainted(_ w: PlayWindow, _ trace: String, afterPaints: Int) throws
      -> Painting
    {
      var seen = Painting()
      let reached = waitUntil(timeout: 30, while: { w.app.process.isRunning }) {
        seen = painting(w.written(trace))
        return seen.paints > afterPaints && seen.unpaintedSince >= pausedFrames
      }
      guard reached else {
        throw PlayWindow.Failure(
          "\(seen.paints) frames painted, then \(seen.unpaintedSince) painted nothing while "
            + "views animated; waited for over \(afterPaints), then \(pausedFrames)")
      }
      return seen
    }

    /// Reads a trace's frames: a frame's event, with its `cells_drawn`, comes before its
    /// step's, with the scene's `animating` after the frame's steps.
    static func painting(_ text: String) -> Painting {
      var p = Painting()
      var unpainted = false
      for line in text.split(separator: "\n") {
        guard let event = object(line) else { continue }
        let args = event["args"] as? [String: Any]
        switch event["name"] as? String {
        case "frame":
          unpainted = args?["cells_drawn"] as? Int == 0
          if !unpainted { (p.paints, p.unpaintedSince) = (p.paints + 1, 0) }
        case "step" where unpainted && (args?["animating"] as? Int ?? 0) > 0:
          p.unpaintedSince += 1
        default: break
        }
      }
      return p
    }

    /// One event line of a trace, without the comma that separates it from the next.
    static func object(_ line: Substring) -> [String: Any]? {
      let text = line.hasSuffix(",") ? line.dropLast() : line
      guard text.hasPrefix("{\"name\"") else { return nil }
      return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
  }
}
