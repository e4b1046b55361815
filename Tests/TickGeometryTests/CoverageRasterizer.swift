import TickGeometry

/// A test-only rasteriser: samples a mesh on a regular grid, composites each triangle's
/// interpolated alpha "over" the samples the way a renderer blends them, and counts how many
/// triangles cover each sample.
///
/// Edges follow a top-left rule with exactly antisymmetric edge functions, so a sample on an
/// edge two triangles share is counted in exactly one of them: a count above 1 is a real
/// overlap, never an artefact of the test.
///
/// A triangle counts towards `hits` only where the sample lies at least `guardBand` inside
/// it. Slivers thinner than that (where three regions of a stroke meet, float rounding can
/// leave one ten-thousandth of a pixel wide) are composited but not counted: no renderer can
/// show them, and GL snaps vertices to 1/256 px anyway.
struct CoverageRasterizer {
  /// How deep inside a triangle a sample must be to count as covered by it, in pixels.
  static let guardBand: Float = 1e-3

  let minX: Float
  let minY: Float
  let step: Float
  let width: Int
  let height: Int
  /// Composited alpha per sample, in [0, 1].
  var coverage: [Float]
  /// Triangles covering each sample (saturating at 255).
  var hits: [UInt8]
  /// The largest alpha any single triangle gave each sample.
  var peak: [Float]

  /// A sampling grid over `[minX, maxX] × [minY, maxY]` with `step` pixels between samples.
  init(minX: Float, minY: Float, maxX: Float, maxY: Float, step: Float) {
    self.minX = minX
    self.minY = minY
    self.step = step
    width = Int(((maxX - minX) / step).rounded(.up)) + 1
    height = Int(((maxY - minY) / step).rounded(.up)) + 1
    coverage = Array(repeating: 0, count: width * height)
    hits = Array(repeating: 0, count: width * height)
    peak = Array(repeating: 0, count: width * height)
  }

  /// A grid of `samplesPerPixelAxis²` samples per pixel around `points`, `margin` pixels
  /// beyond their bounding box.
  init(around points: [Point], margin: Float, samplesPerPixelAxis: Int = 4) {
    var lo = Point(Float.infinity, .infinity)
    var hi = Point(-Float.infinity, -.infinity)
    for p in points where p.isFinite {
      lo = Point(min(lo.x, p.x), min(lo.y, p.y))
      hi = Point(max(hi.x, p.x), max(hi.y, p.y))
    }
    if !lo.isFinite { (lo, hi) = (.zero, .zero) }
    // Whole pixels, so that sample positions sit at the same sub-pixel offsets as a
    // renderer's would.
    let x0 = (lo.x - margin).rounded(.down)
    let y0 = (lo.y - margin).rounded(.down)
    self.init(
      minX: x0, minY: y0, maxX: (hi.x + margin).rounded(.up),
      maxY: (hi.y + margin).rounded(.up), step: 1 / Float(samplesPerPixelAxis))
  }

  func samplePoint(_ i: Int, _ j: Int) -> Point {
    Point(minX + (Float(i) + 0.5) * step, minY + (Float(j) + 0.5) * step)
  }

  /// `(q − p) × (s − p)`, computed from the lexicographically smaller endpoint so that
  /// swapping `p` and `q` negates it exactly.
  @inline(__always)
  static func edge(_ p: Point, _ q: Point, _ s: Point) -> Float {
    if p.x < q.x || (p.x == q.x && p.y < q.y) {
      return (q - p).cross(s - p)
    }
    return -((p - q).cross(s - q))
  }

  /// Whether a sample exactly on the edge `p → q` of a positively wound triangle belongs
  /// to it; the reversed edge gets the opposite answer.
  @inline(__always)
  static func ownsEdge(_ p: Point, _ q: Point) -> Bool {
    let d = q - p
    return d.y > 0 || (d.y == 0 && d.x < 0)
  }

