import Testing
import TickGeometry

/// The properties every tessellation has (DESIGN.md, tier 1): finite vertices, indices in
/// range, one winding, no degenerate triangle; for thousands of seeded random polylines in
/// every style, and for the tick at sizes 4–512 and progress 0…1 in steps of 0.01.
@Suite struct StrokerPropertyTests {
  static let styles: [StrokeStyle] = [
    StrokeStyle(width: 1),
    StrokeStyle(width: 1, cap: .butt, join: .miter),
    StrokeStyle(width: 1, cap: .square, join: .bevel),
    StrokeStyle(width: 1, cap: .butt, join: .miter, miterLimit: 1.5),
  ]

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

  @Test(arguments: 0..<4)
  func randomPolylinesAreWellFormedInEveryStyle(styleIndex: Int) {
    var random = SeededRandom(seed: 100 + UInt64(styleIndex))
    var mesh = Mesh()
    for trial in 0..<750 {
      let pts = random.polyline(maxPoints: 9, in: 0, 60)
      var style = Self.styles[styleIndex]
      style.width = random.float(0.1, 14)
      let aa = random.int(2) == 0
      mesh.removeAll()
      Stroker.stroke(
        pts, style: style, color: .white, feather: Feather(antialias: aa), into: &mesh)
      checkStructure(mesh, "trial \(trial) \(style) aa \(aa): \(pts)")
      // Only a lone point with a butt cap draws nothing.
      if cleaned(pts).count > 1 || style.cap != .butt {
        #expect(!mesh.isEmpty, "trial \(trial): a visible stroke draws something")
      }
    }
  }
}
