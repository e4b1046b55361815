import Foundation
import TestSupport
import Testing
import TickSDL

/// Zooming across a level of detail shows no pop: rendered by the real renderer, the same
/// grid just above and just below each switch size has the same mean colour within 2 %.
///
/// A 200 × 200 grid of 4-px cells (800 base px a side) fitted to a window a little larger
/// and a little smaller than each switch: 800 px (the full-detail views, scale 1) against
/// 792 (the overview's sprites, scale 0.99); 404 against 396 (sprites against their 2 × 2
/// averages, about 2 px); 202 against 198 (2 × 2 averages against mean colours, about 1
/// px). Half the views are selected and every one is mid-animation, so every kind of
/// sprite is in the mean.
@Suite(.serialized) struct OverviewLevelSwitchTests {
  /// The most a channel's mean may move across a switch: 2 % of full scale.
  static let tolerance = 0.02 * 255

  /// The mean colour of the middle half of an image (inside the grid at every size
  /// here: a fitted grid fills the window but for a margin of at most a cell).
  static func middleMean(_ path: String) throws -> SIMD3<Double> {
    let img = try RGBAImage(contentsOf: path)
    var sum = SIMD3<Double>(repeating: 0)
    var n = 0.0
    for y in (img.height / 4)..<(img.height * 3 / 4) {
      for x in (img.width / 4)..<(img.width * 3 / 4) {
        let i = (y * img.width + x) * 4
        sum += SIMD3(Double(img.pixels[i]), Double(img.pixels[i + 1]), Double(img.pixels[i + 2]))
        n += 1
      }
    }
    return sum / n
  }

  static func render(window side: Int, in dir: URL) throws -> String {
    let out = dir.appendingPathComponent("w\(side).png").path
    let r = try Tickplay.run([
      "render", "--window", "\(side)x\(side)", "--grid", "200x200", "--cell", "4", "--gap", "0",
      "--fit", "--select", "random:0.5", "--seed", "3", "--animate", "--stagger", "0.002",
      "--time", "0.3", "--out", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    return out
  }

  @Test(arguments: [(800, 792), (404, 396), (202, 198)])
  func meanColourHoldsAcrossTheSwitch(above: Int, below: Int) throws {
    let dir = Tickplay.temporaryDirectory("overview-switch-\(above)")
    let a = try Self.middleMean(Self.render(window: above, in: dir))
    let b = try Self.middleMean(Self.render(window: below, in: dir))
    let worst = ((a - b).replacing(with: b - a, where: a .< b)).max()
    #expect(worst <= Self.tolerance, "means \(a) at \(above) px and \(b) at \(below) px")
  }
}
