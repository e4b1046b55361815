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

  /// At `--hz 10` a step outlasts a frame, so frames share a step at different presents:
  /// one may show a view's next frame (`Scene.sheetIndices` rounds the present).
  @Test(arguments: [[], ["--hz", "10"]])
  func everyOverviewFrameEqualsAFreshOne(clock: [String]) throws {
    let r = try Tickplay.playCheckingFrames(
      ["--window", "300x200", "--hud", "off", "--grid", "300x300", "--fit"]
        + ["--frames", "\(Self.frames)"] + clock,
      replay: Self.script, in: Tickplay.temporaryDirectory("overview-check"),
      driver: "offscreen")
    #expect(r.status == 0, "\(r.stderr)")
    // Every frame was an overview, and every one was compared.
    #expect(r.stderr.contains("\(Self.frames) frames checked"), "\(r.stderr)")
  }

  /// Idle spells between a click, a key that moves the focus and a pointer move: nothing
  /// animating or changed. (A resize is left out: the offscreen driver's surface keeps its
  /// first size, and a fresh frame reads back nothing beyond it.)
  static let idleScript = """
    0.05 key a
    0.80 click 150 100
    1.30 key tab
    1.60 move 100 60
    """

  /// Frames of the idle session: 2.5 s at 60 frames a second (the frame check slows
  /// frames, and the scene's steps keep to the clock, so fewer frames fall in each spell).
  static let idleFrames = 150

  /// An overview frame with nothing animating or changed paints nothing (`cells_drawn` 0
  /// in the trace), and still equals the same state drawn from scratch, before and after
  /// each kind of input.
  /// With transitions of no length (`--duration 0`) every change lands with nothing
  /// animating: the frames that must paint are told apart by their changed views alone.
  @Test(arguments: [[], ["--duration", "0"]])
  func idleOverviewFramesPaintNothingAndEqualAFreshOne(style: [String]) throws {
    let dir = Tickplay.temporaryDirectory("overview-idle")
    let trace = dir.appendingPathComponent("trace.json")
    let r = try Tickplay.playCheckingFrames(
      ["--window", "300x200", "--hud", "off", "--grid", "300x300", "--fit"]
        + ["--frames", "\(Self.idleFrames)", "--trace", trace.path] + style,
      replay: Self.idleScript, in: dir, driver: "offscreen")
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("\(Self.idleFrames) frames checked"), "\(r.stderr)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: trace)) as? [String: Any])
    let events = try #require(root["traceEvents"] as? [[String: Any]])
    let drawn = events.filter { $0["name"] as? String == "frame" }.compactMap {
      ($0["args"] as? [String: Any])?["cells_drawn"] as? Int
    }
    #expect(drawn.count == Self.idleFrames)
    let idle = drawn.filter { $0 == 0 }.count
    #expect(idle >= Self.idleFrames / 4, "\(idle) frames painted nothing")
    // The first frame and A's change at least are painted (how many frames each change
    // spans depends on how fast the frames come; the click may fall between views).
    #expect(drawn.filter { $0 > 0 }.count >= 2, "the frames with changes are painted")
  }
}
