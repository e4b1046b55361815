import SceneFixtures
import Testing
import TickGeometry

@testable import TickFrame
@testable import TickScene

/// The overview against the picture it promises: each pixel the area average of the views
/// at their level of detail, over the background.
@Suite struct OverviewRendererTests {
  /// The base pitch the layout switches to a scale at, and a second, odd one (a 2×2
  /// average then splits the middle texels).
  static let sizes = [4, 5]

  /// Every pixel against a direct integration of the picture, for geometries at each
  /// level, with the grid inside, across and beyond the window's edges.
  @Test(arguments: sizes) func matchesDirectAreaIntegration(spriteSize: Int) {
    let sheet = TestSheet(spriteSize: spriteSize)
    let sprites = indices { c, r in Int32((c * 7 + r * 3) % sheet.count) }
    let cases: [(x: Double, y: Double, p: Double)] = [
      (3.25, 2.5, 0.37), (1.6, 4.1, 0.8), (2, 3, 1), (-1.3, 0.45, 1.3), (0.5, -2.75, 1.99),
      (2.2, 1.7, 2), (-4.4, -3.9, 3.3), (0.1, 0.9, Double(spriteSize) - 0.01),
      (-7.5, 1.25, Double(spriteSize)), (1.5, 2.5, 7.2),
    ]
    for k in cases {
      let g = OverviewGeometry(
        originX: k.x, originY: k.y, pitch: k.p, columns: 9, rows: 7, width: 23, height: 19)
      let image = OverviewImage(g, lod: sheet.lod, sprites: sprites)
      let level = DetailLevel(pitch: k.p)
      var worst = 0.0
      for y in 0..<g.height {
        for x in 0..<g.width {
          let want = Self.integrated(x, y, g, sheet.lod, level, sprites)
          let got = SIMD3(image.channel(x, y, 0), image.channel(x, y, 1), image.channel(x, y, 2))
          worst = max(worst, ((got - want) * (got - want)).max().squareRoot())
          #expect(image.pixels[y * g.width + x] >> 24 == 0xFF)
        }
      }
      // Half a level for the rounding, and a little for the sums' float error.
      #expect(worst <= 0.51, "pitch \(k.p) at (\(k.x), \(k.y)): off by \(worst)")
    }
  }

  /// At the base pitch, on whole pixels, each view is its sprite, copied: the full level
  /// is the sprite itself, and a box resample at one texel a pixel is a copy.
  @Test(arguments: sizes) func atTheBasePitchSpritesAreCopied(spriteSize s: Int) {
    let sheet = TestSheet(spriteSize: s)
    let sprites = indices { c, r in Int32((c + 2 * r) % sheet.count) }
    for (ox, oy) in [(3, 2), (-7, -4)] {
      let g = OverviewGeometry(
        originX: Double(ox), originY: Double(oy), pitch: Double(s), columns: 8, rows: 6,
        width: 40, height: 33)
      let image = OverviewImage(g, lod: sheet.lod, sprites: sprites)
      let bg = TestSheet.background.opaquePixel
      for y in 0..<g.height {
        for x in 0..<g.width {
          let (c, i) = Self.split(x - ox, s)
          let (r, j) = Self.split(y - oy, s)
          let inside = (0..<g.columns).contains(c) && (0..<g.rows).contains(r)
          let want =
            inside ? sheet.pixel(sprite: (c + 2 * r) % sheet.count, x: i, y: j) : bg
          #expect(image.pixels[y * g.width + x] == want, "pixel (\(x), \(y))")
        }
      }
    }
  }

  /// At and below one pixel a view, a grid of one sprite is that sprite's mean colour in
  /// every pixel the grid covers whole.
  @Test func uniformGridIsTheSpriteMean() {
    let sheet = TestSheet(spriteSize: 5)
    let sprite = 9
    let mean = sheet.lod.mean(of: sprite)
    let want = SIMD3(Double(mean.x), Double(mean.y), Double(mean.z)).rounded(.toNearestOrEven)
    for p in [1, 0.8, 0.5, 0.3] {
      let g = OverviewGeometry(
        originX: 2.3, originY: 1.6, pitch: p, columns: 40, rows: 30, width: 50, height: 40)
      let image = OverviewImage(g, lod: sheet.lod, sprites: indices { _, _ in Int32(sprite) })
      let inner = Self.wholePixels(g)
      #expect(!inner.x.isEmpty && !inner.y.isEmpty)
      for y in inner.y {
        for x in inner.x {
          let got = SIMD3(image.channel(x, y, 0), image.channel(x, y, 1), image.channel(x, y, 2))
          #expect(got == want, "pitch \(p), pixel (\(x), \(y))")
        }
      }
    }
  }