  /// Composites every triangle of `mesh`.
  mutating func draw(_ mesh: Mesh) {
    let v = mesh.vertices
    for t in 0..<mesh.triangleCount {
      var a = v[Int(mesh.indices[3 * t])]
      var b = v[Int(mesh.indices[3 * t + 1])]
      let c = v[Int(mesh.indices[3 * t + 2])]
      var area = (b.position - a.position).cross(c.position - a.position)
      guard area != 0, area.isFinite else { continue }
      if area < 0 {
        swap(&a, &b)
        area = -area
      }
      let pa = a.position
      let pb = b.position
      let pc = c.position
      let lo = Point(min(a.x, b.x, c.x), min(a.y, b.y, c.y))
      let hi = Point(max(a.x, b.x, c.x), max(a.y, b.y, c.y))
      let i0 = max(0, Int(((lo.x - minX) / step - 0.5).rounded(.down)))
      let i1 = min(width - 1, Int(((hi.x - minX) / step - 0.5).rounded(.up)))
      let j0 = max(0, Int(((lo.y - minY) / step - 0.5).rounded(.down)))
      let j1 = min(height - 1, Int(((hi.y - minY) / step - 0.5).rounded(.up)))
      guard i0 <= i1, j0 <= j1 else { continue }
      let depthBC = Self.guardBand * (pc - pb).length
      let depthCA = Self.guardBand * (pa - pc).length
      let depthAB = Self.guardBand * (pb - pa).length
      let ownBC = Self.ownsEdge(pb, pc)
      let ownCA = Self.ownsEdge(pc, pa)
      let ownAB = Self.ownsEdge(pa, pb)
      let alphaA = Float(a.color.a) / 255
      let alphaB = Float(b.color.a) / 255
      let alphaC = Float(c.color.a) / 255
      for j in j0...j1 {
        for i in i0...i1 {
          let p = samplePoint(i, j)
          let ea = Self.edge(pb, pc, p)
          let eb = Self.edge(pc, pa, p)
          let ec = Self.edge(pa, pb, p)
          guard ea > 0 || (ea == 0 && ownBC), eb > 0 || (eb == 0 && ownCA),
            ec > 0 || (ec == 0 && ownAB)
          else { continue }
          let alpha = min(max((ea * alphaA + eb * alphaB + ec * alphaC) / area, 0), 1)
          let k = j * width + i
          coverage[k] += alpha * (1 - coverage[k])
          if hits[k] < 255, ea >= depthBC, eb >= depthCA, ec >= depthAB { hits[k] += 1 }
          peak[k] = max(peak[k], alpha)
        }
      }
    }
  }

  /// The covered area in square pixels: the sum of coverage times the sample area.
  var area: Float { coverage.reduce(0, +) * step * step }

  /// The number of samples covered by more than one triangle.
  var overlaps: Int { hits.reduce(0) { $0 + ($1 > 1 ? 1 : 0) } }

  /// The first sample covered more than once, for failure messages.
  var firstOverlap: Point? {
    guard let k = hits.firstIndex(where: { $0 > 1 }) else { return nil }
    return samplePoint(k % width, k / width)
  }

  /// The area, in square pixels, of the samples for which `inside` holds.
  func exactArea(_ inside: (Point) -> Bool) -> Float {
    var n = 0
    for j in 0..<height {
      for i in 0..<width where inside(samplePoint(i, j)) { n += 1 }
    }
    return Float(n) * step * step
  }
}

/// The distance from `p` to the polyline `points`.
func distance(from p: Point, toPolyline points: [Point]) -> Float {
  var best = Float.infinity
  if points.count == 1 { return (p - points[0]).length }
  for k in 0..<(max(points.count - 1, 0)) {
    let a = points[k]
    let ab = points[k + 1] - a
    let l2 = ab.dot(ab)
    let t = l2 > 0 ? min(max((p - a).dot(ab) / l2, 0), 1) : 0
    best = min(best, (p - (a + ab * t)).length)
  }
  return best
}
