import Testing
import TickGeometry

@testable import TickFrame
@testable import TickScene

/// Moving between levels of detail shows no pop: the grid's mean colour agrees on both
/// sides of each switch, and with the full-detail sprites copied at the base pitch.
@Suite struct OverviewLevelTests {
  /// 2 % of a channel's range: the bound on a switch's change of mean colour.
  static let popLimit = 0.02 * 255

  /// How far past a switch the pitches on either side are.
  static let nearSwitch = 0.01

  /// A grid of mixed sprites, and a grid of each sprite alone (where no other sprite's
  /// error can make up for its own).
  @Test(arguments: [4, 5]) func theGridMeanHoldsAcrossEverySwitch(spriteSize s: Int) {
    let sheet = TestSheet(spriteSize: s, count: 23)
    let mixed = Self.switches(sheet, columns: 48, rows: 36) { c, r in
      Int32((c * 5 + r * r * 3 + c * r) % 23)
    }
    var grids = [("mixed", mixed)]
    for i in 0..<sheet.count {
      grids.append(("sprite \(i)", Self.switches(sheet, columns: 12, rows: 9) { _, _ in Int32(i) }))
    }
    for (name, sides) in grids {
      for side in sides {
        let jump = abs(side.above - side.below).max()
        #expect(jump <= Self.popLimit, "\(name), pitch \(side.at): the mean moves by \(jump)")
        let drift = max(abs(side.above - side.full).max(), abs(side.below - side.full).max())
        #expect(drift <= Self.popLimit, "\(name), pitch \(side.at): \(drift) from full detail")
      }
    }
  }

  /// The grid's mean colour on either side of a level switch, and of its full-detail
  /// sprites as the compositor copies them at scale 1.
  struct Switch {
    var above: SIMD3<Double>
    var below: SIMD3<Double>
    var at: Double
    var full: SIMD3<Double>
  }

  /// The grid's means at the switches: the base pitch (full-detail sprites copied, and
  /// the overview just below), the full level's and the mean level's.
  static func switches(
    _ sheet: TestSheet, columns: Int, rows: Int, _ pick: @escaping (Int, Int) -> Int32
  ) -> [Switch] {
    let s = sheet.spriteSize
    var full = SIMD3<Double>.zero
    for r in 0..<rows {
      for c in 0..<columns {
        for y in 0..<s {
          for x in 0..<s {
            let p = sheet.pixel(sprite: Int(pick(c, r)), x: x, y: y)
            full += SIMD3(Double(p & 0xFF), Double(p >> 8 & 0xFF), Double(p >> 16 & 0xFF))
          }
        }
      }
    }
    full /= Double(columns * rows * s * s)
    func mean(_ p: Double) -> SIMD3<Double> {
      let g = OverviewGeometry(
        originX: 3.37, originY: 2.61, pitch: p, columns: columns, rows: rows,
        width: columns * s + 8, height: rows * s + 6)
      let image = OverviewImage(g, lod: sheet.lod, sprites: indices(pick))
      return image.gridMean(area: Double(columns * rows) * p * p)
    }
    let d = nearSwitch
    let (high, low) = (DetailLevel.fullFrom, DetailLevel.meanUpTo)
    return [
      Switch(above: full, below: mean(Double(s) - d), at: Double(s), full: full),
      Switch(above: mean(high + d), below: mean(high - d), at: high, full: full),
      Switch(above: mean(low + d), below: mean(low - d), at: low, full: full),
    ]
  }

  /// Each level of each sprite has the sprite's mean: area averages keep it.
  @Test(arguments: [3, 4, 5, 8]) func everyLevelKeepsTheSpriteMean(spriteSize s: Int) {
    let sheet = TestSheet(spriteSize: s)
    for i in 0..<sheet.count {
      var sum = SIMD4<Double>.zero
      for y in 0..<s {
        for x in 0..<s {
          let p = sheet.pixel(sprite: i, x: x, y: y)
          sum += SIMD4(
            Double(p & 0xFF), Double(p >> 8 & 0xFF), Double(p >> 16 & 0xFF), Double(p >> 24))
        }
      }
      let want = sum / Double(s * s)
      for level in DetailLevel.allCases {
        let n = sheet.lod.side(level)
        var got = SIMD4<Double>.zero
        for y in 0..<n {
          for x in 0..<n {
            let t = sheet.lod.texel(level, sprite: i, x: x, y: y)
            got += SIMD4(Double(t.x), Double(t.y), Double(t.z), Double(t.w))
          }
        }
        got /= Double(n * n)
        let off = ((got - want) * (got - want)).max().squareRoot()
        #expect(off < 1e-3, "sprite \(i), level \(level): off by \(off)")
      }
    }
  }

  /// The 2×2 level of a sprite whose quarters are plain colours is those colours; with an
  /// odd side the middle row and column count half to each quarter.
  @Test func quartersAreAreaAverages() {
    let colours: [UInt32] = [0xFF00_0010, 0xFF00_2000, 0xFF30_0000, 0xFF40_4040]
    for s in [4, 5] {
      var pixels = [UInt32](repeating: 0, count: s * s)
      for y in 0..<s {
        for x in 0..<s {
          // Even sides split in the middle; odd sides give the middle line to the left
          // and top quarter here, so it weighs half in each.
          let q = (2 * x < s ? 0 : 1) + (2 * y < s ? 0 : 2)
          pixels[y * s + x] = colours[q]
        }
      }
      let lod = SpriteLOD(
        pixels: pixels, rowStride: s, spriteSize: s, count: 1, origin: { _ in (0, 0) })
      let a = lod.texel(.quarters, sprite: 0, x: 0, y: 0)
      let b = lod.texel(.quarters, sprite: 0, x: 1, y: 1)
      let c = colours.map(SpriteLOD.texel)
      // The top-left quarter, texels 0…s/2 each way, is colour 0 alone.
      #expect(Self.close(a, c[0]))
      if s == 4 {
        #expect(Self.close(b, c[3]))
      } else {
        // The bottom-right quarter, 2.5…5 each way (6.25 texels of area): half of the
        // middle column is colour 1 (area 1), half of the middle row colour 2 (area 1),
        // their shared quarter texel colour 0, and the rest (area 4) colour 3.
        let edges: SIMD4<Float> = c[1] + c[2] + 0.25 * c[0]
        let want: SIMD4<Float> = (edges + 4 * c[3]) / 6.25
        #expect(Self.close(b, want))
      }
    }
  }

  static func close(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool {
    ((a - b) * (a - b)).max() < 1e-6
  }
}
