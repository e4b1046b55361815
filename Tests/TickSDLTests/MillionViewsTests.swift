import Foundation
import TestSupport
import Testing
import TickSDL

/// A million views in one scene, zoomed out and panned by a replayed wheel and right drag,
/// rendered headless and compared with a golden.
@Suite(.serialized) struct MillionViewsTests {
  @Test func zoomedAndPannedMillionViewScene() throws {
    let dir = Tickplay.temporaryDirectory("million")
    let script = dir.appendingPathComponent("zoom.txt")
    try """
    # Zoom out twice about (300, 200), then pan by a right drag.
    0.05 wheel 300 200 -1
    0.1 wheel 300 200 -1
    0.15 press 300 200 right
    0.2 move 250 150
    0.25 release 250 150 right
    0.3 click 200 100
    """.write(to: script, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("million.png").path
    let r = try Tickplay.run([
      "render", "--window", "480x320", "--grid", "1000x1000", "--select", "random:0.5", "--seed",
      "7", "--replay", script.path, "--time", "0.55", "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return }
    if let failure = try Golden.check(
      actualPath: out, name: "million-zoomed-panned", goldens: GoldenImageTests.goldens,
      diff: ImageDiff(channelTolerance: 24, pixelBudget: 480 * 320 / 100))
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// A million views fitted to a 480 × 320 window (`--fit`: 4-px cells shown 0.26 px wide)
  /// render on every path without building a million views' geometry or sprites: the
  /// grid's square, 320 px a side, is drawn in the middle and nothing beside it.
  @Test(arguments: ["direct", "atlas", "compose"])
  func aFittedMillionRendersOnEveryPath(path: String) throws {
    let out = Tickplay.temporaryDirectory("million-fit").appendingPathComponent("f.png").path
    let r = try Tickplay.run([
      "render", "--window", "480x320", "--grid", "1000x1000", "--fit", "--select", "all",
      "--path", path, "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return }
    let img = try RGBAImage(contentsOf: out)
    func isBackground(_ x: Int, _ y: Int) -> Bool {
      let p = img.pixel(x, y)
      return p.r == 255 && p.g == 255 && p.b == 255
    }
    for y in [5, 160, 314] {
      #expect(isBackground(40, y) && isBackground(440, y), "beside the grid, row \(y)")
      #expect(!isBackground(240, y), "the grid, row \(y)")
    }
  }
}
