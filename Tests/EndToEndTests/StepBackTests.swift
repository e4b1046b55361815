import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Stepping back in a real window: paused, `.` and Shift+`.` step forward, `,` and
  /// Shift+`,` step back, and the window (captured by the X server) shows exactly the frame
  /// it showed before; forward again, exactly the one it showed there. A click after
  /// stepping back drops the future, and the recording (`--record`) replays to the frame
  /// the window shows.
  @Suite struct StepBackTests {
    typealias X = OnTheXDisplay
    /// Rain keeps every step different; a 3 s animation keeps views mid-transition. The
    /// direct path draws every animating view from its geometry each frame: on the sprite
    /// paths a frame cache landing from the worker thread while paused may change a
    /// view's pixels by a level (`docs/cpu-sheets.md`), and the captures are compared
    /// exactly.
    static let base = [
      "--window", "400x300", "--hud", "off", "--select", "checker", "--animate", "--duration",
      "3", "--rain", "40", "--seed", "3", "--path", "direct",
    ]

    @Test(X.needed) func steppingForwardThenBackShowsTheSameFrame() throws {
      let dir = Tickplay.temporaryDirectory("stepback")
      let recording = dir.appendingPathComponent("live.txt").path
      let w = try PlayWindow(Self.base + ["--record", recording], name: "stepback")
      try w.waitForFrame("the first frame") { img in
        (35...38).contains { !Looks.isWhite(img.pixel(X.centre(0).x, $0)) }
      }
      try w.key("p")
      _ = try OnScreenEqualsRenderTests.pausedFrame(w)
      // Two captures in a row alike: a capture taken while the window is being updated
      // is never the reference.
      let before = try Self.settled(w)

      // Forward 24 steps: 12 with `.`, 12 with Shift+`.` (a tenth of a second at 120 Hz).
      try w.xdotool(
        ["key", "--window", w.id] + Array(repeating: "period", count: 12) + ["shift+period"])
      try Self.waitForRecorded(w, recording, " key shift+.", count: 1)
      try w.waitForFrame("24 steps on, toasts faded") { img in
        img != before && Self.toastsFaded(img)
      }
      let after = try Self.settled(w)

      // Back 24: 12 with `,`, 12 with Shift+`,`; then the same 24 forward again.
      try w.xdotool(
        ["key", "--window", w.id, "shift+comma"] + Array(repeating: "comma", count: 12))
      try w.waitForFrame("back 24 steps: the frame before", timeout: 15) { $0 == before }
      try w.xdotool(["key", "--window", w.id] + Array(repeating: "period", count: 24))
      try w.waitForFrame("forward 24 again: the frame after", timeout: 15) { $0 == after }

      // Back a tenth, then a click: the future is dropped and the click recorded there.
      try w.key("shift+comma")
      let c = X.centre(7)
      try w.click(c.x, c.y)
      try Self.waitForRecorded(w, recording, " release \(c.x) \(c.y)", count: 1)
      try w.waitForFrame("the click shown, toasts faded") { img in
        Self.toastsFaded(img) && img != after && img != before
      }
      let live = try Self.settled(w)
      try OnScreenEqualsRenderTests.expectRenderDraws(
        live, of: w, base: Self.base, recording: recording, in: dir)
      let lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")
      let times = lines.filter { !$0.hasPrefix("#") }.compactMap {
        Double($0.split(separator: " ")[0])
      }
      #expect(times == times.sorted(), "the recording's times never decrease")
    }

    /// Whether a toast's box has faded (as `pausedFrame` reads it: the bottom padding is
    /// background).
    static func toastsFaded(_ img: RGBAImage) -> Bool {
      img.height > 24
        && Looks.near(img.pixel(img.width / 2, img.height - 24), 0xff_ffff, tolerance: 1)
    }

    /// A capture once two in a row agree: paused, nothing moves.
    static func settled(_ w: PlayWindow) throws -> RGBAImage {
      var last = try w.screenshot()
      return try w.waitForFrame("a settled frame") { img in
        defer { last = img }
        return img == last
      }
    }

    /// Waits until the recording has `count` lines ending in `suffix`.
    static func waitForRecorded(_ w: PlayWindow, _ path: String, _ suffix: String, count: Int)
      throws
    {
      let seen = waitUntil(timeout: 10, while: { w.app.process.isRunning }) {
        let text = w.written(path)
        return text.split(separator: "\n").filter { $0.hasSuffix(suffix) }.count >= count
      }
      #expect(seen, "\(path) has no \(count) lines ending in \"\(suffix)\"")
    }
  }
}
