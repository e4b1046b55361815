import Testing
import TickGeometry

/// `Mesh.clip(fromVertex:fromIndex:to:)`: what a view's paint rect keeps of its shapes.
@Suite struct ClipTests {
  /// Random strokes and discs, clipped to random rectangles that cut through them: inside
  /// the rectangle every sample is covered as the unclipped mesh covers it (colours at cut
  /// edges are interpolated and rounded to 8 bits, hence the small tolerance), covered once,
  /// and outside it nothing is drawn at all.
  @Test func clippingKeepsExactlyWhatLiesInside() {
    var random = SeededRandom(seed: 12)
    for trial in 0..<300 {
      var whole = Mesh()
      let feather = Feather(antialias: trial % 3 != 0)
      let color = Color(r: 200, g: 40, b: 90, a: UInt8(128 + random.int(128)))
      if trial % 2 == 0 {
        let pts = random.polyline(maxPoints: 5, in: 4, 28)
        Stroker.strokeRound(
          pts, width: random.float(1, 8), color: color, feather: feather, into: &whole)
      } else {
        Fill.disc(
          center: Point(random.float(10, 22), random.float(10, 22)),
          radius: random.float(0.3, 12), color: color, feather: feather, into: &whole)
      }
      let x = random.float(0, 24)
      let y = random.float(0, 24)
      let rect = PixelRect(
        x: Int(x), y: Int(y), width: 1 + random.int(16), height: 1 + random.int(16))
      var clipped = Mesh()
      clipped.append(whole)
      clipped.clip(fromVertex: 0, fromIndex: 0, to: rect)

      var a = CoverageRasterizer(minX: -2, minY: -2, maxX: 42, maxY: 42, step: 0.25)
      var b = a
      a.draw(whole)
      b.draw(clipped)
      let (lo, hi) = (
        Point(Float(rect.x), Float(rect.y)),
        Point(Float(rect.x + rect.width), Float(rect.y + rect.height))
      )
      var (wrong, outside, twice) = (0, 0, 0)
      for j in 0..<a.height {
        for i in 0..<a.width {
          let p = a.samplePoint(i, j)
          let k = j * a.width + i
          let margin: Float = 1e-3
          if p.x > lo.x + margin, p.x < hi.x - margin, p.y > lo.y + margin, p.y < hi.y - margin {
            if abs(a.coverage[k] - b.coverage[k]) > 0.01 { wrong += 1 }
            if b.hits[k] > 1 { twice += 1 }
          } else if p.x < lo.x - margin || p.x > hi.x + margin || p.y < lo.y - margin
            || p.y > hi.y + margin
          {
            if b.coverage[k] > 0 { outside += 1 }
          }
        }
      }
      let context = "trial \(trial): rect \(rect)"
      #expect(wrong == 0, "\(context): \(wrong) samples inside differ")
      #expect(outside == 0, "\(context): \(outside) samples drawn outside")
      #expect(twice == 0, "\(context): \(twice) samples covered twice")
      #expect(clipped.indices.allSatisfy { Int($0) < clipped.vertices.count }, "\(context)")
    }
  }
}
