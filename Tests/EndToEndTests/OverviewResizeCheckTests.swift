import Foundation
import TestSupport
import Testing

extension OnTheXDisplay {
  /// The overview after a resize, in a real window: every frame of a replay that resizes
  /// the window while views animate, grows it back and zooms is compared with the same
  /// state drawn from scratch (`TICKPLAY_CHECK_FRAMES`). Under SDL's offscreen driver a
  /// fresh frame cannot be read back beyond the window's first size
  /// (`OverviewFrameCheckTests` leaves resizes out), so this runs on X. With 0.2-s
  /// transitions the first resize comes with nothing animating (an idle frame may skip
  /// its paint, but not after a resize) and the second mid-transition.
  @Suite struct OverviewResizeCheckTests {
    static let script = """
      0.05 key a
      0.30 resize 320 240
      0.45 key a
      0.60 resize 260 180
      0.75 wheel 130 90 1
      0.90 resize 300 200
      1.00 quit
      """

    @Test(OnTheXDisplay.needed) func overviewFramesAcrossResizesEqualFreshOnes() throws {
      let r = try Tickplay.playCheckingFrames(
        ["--window", "300x200", "--hud", "off", "--grid", "300x300", "--fit", "--duration", "0.2"],
        replay: Self.script, in: Tickplay.temporaryDirectory("overview-resize"), driver: "x11")
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("frames checked"), "\(r.stderr)")
    }
  }
}
