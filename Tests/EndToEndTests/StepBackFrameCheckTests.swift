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
      let w = try X.pausedThroughA(
        Self.base + path, name: "stepback-check",
        in: Tickplay.temporaryDirectory("stepback-check"), firstFrame: (50, 60))
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

  /// Play in a window, every frame compared with a fresh render (`Tickplay.checkingFrames`)
  /// and its input recorded (`--record`): paused after its first frame (`firstFrame`, a
  /// point no longer white once it shows), then A and two tenths of a second on (Shift+`.`
  /// twice), so that a step back of up to a fifth of a second lands mid-way through A's
  /// transitions however the frames fall. A mismatch's images and the recording go to
  /// `dir`.
  static func pausedThroughA(
    _ args: [String], name: String, in dir: URL, firstFrame: (x: Int, y: Int)
  ) throws -> PlayWindow {
    let recording = dir.appendingPathComponent("live.txt").path
    let w = try PlayWindow(
      args + ["--record", recording], name: name, environment: Tickplay.checkingFrames(in: dir))
    try w.waitForFrame("the first frame") { img in
      !Looks.isWhite(img.pixel(firstFrame.x, firstFrame.y))
    }
    try w.key("p")
    try w.waitForRecorded(" key p")
    try w.key("a", "shift+period", "shift+period")
    try w.waitForRecorded(" key shift+.")
    return w
  }
}