  /// A pixel the grid's edge crosses is the sprite's mean and the background, mixed by
  /// the area each covers; a corner pixel by the product of its two coverages.
  @Test func edgePixelsBlendByArea() {
    let sheet = TestSheet(spriteSize: 5)
    let m = sheet.lod.mean(of: 6)
    let mean = SIMD3(Double(m.x), Double(m.y), Double(m.z))
    let bg = OverviewImage.lanes(TestSheet.background)
    // The grid spans x 10.25…26.25 and y 7.6…15.6.
    let g = OverviewGeometry(
      originX: 10.25, originY: 7.6, pitch: 0.8, columns: 20, rows: 10, width: 32, height: 20)
    let image = OverviewImage(g, lod: sheet.lod, sprites: indices { _, _ in 6 })
    let checks: [(x: Int, y: Int, cover: Double)] = [
      (10, 11, 0.75), (26, 11, 0.25), (18, 7, 0.4), (18, 15, 0.6), (10, 7, 0.75 * 0.4),
      (26, 15, 0.25 * 0.6), (9, 11, 0), (27, 11, 0), (18, 11, 1),
    ]
    for k in checks {
      let want = mean * k.cover + bg * (1 - k.cover)
      let got = SIMD3(
        image.channel(k.x, k.y, 0), image.channel(k.x, k.y, 1), image.channel(k.x, k.y, 2))
      let off = abs(got - want).max()
      #expect(off <= 0.51, "pixel (\(k.x), \(k.y)) covered \(k.cover): off by \(off)")
    }
  }

  /// Rows rendered in bands, each with its own scratch, equal one render of the whole
  /// window byte for byte, at every level.
  @Test func bandsEqualTheWholeRender() {
    let sheet = TestSheet(spriteSize: 5)
    let sprites = indices { c, r in Int32((c * c + r * 5) % sheet.count) }
    for p in [0.45, 0.8, 1.5, 2.7, 4.9] {
      let g = OverviewGeometry(
        originX: 3.3, originY: -1.7, pitch: p, columns: 60, rows: 50, width: 70, height: 61)
      let whole = OverviewImage(g, lod: sheet.lod, sprites: sprites)
      let halves = OverviewImage(g, lod: sheet.lod, sprites: sprites, bands: [0..<30, 30..<61])
      let odd = OverviewImage(
        g, lod: sheet.lod, sprites: sprites, bands: [17..<44, 0..<17, 44..<61])
      #expect(halves == whole, "pitch \(p)")
      #expect(odd == whole, "pitch \(p)")
    }
  }

  /// A grid panned out of the window, on either axis, leaves only the background, and
  /// asks for no sprites it does not show.
  @Test func aGridOutOfSightIsBackground() {
    let sheet = TestSheet(spriteSize: 5)
    let bg = TestSheet.background.opaquePixel
    for (x, y) in [(-40.0, 2.0), (30.0, 2.0), (2.0, -40.0), (2.0, 25.0), (-90.0, -90.0)] {
      let g = OverviewGeometry(
        originX: x, originY: y, pitch: 1.5, columns: 20, rows: 20, width: 25, height: 20)
      var asked = false
      let image = OverviewImage(
        g, lod: sheet.lod,
        sprites: { _, columns, _ in
          if !columns.isEmpty { asked = true }
        })
      #expect(image.pixels.allSatisfy { $0 == bg }, "origin (\(x), \(y))")
      #expect(!asked, "origin (\(x), \(y))")
    }
  }

  /// An index outside the sheet draws sprite 0, the settled off look.
  @Test func indicesOutsideTheSheetDrawSpriteZero() {
    let sheet = TestSheet(spriteSize: 4)
    let g = OverviewGeometry(
      originX: 1, originY: 1, pitch: 1.5, columns: 10, rows: 10, width: 17, height: 17)
    let zero = OverviewImage(g, lod: sheet.lod, sprites: indices { _, _ in 0 })
    let outside = OverviewImage(
      g, lod: sheet.lod, sprites: indices { c, _ in c % 2 == 0 ? -1 : Int32(sheet.count) })
    #expect(outside == zero)
  }

  /// A second render with the same scratch gives the same frame, and sees new indices:
  /// nothing of the last frame's sprites is kept.
  @Test func aScratchForgetsTheLastFrame() {
    let sheet = TestSheet(spriteSize: 5)
    let g = OverviewGeometry(
      originX: 0.5, originY: 0.5, pitch: 0.9, columns: 30, rows: 30, width: 30, height: 30)
    let r = OverviewRenderer(geometry: g, lod: sheet.lod, background: TestSheet.background)
    let scratch = OverviewScratch()
    var frames: [[UInt32]] = []
    for sprite in [3, 8, 3] {
      var frame = [UInt32](repeating: 0, count: 900)
      frame.withUnsafeMutableBufferPointer { f in
        r.render(
          rows: 0..<30, into: f.baseAddress!, sprites: indices { _, _ in Int32(sprite) },
          scratch: scratch)
      }
      frames.append(frame)
    }
    #expect(frames[0] != frames[1])
    #expect(frames[0] == frames[2])
  }

