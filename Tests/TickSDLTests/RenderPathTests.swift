import Foundation
import TestSupport
import Testing
import TickSDL

/// The three render paths draw the same picture: direct tessellation, atlas quads and the
/// CPU-composed frame, compared pixel by pixel within a tolerance.
@Suite(.serialized) struct RenderPathTests {
  func render(_ path: String, _ extra: [String], in dir: URL) throws -> RGBAImage {
    let out = dir.appendingPathComponent("\(path).png").path
    let r = try Tickplay.run(
      ["render", "--window", "400x300", "--path", path, "--out", out] + extra)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("\(path) path"), "\(r.stderr)")
    return try RGBAImage(contentsOf: out)
  }

  @Test(arguments: [
    ["--select", "random:0.5", "--seed", "3", "--animate", "--time", "0.2"],
    [
      "--select", "checker", "--animate", "--animation", "dot", "--time", "0.25", "--shape",
      "square",
    ],
    ["--select", "all", "--cell", "16", "--gap", "0", "--animate", "--time", "0.1"],
  ])
  func pathsAgree(extra: [String]) throws {
    let dir = Tickplay.temporaryDirectory("paths")
    let direct = try render("direct", extra, in: dir)
    // Edges may round differently where a sprite was drawn at another position: a few
    // pixels a cell, by a small amount.
    let diff = ImageDiff(channelTolerance: 40, pixelBudget: 400 * 300 / 100)
    for path in ["atlas", "compose"] {
      let other = try render(path, extra, in: dir)
      let outcome = try #require(diff.compare(other, golden: direct))
      #expect(outcome.differing <= diff.pixelBudget, "\(path): \(outcome.differing) pixels differ")
    }
  }
}
