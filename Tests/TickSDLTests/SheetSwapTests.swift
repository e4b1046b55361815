import Foundation
import TestSupport
import Testing

/// Play makes sheets while views animate (style keys, a deselect mode that animates, a
/// zoom that rests) and swaps each in when the worker has rendered it. With
/// `TICKPLAY_CHECK_FRAMES=1` every frame drawn incrementally is compared with the same
/// state drawn from scratch: a sheet landing mid-animation must owe no redraw (the sprites
/// drawn before it are the same bytes after it), on both paths that use sheets.
@Suite struct SheetSwapTests {
  static let script = """
    0.05 key 2
    0.05 key a
    0.30 key d
    0.30 key 3
    0.30 key a
    0.55 wheel 150 100 1
    0.60 wheel 150 100 1
    0.90 key a
    1.10 key 5
    1.10 key a
    1.40 key t
    1.40 key a
    """

  @Test(arguments: ["compose", "atlas"])
  func everyFrameEqualsAFreshOneWhileSheetsLand(path: String) throws {
    let dir = Tickplay.temporaryDirectory("sheet-swap-\(path)")
    let script = dir.appendingPathComponent("keys.txt")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    let r = try Tickplay.run(
      [
        "play", "--window", "300x200", "--hud", "off", "--frames", "120", "--path", path,
        "--select", "random:0.5", "--replay", script.path,
      ],
      environment: [
        "SDL_VIDEODRIVER": "offscreen", "TICKPLAY_CHECK_FRAMES": "1",
        "TICKPLAY_CHECK_DIR": dir.path,
      ], timeout: 300)
    #expect(r.status == 0, "\(path): \(r.stderr)")
  }
}
