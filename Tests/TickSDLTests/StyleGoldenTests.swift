import Foundation
import TestSupport
import Testing
import TickSDL

/// Every animation style at progress 0, 0.25, 0.5 and 1 of its on animation, rendered by
/// the real renderer headless and compared with goldens (see GoldenImageTests).
@Suite(.serialized) struct StyleGoldenTests {
  static let styles = [
    "stroke", "fill", "bounce", "flat", "one-stroke", "fade", "expand", "spiral", "dot", "none",
  ]

  @Test(arguments: styles)
  func styleOnAnimation(style: String) throws {
    let dir = Tickplay.temporaryDirectory("style-\(style)")
    for progress in ["0", "0.25", "0.5", "1"] {
      let name = "style-\(style)-p\(progress)"
      let out = dir.appendingPathComponent("\(name).png").path
      // The transition lasts 1 s here, so the scene time is the progress.
      let r = try Tickplay.run([
        "render", "--window", "60x60", "--cell", "50", "--grid", "1x1", "--select", "all",
        "--animate", "--duration", "1", "--animation", style, "--time", progress, "--out", out,
      ])
      #expect(r.status == 0, "\(r.stderr)")
      guard r.status == 0 else { continue }
      if let failure = try Golden.check(
        actualPath: out, name: name, goldens: GoldenImageTests.goldens,
        diff: ImageDiff(channelTolerance: 16, pixelBudget: 36))
      {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }

  @Test func squareShapeAndMixedLook() throws {
    let dir = Tickplay.temporaryDirectory("square")
    let out = dir.appendingPathComponent("square.png").path
    let r = try Tickplay.run([
      "render", "--window", "180x60", "--grid", "3x1", "--select", "checker", "--shape",
      "square", "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    if let failure = try Golden.check(
      actualPath: out, name: "square-checker", goldens: GoldenImageTests.goldens,
      diff: ImageDiff(channelTolerance: 16, pixelBudget: 100))
    {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
