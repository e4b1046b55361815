import Testing

@testable import TickGeometry

/// `StrokeEngine.outOfReach` leaves a feature out of a region's candidates only where no ray
/// of the region could meet it: checked against `exit` and `inWedge` themselves, over many
/// rays.
@Suite struct StrokeEngineReachTests {
  @Test func aFeatureOutOfReachStopsNoRayOfTheWedge() {
    var random = SeededRandom(seed: 2024)
    var tessellator = StrokeTessellator()
    var (pruned, kept) = (0, 0)
    for n in 0..<600 {
      let points = random.polyline(maxPoints: 6, in: 4, 40)
      var mesh = Mesh()
      tessellator.strokeRound(
        points, width: random.float(0.5, 12), color: .white,
        feather: Feather(antialias: n % 2 == 0), engine: .general, into: &mesh)
      let e = tessellator.engine
      for r in e.regions {
        for g in 0..<Int32(e.features.count) where g != r.feature {
          guard e.outOfReach(g, r) else {
            kept += 1
            continue
          }
          pruned += 1
          let shape = e.features[Int(g)].shape
          let slack = e.slack(g, against: r)
          // Rays across the region, its edges included, each as far as `grow` may push one:
          // none meets `g` where `g` would claim the point (for a vertex, in its wedge).
          for k in 0...64 {
            let (o, d) = e.frame(r, r.end * Float(k) / 64)
            let t = StrokeEngine.exit(shape, shift: slack, o, d)
            let claims = t < 1.25 * e.outer && e.inWedge(e.features[Int(g)], o + d * t)
            #expect(!claims, "stroke \(n): feature \(g) meets a ray at \(t)")
          }
        }
      }
    }
    // Both answers are given often: the check is not vacuous.
    #expect(pruned > 500 && kept > 500, "pruned \(pruned), kept \(kept)")
  }
}
