import Testing
import TickGeometry

/// The properties every tessellation has (docs/testing.md): finite vertices, indices in
/// range, one winding, no degenerate triangle; for thousands of seeded random polylines
/// through both engines, and for the tick at sizes 4–512 and progress 0…1 in steps of 0.01.
@Suite struct StrokerPropertyTests {
  /// Sizes from 4 to 512 px, about 20 % apart.
  static let tickSizes: [Float] = [
    4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 50, 64, 80, 100, 128, 160, 200, 256,
    320, 400, 512,
  ]

  @Test(arguments: tickSizes)
  func tickIsWellFormedAtEveryProgress(size: Float) {
    let tick = TickShape.tick(origin: Point(1.5, 2.5), width: size, height: size)
    var pts: [Point] = []
    var mesh = Mesh()
    for aa in [true, false] {
      for step in 0...100 {
        tick.trimmed(end: Float(step) / 100, into: &pts)
        mesh.removeAll()
        Stroker.strokeRound(
          pts, width: TickShape.tickWidth * size, color: .white,
          feather: Feather(antialias: aa), into: &mesh)
        checkStructure(mesh, "size \(size) progress \(step)% aa \(aa)")
        #expect(mesh.isEmpty == (step == 0), "size \(size) progress \(step)%: empty only at 0")
      }
    }
  }

  /// Seeds 0 and 1 stroke with the fast path where it applies, 2 and 3 with the general
  /// engine only.
  @Test(arguments: 0..<4)
  func randomPolylinesAreWellFormed(seed: Int) {
    var random = SeededRandom(seed: 100 + UInt64(seed))
    var mesh = Mesh()
    for trial in 0..<750 {
      let pts = random.polyline(maxPoints: seed % 2 == 0 ? 3 : 9, in: 0, 60)
      let width = random.float(0.1, 14)
      let aa = random.int(2) == 0
      mesh.removeAll()
      Stroker.strokeRound(
        pts, width: width, color: .white, feather: Feather(antialias: aa),
        engine: seed < 2 ? .automatic : .general, into: &mesh)
      checkStructure(mesh, "trial \(trial) width \(width) aa \(aa): \(pts)")
      #expect(!mesh.isEmpty, "trial \(trial): a visible stroke draws something")
    }
  }
}