  /// A scene rendered from its records gives the bytes its `sheetIndices` give through
  /// the closure, at every level: radio views, interrupted and fresh animations, settled
  /// views, and a sheet with fewer sprites drawn than it holds.
  @Test func aSceneRendersAsItsSheetIndices() {
    let s = Scene.mixed()
    let full = SpriteSheet(key: s.spriteKey)
    let present = Double(s.step) + 0.5
    for available in [full.count, 40] {
      let sheet = full.with(available: available)
      let lod = TestSheet(spriteSize: 5, count: available).lod
      for p in [0.45, 0.8, 1, 1.5, 2.7, 4.9] {
        let g = OverviewGeometry(
          originX: 1.3, originY: -0.7, pitch: p, columns: s.layout.columns, rows: s.layout.rows,
          width: 40, height: 23)
        let byIndex = OverviewImage(
          g, lod: lod,
          sprites: { row, columns, out in
            s.sheetIndices(row: row, columns: columns, atStep: present, sheet: sheet, into: out)
          })
        let r = OverviewRenderer(geometry: g, lod: lod, background: TestSheet.background)
        var frame = [UInt32](repeating: 0, count: g.width * g.height)
        frame.withUnsafeMutableBufferPointer { f in
          r.render(
            rows: 0..<g.height, into: f.baseAddress!, scene: s, atStep: present, sheet: sheet,
            scratch: OverviewScratch())
        }
        #expect(frame == byIndex.pixels, "pitch \(p), \(available) sprites")
      }
    }
  }

  /// The grid's pixels are those the grid reaches, in part or whole; every pixel outside
  /// them is the background.
  @Test func outsideTheGridPixelsIsBackground() {
    let sheet = TestSheet(spriteSize: 5)
    let bg = TestSheet.background.opaquePixel
    for (x, y, p) in [(3.3, 2.6, 0.8), (-4.5, 1.25, 1.5), (10.0, -20.0, 3.0)] {
      let g = OverviewGeometry(
        originX: x, originY: y, pitch: p, columns: 12, rows: 9, width: 30, height: 25)
      let r = OverviewRenderer(geometry: g, lod: sheet.lod, background: TestSheet.background)
      let image = OverviewImage(g, lod: sheet.lod, sprites: indices { c, _ in Int32(c % 5 + 1) })
      let rect = r.gridPixels
      #expect(rect.x == max(0, Int(x.rounded(.down))), "origin (\(x), \(y))")
      #expect(rect.y == max(0, Int(y.rounded(.down))), "origin (\(x), \(y))")
      #expect(rect.x + rect.width == min(30, Int((x + 12 * p).rounded(.up))))
      #expect(rect.y + rect.height == min(25, Int((y + 9 * p).rounded(.up))))
      for py in 0..<g.height {
        for px in 0..<g.width {
          let inside =
            (rect.x..<(rect.x + rect.width)).contains(px)
            && (rect.y..<(rect.y + rect.height)).contains(py)
          if !inside { #expect(image.pixels[py * g.width + px] == bg, "pixel (\(px), \(py))") }
        }
      }
    }
  }

  // MARK: - Helpers

  /// `v` as a cell and the texel in it, `size` texels a cell (floor division).
  static func split(_ v: Int, _ size: Int) -> (Int, Int) {
    let c = v >= 0 ? v / size : -((-v + size - 1) / size)
    return (c, v - c * size)
  }

  /// The pixels the grid covers whole, across and down.
  static func wholePixels(_ g: OverviewGeometry) -> (x: Range<Int>, y: Range<Int>) {
    let x0 = Int(g.originX.rounded(.up))
    let x1 = Int((g.originX + Double(g.columns) * g.pitch).rounded(.down))
    let y0 = Int(g.originY.rounded(.up))
    let y1 = Int((g.originY + Double(g.rows) * g.pitch).rounded(.down))
    return (max(0, x0)..<min(g.width, x1), max(0, y0)..<min(g.height, y1))
  }

  /// Pixel `(x, y)` of the picture, integrated texel by texel: (blue, green, red).
  static func integrated(
    _ x: Int, _ y: Int, _ g: OverviewGeometry, _ lod: SpriteLOD, _ level: DetailLevel,
    _ sprites: OverviewSprites
  ) -> SIMD3<Double> {
    let k = lod.side(level)
    let t = g.pitch / Double(k)
    func overlap(_ pixel: Int, _ a: Double) -> Double {
      max(0, min(Double(pixel + 1), a + t) - max(Double(pixel), a))
    }
    var sum = SIMD3<Double>.zero
    var covered = 0.0
    var row = [Int32](repeating: 0, count: g.columns)
    for r in 0..<g.rows {
      row.withUnsafeMutableBufferPointer { sprites(r, 0..<g.columns, $0) }
      for j in 0..<k {
        let ay = overlap(y, g.originY + Double(r) * g.pitch + Double(j) * t)
        guard ay > 0 else { continue }
        for c in 0..<g.columns {
          for i in 0..<k {
            let ax = overlap(x, g.originX + Double(c) * g.pitch + Double(i) * t)
            guard ax > 0 else { continue }
            let v = lod.texel(level, sprite: Int(row[c]), x: i, y: j)
            sum += SIMD3(Double(v.x), Double(v.y), Double(v.z)) * (ax * ay)
            covered += ax * ay
          }
        }
      }
    }
    return sum + OverviewImage.lanes(TestSheet.background) * (1 - covered)
  }
}

/// The element-wise absolute value.
func abs(_ v: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z))
}
