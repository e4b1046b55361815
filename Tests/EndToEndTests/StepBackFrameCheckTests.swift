import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// A step back worked out on the seek's thread lands in a real window and is drawn
  /// incrementally afterwards: every frame, on the default path and on each sprite path,
  /// is compared with the same state drawn from scratch (`TICKPLAY_CHECK_FRAMES`). The
  /// landed scene's dirty flags must match its dirty list, or the views changed after it
  /// (a click that drops the future, the hover) are left undrawn.
  @Suite struct StepBackFrameCheckTests {
    typealias X = OnTheXDisplay

    /// Views mid-transition (3 s) and rain, in the 6 × 4 grid of a 400 × 300 window.
    static let base = [
      "--window", "400x300", "--hud", "off", "--select", "checker", "--duration", "3",
      "--rain", "40", "--seed", "5",
    ]

    @Test(X.needed, arguments: [[], ["--path", "compose"], ["--path", "atlas"]])
    func framesAfterALandedStepBackEqualFreshOnes(path: [String]) throws {
      let dir = Tickplay.temporaryDirectory("stepback-check")
      let recording = dir.appendingPathComponent("live.txt").path
      let w = try PlayWindow(
        Self.base + path + ["--record", recording], name: "stepback-check",
        environment: ["TICKPLAY_CHECK_FRAMES": "1", "TICKPLAY_CHECK_DIR": dir.path])
      try w.waitForFrame("the first frame") { img in !Looks.isWhite(img.pixel(50, 60)) }
      try w.key("p")
      try w.waitForRecorded(" key p")
      // A and a fifth of a second on, then back past part of it: the landing is mid-way
      // through A's transitions.
      try w.key("a", "shift+period", "shift+period")
      try w.waitForRecorded(" key shift+.")
      try w.key("comma", "shift+comma")
      // The hover while the step back is worked out, then a click that drops the future.
      let (a, b) = (X.centre(8), X.centre(14))
      try w.move(a.x, a.y)
      try w.click(b.x, b.y)
      try w.waitForRecorded(" release \(b.x) \(b.y)")
      try w.move(X.centre(3).x, X.centre(3).y)
      try w.key("period")
      try w.waitForRecorded(" key .")
      #expect(try w.quit() == 0, "\(w.app.stderr)")
      #expect(w.app.stderr.contains("frames checked"), "\(w.app.stderr)")
    }
  }
}
