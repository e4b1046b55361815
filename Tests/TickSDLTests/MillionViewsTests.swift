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
}
