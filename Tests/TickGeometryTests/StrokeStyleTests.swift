import Testing
import TickGeometry

/// Butt and square caps, miter and bevel joins: covered once, and the exact shape's area.
@Suite struct StrokeStyleTests {
  /// Whether `p` lies in the exact stroke of `points` in `style`: a rectangle per segment
  /// (lengthened by half the width at square ends), round caps, and at each turn the join's
  /// piece on the outer side.
  static func inside(_ p: Point, _ points: [Point], _ style: StrokeStyle) -> Bool {
    let pts = cleaned(points)
    let h = style.width / 2
    guard let first = pts.first, let last = pts.last else { return false }
    if pts.count == 1 {
      switch style.cap {
      case .round: return (p - first).length <= h
      case .square: return abs(p.x - first.x) <= h && abs(p.y - first.y) <= h
      case .butt: return false
      }
    }
    if style.cap == .round, (p - first).length <= h || (p - last).length <= h { return true }
    for k in 0..<(pts.count - 1) {
      let a = pts[k]
      let d = pts[k + 1] - a
      let l = d.length
      let e = d * (1 / l)
      let grow0: Float = k == 0 && style.cap == .square ? h : 0
      let grow1: Float = k == pts.count - 2 && style.cap == .square ? h : 0
      let u = e.dot(p - a)
      if u >= -grow0, u <= l + grow1, abs(e.perpendicular.dot(p - a)) <= h { return true }
    }
    guard pts.count > 2 else { return false }
    for k in 1..<(pts.count - 1) {
      let b = pts[k]
      let e0 = (b - pts[k - 1]).normalized
      let e1 = (pts[k + 1] - b).normalized
      let turn = Math.atan2(e0.cross(e1), e0.dot(e1))
      let n0 = e0.perpendicular * (turn > 0 ? 1 : -1)
      let n1 = e1.perpendicular * (turn > 0 ? 1 : -1)
      let p0 = b + n0 * h
      let p1 = b + n1 * h
      switch style.join {
      case .round:
        if (p - b).length <= h { return true }
      case .miter where Math.cos(abs(turn) / 2) * style.miterLimit >= 1:
        let tip = b + (n0 + n1).normalized * (h / Math.cos(turn / 2))
        if inTriangle(p, b, p0, tip) || inTriangle(p, b, tip, p1) { return true }
      case .miter, .bevel:
        if inTriangle(p, b, p0, p1) { return true }
      }
    }
    return false
  }

  static func inTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
    let d1 = (b - a).cross(p - a)
    let d2 = (c - b).cross(p - b)
    let d3 = (a - c).cross(p - c)
    return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0)
  }

  static let polylines: [[Point]] = [
    [Point(6, 30), Point(40, 30)],
    [Point(6, 30), Point(22, 10), Point(40, 30)],
    [Point(6, 10), Point(20, 40), Point(30, 12), Point(44, 38)],
    [Point(6, 20), Point(40, 24), Point(10, 30)],  // a sharp turn
    // Right angles; the end stops short of the first segment (`StrokeEngine`, limit 3).
    [Point(6, 8), Point(26, 8), Point(26, 28), Point(8, 28), Point(8, 19)],
    [Point(10, 10), Point(30, 30), Point(30.6, 29.2), Point(44, 12)],  // a short middle
    [Point(20, 20)],
  ]

  static let styles: [StrokeStyle] = [
    StrokeStyle(width: 5, cap: .butt, join: .miter),
    StrokeStyle(width: 5, cap: .square, join: .bevel),
    StrokeStyle(width: 6, cap: .butt, join: .round),
    StrokeStyle(width: 4, cap: .round, join: .miter, miterLimit: 2),
    StrokeStyle(width: 7, cap: .square, join: .miter, miterLimit: 10),
  ]

  @Test(arguments: 0..<5)
  func stylesAreCoveredOnceWithTheExactArea(styleIndex: Int) {
    let style = Self.styles[styleIndex]
    for pts in Self.polylines {
      for aa in [true, false] {
        let feather = Feather(antialias: aa)
        var mesh = Mesh()
        Stroker.stroke(pts, style: style, color: .white, feather: feather, into: &mesh)
        let context = "\(style) aa \(aa): \(pts)"
        checkStructure(mesh, context)
        let reach = style.width / 2 * max(style.miterLimit, 1) + 2
        let m = measureStroke(mesh, points: pts, margin: reach) {
          Self.inside($0, pts, style)
        }
        #expect(m.overlaps == 0, "\(context): \(m.overlaps) twice at \(m.firstOverlap!)")
        #expect(m.risingFringes == 0, "\(context): \(m.risingFringes) rising")
        // Round parts: the usual band. Flat ends anti-aliased lose a little at each corner,
        // where two ramps multiply: under 0.25 px² a corner, four corners an end.
        let rounds = (style.cap == .round ? 2 * Float.pi : 0) + Float(pts.count) * .pi
        let ends: Float = aa && style.cap != .round ? 2 : 0
        let allowed =
          allowedAreaError(
            exact: m.exact, radius: style.width / 2 + 0.5, roundAngle: rounds, feather: feather)
          + ends
        #expect(
          abs(m.covered - m.exact) <= allowed, "\(context): \(m.covered) vs \(m.exact) ±\(allowed)"
        )
      }
    }
  }

  @Test func miterFallsBackToBevelPastTheLimit() {
    // The segments meet at 10°: the miter is 1 / sin(5°) ≈ 11.5 widths long, its tip
    // 23 px past the corner for a 4-px stroke.
    let pts = [Point(5, 10), Point(40, 10), Point(5, 16.17)]
    func farthest(_ limit: Float) -> Float {
      var mesh = Mesh()
      Stroker.stroke(
        pts, style: StrokeStyle(width: 4, cap: .butt, join: .miter, miterLimit: limit),
        color: .white, feather: Feather(antialias: false), into: &mesh)
      return mesh.vertices.map(\.x).max() ?? 0
    }
    #expect(farthest(12) > 40 + 22)
    #expect(farthest(11) < 40 + 2.5)
  }
}
