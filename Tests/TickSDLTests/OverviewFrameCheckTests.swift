import Foundation
import TestSupport
import Testing

/// The overview uploads only the grid's pixels while the background round it stays. With
/// `TICKPLAY_CHECK_FRAMES=1` every overview frame is compared with the same state drawn
/// from scratch (a new presenter, which uploads the whole frame): views animating, a zoom
/// that moves the grid, a level of detail left and come back to.
@Suite struct OverviewFrameCheckTests {
  static let script = """
    0.05 key a
    0.30 wheel 150 100 1
    0.45 key a
    0.70 wheel 150 100 -1
    0.75 key a
    """

  /// Frames the session draws.
  static let frames = 60

  @Test func everyOverviewFrameEqualsAFreshOne() throws {
    let dir = Tickplay.temporaryDirectory("overview-check")
    let script = dir.appendingPathComponent("keys.txt")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    let r = try Tickplay.run(
      [
        "play", "--window", "300x200", "--hud", "off", "--grid", "300x300", "--fit",
        "--frames", "\(Self.frames)", "--replay", script.path,
      ],
      environment: [
        "SDL_VIDEODRIVER": "offscreen", "TICKPLAY_CHECK_FRAMES": "1",
        "TICKPLAY_CHECK_DIR": dir.path,
      ], timeout: 300)
    #expect(r.status == 0, "\(r.stderr)")
    // Every frame was an overview, and every one was compared.
    #expect(r.stderr.contains("\(Self.frames) frames checked"), "\(r.stderr)")
  }
}
