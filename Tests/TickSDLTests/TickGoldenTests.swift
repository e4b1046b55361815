import Foundation
import TestSupport
import Testing
import TickSDL

/// Golden PNGs of the anti-aliased tick (issue 3): the seed view at 16, 50 and 128 px, at
/// progress 0.3 (`--time 0.15` of the 0.5-s stroke) and 1.0, rendered headless by the real
/// renderer (`tickplay render`, offscreen EGL on llvmpipe). Record again with
/// `RECORD_SNAPSHOTS=1 swift test --filter TickGoldenTests`; look at each at 4× zoom before
/// accepting it.
@Suite(.serialized) struct TickGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  static let cases: [(size: Int, progress: String, time: String)] = [
    (16, "0.3", "0.15"), (16, "1.0", "0.5"),
    (50, "0.3", "0.15"), (50, "1.0", "0.5"),
    (128, "0.3", "0.15"), (128, "1.0", "0.5"),
  ]

  @Test(arguments: 0..<6)
  func antialiasedTick(index: Int) throws {
    let c = Self.cases[index]
    let name = "tick-aa-\(c.size)-p\(c.progress)"
    let dir = Tickplay.temporaryDirectory(name)
    let out = dir.appendingPathComponent("\(name).png").path
    let result = try Tickplay.run([
      "render", "--window", "\(c.size)x\(c.size)", "--cell", "\(c.size)", "--gap", "0",
      "--grid", "1x1", "--select", "all", "--animate", "--time", c.time, "--out", out,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    guard result.status == 0 else { return }
    let diff = ImageDiff(channelTolerance: 16, pixelBudget: max(c.size * c.size / 100, 2))
    if let failure = try Golden.check(
      actualPath: out, name: name, goldens: Self.goldens, diff: diff)
    {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
