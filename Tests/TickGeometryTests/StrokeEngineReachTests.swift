import Testing

@testable import TickGeometry

/// `StrokeEngine.outOfReach` leaves a vertex region's feature out of its candidates only
/// where no ray of the region could meet it: checked against `exit` itself, over many rays.
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
        guard case .fan(let c, let first, _, let sign) = r.kind else { continue }
        for g in 0..<Int32(e.features.count) where g != r.feature {
          guard e.outOfReach(g, r) else {
            kept += 1
            continue
          }
          pruned += 1
          // Rays across the wedge, its edges included, each as far as `grow` may push one.
          for k in 0...64 {
            let angle = r.end * Float(k) / 64
            let d = first.rotated(by: Point(Math.cos(angle), sign * Math.sin(angle)))
            let t = StrokeEngine.exit(
              e.features[Int(g)].shape, shift: e.slack(g, against: r), c, d)
            #expect(t >= 1.25 * e.outer, "stroke \(n): feature \(g) meets region at \(t)")
          }
        }
      }
    }
    // Both answers are given often: the check is not vacuous.
    #expect(pruned > 500 && kept > 500, "pruned \(pruned), kept \(kept)")
  }
}
