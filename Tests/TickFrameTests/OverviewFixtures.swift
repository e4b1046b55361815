import TickGeometry

@testable import TickFrame
@testable import TickScene

/// A small sheet of sprites made in the test, laid out as a `SpriteAtlas` lays its
/// pixels: a disc growing and a stroke lengthening with the sprite's progress, drawn over
/// the background with anti-aliased (4×4 supersampled) edges, as opaque ARGB8888.
struct TestSheet {
  static let background = Color(r: 242, g: 242, b: 247)
  static let disc = Color(r: 0, g: 122, b: 255)
  static let stroke = Color(r: 255, g: 255, b: 255)
  /// Subsamples per pixel side for the anti-aliased edges.
  static let subsamples = 4

  let spriteSize: Int
  let count: Int
  let perRow: Int
  let pixels: [UInt32]
  let lod: SpriteLOD

  init(spriteSize: Int, count: Int = 13) {
    self.spriteSize = spriteSize
    self.count = count
    perRow = 4
    let width = perRow * spriteSize
    let height = (count + perRow - 1) / perRow * spriteSize
    var pixels = [UInt32](repeating: 0, count: width * height)
    for i in 0..<count {
      let u = count > 1 ? Double(i) / Double(count - 1) : 1
      let (ox, oy) = ((i % perRow) * spriteSize, (i / perRow) * spriteSize)
      for y in 0..<spriteSize {
        for x in 0..<spriteSize {
          pixels[(oy + y) * width + ox + x] = Self.pixel(x, y, progress: u, size: spriteSize)
        }
      }
    }
    self.pixels = pixels
    let perRow = perRow
    lod = SpriteLOD(
      pixels: pixels, rowStride: width, spriteSize: spriteSize, count: count,
      origin: { i in ((i % perRow) * spriteSize, (i / perRow) * spriteSize) })
  }

  /// The top-left of sprite `i` in `pixels`.
  func origin(_ i: Int) -> (x: Int, y: Int) {
    ((i % perRow) * spriteSize, (i / perRow) * spriteSize)
  }

  /// Pixel `(x, y)` of sprite `i`.
  func pixel(sprite i: Int, x: Int, y: Int) -> UInt32 {
    let (ox, oy) = origin(i)
    return pixels[(oy + y) * perRow * spriteSize + ox + x]
  }

  /// One pixel of the sprite at `progress`: the covered fraction of each shape, by
  /// subsamples, blended over the background.
  static func pixel(_ x: Int, _ y: Int, progress u: Double, size: Int) -> UInt32 {
    let s = Double(size)
    var discCover = 0.0
    var strokeCover = 0.0
    let n = subsamples
    for sy in 0..<n {
      for sx in 0..<n {
        let px = (Double(x) + (Double(sx) + 0.5) / Double(n)) / s
        let py = (Double(y) + (Double(sy) + 0.5) / Double(n)) / s
        let d = ((px - 0.5) * (px - 0.5) + (py - 0.5) * (py - 0.5)).squareRoot()
        if d < 0.45 * u { discCover += 1 }
        // A diagonal stroke from the top-left corner, as long as the progress.
        let along = (px + py) / 2
        if abs(px - py) < 0.15, along < u { strokeCover += 1 }
      }
    }
    let area = Double(n * n)
    var c = mix(background, disc, discCover / area)
    c = mix(c, stroke, strokeCover / area)
    return 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
  }

  static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
    func m(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8((Double(x) * (1 - t) + Double(y) * t).rounded())
    }
    return Color(r: m(a.r, b.r), g: m(a.g, b.g), b: m(a.b, b.b))
  }
}

/// A whole window rendered by an overview, and what a test asks of it.
struct OverviewImage: Equatable {
  let width: Int
  let height: Int
  var pixels: [UInt32]

  /// Renders `geometry` with `sprites` in row bands `bands` (each with its own scratch).
  init(
    _ geometry: OverviewGeometry, lod: SpriteLOD, sprites: OverviewSprites,
    bands: [Range<Int>]? = nil
  ) {
    width = geometry.width
    height = geometry.height
    var frame = [UInt32](repeating: 0xDEAD_BEEF, count: width * height)
    let r = OverviewRenderer(geometry: geometry, lod: lod, background: TestSheet.background)
    frame.withUnsafeMutableBufferPointer { f in
      for band in bands ?? [0..<geometry.height] {
        r.render(rows: band, into: f.baseAddress!, sprites: sprites, scratch: OverviewScratch())
      }
    }
    pixels = frame
  }

  /// Channel `lane` (0 blue, 1 green, 2 red) of pixel `(x, y)`.
  func channel(_ x: Int, _ y: Int, _ lane: Int) -> Double {
    Double(pixels[y * width + x] >> (8 * UInt32(lane)) & 0xFF)
  }

  /// The grid's mean colour (blue, green, red): what the window's pixels differ from the
  /// background by, over the area the grid covers. Each pixel is its covered part of the
  /// grid blended with the background by area, so this is the grid's area-weighted mean.
  func gridMean(area: Double) -> SIMD3<Double> {
    let bg = OverviewImage.lanes(TestSheet.background)
    var sum = SIMD3<Double>.zero
    for y in 0..<height {
      for x in 0..<width {
        sum += SIMD3(channel(x, y, 0), channel(x, y, 1), channel(x, y, 2)) - bg
      }
    }
    return bg + sum / area
  }

  static func lanes(_ c: Color) -> SIMD3<Double> { SIMD3(Double(c.b), Double(c.g), Double(c.r)) }
}

/// Sprite indices from a function of the view's column and row.
func indices(_ f: @escaping (Int, Int) -> Int32) -> OverviewSprites {
  { row, columns, out in
    for (k, c) in columns.enumerated() { out[k] = f(c, row) }
  }
}
