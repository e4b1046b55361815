import Foundation
import TestSupport
import Testing
import TickSDL
import TickScene

extension OnTheXDisplay {
  /// Input that reaches play in one frame means what it meant when it was sent: tests
  /// (and a fast user) send input without pausing between events, so nothing may depend
  /// on events arriving in separate frames.
  @Suite struct InputOrderTests {
    typealias X = OnTheXDisplay

    /// The replay-script lines of `path` without the header comment.
    static func recorded(_ path: String) throws -> [Substring] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        .filter { !$0.hasPrefix("#") }
    }

    @Test(X.needed)
    func aWheelZoomsAboutItsOwnPointWhenAMoveFollowsInTheSameFrame()
      throws
    {
      let dir = Tickplay.temporaryDirectory("wheel-point")
      let recording = dir.appendingPathComponent("live.txt").path
      let w = try PlayWindow(
        ["--window", "400x300", "--hud", "off", "--record", recording], name: "wheel-point")
      try w.move(5, 5)
      try w.waitForRecorded(" move 5 5")
      // Play stopped, the wheel and the move after it wait in its queue together, and the
      // next frame takes both: as on a loaded machine, deterministically.
      let pid = w.app.process.processIdentifier
      kill(pid, SIGSTOP)
      var stopped = true
      defer { if stopped { kill(pid, SIGCONT) } }
      try w.wheel(up: true, at: (100, 80))
      try w.move(300, 220)
      kill(pid, SIGCONT)
      stopped = false
      try w.waitForRecorded(" move 300 220")
      #expect(try w.quit() == 0, "\(w.app.stderr)")

      let wheel = try Self.recorded(recording).filter { $0.contains(" wheel ") }
      #expect(wheel.count == 1 && wheel[0].hasSuffix(" wheel 100 80 1"), "\(wheel)")
    }

    @Test(X.needed) func pausedInTheFrameOfAZoomTheWindowShowsWhatRenderDraws()
      throws
    {
      let dir = Tickplay.temporaryDirectory("pause-zoom")
      let recording = dir.appendingPathComponent("live.txt").path
      let base = ["--window", "400x300", "--hud", "off", "--select", "checker"]
      let w = try PlayWindow(base + ["--record", recording], name: "pause-zoom")
      try w.move(200, 150)
      try w.waitForFrame("the checkerboard") { img in
        (0..<24).allSatisfy { X.checker($0) ? X.filled(img, $0) : X.clear(img, $0) }
      }
      // A zoom and P in one frame: scene time stops before the zoom has rested.
      let pid = w.app.process.processIdentifier
      kill(pid, SIGSTOP)
      var stopped = true
      defer { if stopped { kill(pid, SIGCONT) } }
      try w.wheel(up: false, at: (200, 150))
      try w.key("p")
      kill(pid, SIGCONT)
      stopped = false
      let live = try OnScreenEqualsRenderTests.pausedFrame(w)
      try OnScreenEqualsRenderTests.expectRenderDraws(
        live, of: w, base: base, recording: recording, in: dir)
    }
  }
}
