import Testing

@testable import TickFrame
@testable import TickGeometry

/// `Rasterizer`: which pixels a triangle covers, what colour they get, and that a mesh's
/// shared edges are blended once.
@Suite struct RasterizerTests {
  /// An opaque ARGB8888 pixel.
  static func argb(_ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
    0xFF00_0000 | r << 16 | g << 8 | b
  }

  static let black = argb(0, 0, 0)

  /// A mesh of the triangles `points` lists three by three, all in `color`.
  static func mesh(_ points: [Point], _ color: Color) -> Mesh {
    var m = Mesh()
    for p in points { m.addVertex(p, color) }
    var k: UInt32 = 0
    while Int(k) + 2 < points.count {
      m.addTriangle(k, k + 1, k + 2)
      k += 3
    }
    return m
  }

  /// `width × height` black pixels with `mesh` drawn over them, clipped to the buffer or
  /// to `clip`.
  static func draw(_ mesh: Mesh, width: Int, height: Int, clip: PixelRect? = nil) -> [UInt32] {
    var pixels = [UInt32](repeating: black, count: width * height)
    Rasterizer.draw(
      mesh, into: &pixels, width: width,
      clip: clip ?? PixelRect(x: 0, y: 0, width: width, height: height))
    return pixels
  }

  /// A right triangle whose edges run through pixel centres: centres on its top and left
  /// edges are covered, centres on its hypotenuse (a bottom-right edge) are not, in either
  /// winding.
  @Test func coverageFollowsTheTopLeftRule() {
    let corners = [Point(0.5, 0.5), Point(4.5, 0.5), Point(0.5, 4.5)]
    for points in [corners, corners.reversed()] {
      let pixels = Self.draw(Self.mesh(points, .white), width: 8, height: 8)
      for y in 0..<8 {
        for x in 0..<8 {
          // Centre (x + 0.5, y + 0.5): inside or on the top (y = 0) or left (x = 0) edge,
          // and strictly before the hypotenuse x + y = 4.
          let covered = x + y < 4
          #expect(
            pixels[y * 8 + x] == (covered ? Self.argb(255, 255, 255) : Self.black),
            "pixel \(x), \(y)")
        }
      }
    }
  }

  /// A triangle thinner than a pixel that covers no centre draws nothing; one that covers
  /// a single centre draws one pixel.
  @Test func coverageIsDecidedAtPixelCentres() {
    let between = Self.mesh([Point(0.6, 0.6), Point(7.4, 0.6), Point(7.4, 1.4)], .white)
    #expect(Self.draw(between, width: 8, height: 4).allSatisfy { $0 == Self.black })
    let one = Self.mesh([Point(2.2, 2.2), Point(3.0, 2.2), Point(2.2, 3.0)], .white)
    let pixels = Self.draw(one, width: 8, height: 4)
    #expect(pixels.filter { $0 != Self.black }.count == 1 && pixels[2 * 8 + 2] != Self.black)
  }

  /// Triangles fanned round a point, their shared edges through pixel centres and at odd
  /// angles, in a half-transparent colour: every pixel inside is blended exactly once, so
  /// all of them take the one value a single blend gives (a pixel blended twice would be
  /// darker or lighter), and no pixel inside is missed.
  @Test func trianglesSharingEdgesCoverEachPixelOnce() {
    let colour = Color(r: 255, g: 255, b: 255, a: 128)
    let once = Rasterizer.blend(
      SIMD4(UInt32(colour.r), UInt32(colour.g), UInt32(colour.b), UInt32(colour.a)),
      over: Self.black)
    for centre in [Point(8.5, 8.5), Point(8.3, 7.9), Point(8, 8)] {
      // A square cut into eight triangles from `centre`: edges along axes and diagonals.
      let ring = [
        Point(1.5, 1.5), Point(8.5, 1.5), Point(15.5, 1.5), Point(15.5, 8.5),
        Point(15.5, 15.5), Point(8.5, 15.5), Point(1.5, 15.5), Point(1.5, 8.5),
      ]
      var points: [Point] = []
      for k in 0..<ring.count { points += [centre, ring[k], ring[(k + 1) % ring.count]] }
      let pixels = Self.draw(Self.mesh(points, colour), width: 18, height: 18)
      for y in 0..<18 {
        for x in 0..<18 {
          // Centres strictly inside the square [1.5, 15.5]², plus its top and left edges.
          let inside = x >= 1 && x < 15 && y >= 1 && y < 15
          #expect(pixels[y * 18 + x] == (inside ? once : Self.black), "pixel \(x), \(y)")
        }
      }
    }
  }

  /// Colours are interpolated barycentrically across a triangle, from each vertex's.
  @Test func coloursInterpolateAcrossATriangle() {
    var m = Mesh()
    let a = m.addVertex(Point(0, 0), Color(r: 255, g: 0, b: 0))
    let b = m.addVertex(Point(64, 0), Color(r: 0, g: 255, b: 0))
    let c = m.addVertex(Point(0, 64), Color(r: 0, g: 0, b: 255))
    m.addTriangle(a, b, c)
    let pixels = Self.draw(m, width: 64, height: 64)
    func channels(_ x: Int, _ y: Int) -> [Int] {
      let p = pixels[y * 64 + x]
      return [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
    }
    // The centre of pixel (x, y) is (x + 0.5, y + 0.5): weights b = x'/64, c = y'/64.
    for (x, y) in [(0, 0), (31, 0), (0, 31), (20, 20), (10, 40), (62, 0)] {
      let wb = (Float(x) + 0.5) / 64
      let wc = (Float(y) + 0.5) / 64
      let expected = [(1 - wb - wc) * 255, wb * 255, wc * 255].map { Int($0.rounded()) }
      let got = channels(x, y)
      for k in 0..<3 { #expect(abs(got[k] - expected[k]) <= 1, "pixel \(x), \(y): \(got)") }
    }
  }

  /// Blending is `src · a + dst · (1 − a)`, rounded to the nearest level; transparent
  /// triangles leave the pixels alone, opaque ones replace them.
  @Test func blendingMixesOverTheBackground() {
    let blue = Self.argb(0, 0, 255)
    let cases: [(alpha: UInt8, expected: UInt32)] = [
      (0, blue), (64, Self.argb(64, 0, 191)), (128, Self.argb(128, 0, 127)),
      (255, Self.argb(255, 0, 0)),
    ]
    for c in cases {
      let m = Self.mesh(
        [Point(0, 0), Point(4, 0), Point(0, 4), Point(4, 0), Point(4, 4), Point(0, 4)],
        Color(r: 255, g: 0, b: 0, a: c.alpha))
      var pixels = [UInt32](repeating: blue, count: 16)
      Rasterizer.draw(m, into: &pixels, width: 4, clip: PixelRect(x: 0, y: 0, width: 4, height: 4))
      #expect(pixels.allSatisfy { $0 == c.expected }, "alpha \(c.alpha): \(pixels[0])")
    }
  }

  /// Nothing is drawn outside the clip rectangle, and everything the triangle covers
  /// inside it is.
  @Test func drawingStaysInsideTheClip() {
    let big = Self.mesh(
      [
        Point(-10, -10), Point(30, -10), Point(-10, 30), Point(30, -10), Point(30, 30),
        Point(-10, 30),
      ], .white)
    let clip = PixelRect(x: 2, y: 3, width: 4, height: 5)
    let pixels = Self.draw(big, width: 10, height: 10, clip: clip)
    for y in 0..<10 {
      for x in 0..<10 {
        let expected = clip.contains(x, y) ? Self.argb(255, 255, 255) : Self.black
        #expect(pixels[y * 10 + x] == expected, "pixel \(x), \(y)")
      }
    }
  }

  /// Triangles with a coordinate that is not finite, or too far away to snap, or no area,
  /// draw nothing.
  @Test func degenerateTrianglesDrawNothing() {
    for points in [
      [Point(.nan, 0), Point(4, 0), Point(0, 4)],
      [Point(0, 0), Point(.infinity, 0), Point(0, 4)],
      [Point(0, 0), Point(4e9, 0), Point(0, 4)],
      [Point(0, 0), Point(2, 2), Point(4, 4)],
    ] {
      #expect(
        Self.draw(Self.mesh(points, .white), width: 8, height: 8).allSatisfy {
          $0 == Self.black
        })
    }
  }
}
