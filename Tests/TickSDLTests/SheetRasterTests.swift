import Foundation
import TestSupport
import Testing

/// The CPU rasterizer's sprites against a real renderer's: `bench sheets` draws every
/// sprite of nine sheets (three styles, three sizes) both ways, through the offscreen
/// video driver's OpenGL (llvmpipe here), and reports their difference.
@Suite struct SheetRasterTests {
  /// The largest difference a channel may show, in levels: a few, where an anti-aliased
  /// edge's coverage is rounded differently.
  static let largestDifference = 4
  /// The mean difference over every channel of every sprite: nearly all pixels agree.
  static let meanDifference = 0.01

  @Test func cpuSpritesMatchTheRenderersWithinAFewLevels() throws {
    let r = try Tickplay.run(
      ["bench", "sheets", "--renderer", "opengl"], environment: ["SDL_VIDEODRIVER": "offscreen"],
      timeout: 300)
    try #require(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == 9)
    for line in lines {
      let name = "\(line["case"] ?? "?") at \(line["cell"] ?? "?") px"
      let largest = try #require(line["max_diff"] as? Int, "\(name): \(line)")
      let mean = try #require(line["mean_diff"] as? Double, "\(name): \(line)")
      #expect(largest <= Self.largestDifference, "\(name): largest difference \(largest)")
      #expect(mean <= Self.meanDifference, "\(name): mean difference \(mean)")
      #expect((line["sprites"] as? Int ?? 0) > 4, "\(name): \(line)")
    }
  }
}
