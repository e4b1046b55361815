import Testing
import TickGeometry

/// A small seeded generator (SplitMix64), so that random tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A float in `[lo, hi)`.
  mutating func float(_ lo: Float, _ hi: Float) -> Float {
    lo + (hi - lo) * Float(next() >> 40) / Float(1 << 24)
  }

  /// An integer in `0..<n`.
  mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

  /// A random polyline of 2 to `maxPoints` points in `[lo, hi)²`: free points, with runs of
  /// repeated points, or short steps (segments shorter than most widths).
  mutating func polyline(maxPoints: Int, in lo: Float, _ hi: Float) -> [Point] {
    let n = int(maxPoints - 1) + 2
    let kind = int(3)
    var points: [Point] = []
    for i in 0..<n {
      if kind == 1, i > 0, int(3) == 0 {
        points.append(points[i - 1])
      } else if kind == 2, i > 0 {
        let q = points[i - 1]
        points.append(Point(q.x + float(-2, 2), q.y + float(-2, 2)))
      } else {
        points.append(Point(float(lo, hi), float(lo, hi)))
      }
    }
    return points
  }
}

/// What the rasteriser found for one stroke.
struct StrokeCoverage {
  /// Samples covered by more than one triangle.
  var overlaps: Int
  var firstOverlap: Point?
  /// The covered area (alpha summed) and the exact shape's area, in square pixels.
  var covered: Float
  var exact: Float
  /// Feather triangles whose alpha rises outwards (away from the nearest polyline point).
  var risingFringes: Int
}

/// Draws `mesh` at 16 samples per pixel around `points` and measures it against the exact
/// shape (`inside`), and checks that every feather triangle's alpha falls away from the
/// polyline.
func measureStroke(
  _ mesh: Mesh, points: [Point], margin: Float, inside: (Point) -> Bool
) -> StrokeCoverage {
  var r = CoverageRasterizer(around: points, margin: margin)
  r.draw(mesh)
  var rising = 0
  let v = mesh.vertices
  for t in 0..<mesh.triangleCount {
    let a = v[Int(mesh.indices[3 * t])]
    let b = v[Int(mesh.indices[3 * t + 1])]
    let c = v[Int(mesh.indices[3 * t + 2])]
    guard a.color.a != b.color.a || b.color.a != c.color.a else { continue }
    // The gradient of the interpolated alpha across the triangle.
    let e1 = b.position - a.position
    let e2 = c.position - a.position
    let det = e1.cross(e2)
    // A sliver (thinner than 1/100 px) covers nothing and has no meaningful gradient.
    let longest = max(e1.length, e2.length, (c.position - b.position).length)
    guard abs(det) / longest > 0.01 else { continue }
    let d1 = Float(b.color.a) - Float(a.color.a)
    let d2 = Float(c.color.a) - Float(a.color.a)
    let g = Point((d1 * e2.y - d2 * e1.y) / det, (d2 * e1.x - d1 * e2.x) / det)
    let centroid = Point(
      (a.x + b.x + c.x) / 3, (a.y + b.y + c.y) / 3)
    let out = centroid - nearestPoint(to: centroid, onPolyline: points)
    let l = out.length
    guard l > 1e-3 else { continue }
    // Rising by more than 2 % of a full fade per pixel outwards counts.
    if g.dot(out) / l > 0.02 * 255 { rising += 1 }
  }
  return StrokeCoverage(
    overlaps: r.overlaps, firstOverlap: r.firstOverlap, covered: r.area,
    exact: r.exactArea(inside), risingFringes: rising)
}

/// The point of the polyline nearest `p`.
func nearestPoint(to p: Point, onPolyline points: [Point]) -> Point {
  guard points.count > 1 else { return points.first ?? p }
  var best = points[0]
  var bestD = Float.infinity
  for k in 0..<(points.count - 1) {
    let a = points[k]
    let ab = points[k + 1] - a
    let l2 = ab.dot(ab)
    let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
    let q = a + ab * t
    let d = (p - q).length
    if d < bestD {
      bestD = d
      best = q
    }
  }
  return best
}

/// The finite points of `points` with consecutive repeats dropped, as the stroker sees them.
func cleaned(_ points: [Point]) -> [Point] {
  var out: [Point] = []
  for p in points where p.isFinite {
    if let q = out.last, !((p - q).length > Stroker.epsilon) { continue }
    out.append(p)
  }
  return out
}

/// The total angle of the round parts of a round-capped, round-joined stroke: two half
/// turns of caps and each join's turn.
func roundAngle(_ points: [Point]) -> Float {
  let pts = cleaned(points)
  var total: Float = pts.count > 1 ? 2 * .pi : 0
  guard pts.count > 2 else { return pts.count == 1 ? 2 * .pi : total }
  for k in 1..<(pts.count - 1) {
    let d0 = (pts[k] - pts[k - 1]).normalized
    let d1 = (pts[k + 1] - pts[k]).normalized
    total += abs(Math.atan2(d0.cross(d1), d0.dot(d1)))
  }
  return total
}

/// How far the covered area may stray from the exact one: 1 % of the area, plus the band
/// the tolerance allows along round edges (chords stray at most `tolerance` from their arc,
/// over an arc `radius × angle` long), plus, anti-aliased, the π/12 px² per full turn that a
/// linear feather on a curve adds (its outer half is longer than its inner half).
func allowedAreaError(
  exact: Float, radius: Float, roundAngle: Float, feather: Feather
) -> Float {
  0.01 * exact + feather.tolerance * radius * roundAngle
    + (feather.antialias ? roundAngle / 24 : 0) + 0.05
}
