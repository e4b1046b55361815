import TickGeometry

/// A test-only rasteriser: samples a mesh on a regular grid and composites each triangle's
/// interpolated alpha "over" the samples, the way a renderer blends them.
struct CoverageRasterizer {
  let minX: Float
  let minY: Float
  let step: Float
  let width: Int
  let height: Int
  var coverage: [Float]

  /// A sampling grid over `[minX, maxX] × [minY, maxY]` with `step` pixels between samples.
  init(minX: Float, minY: Float, maxX: Float, maxY: Float, step: Float) {
    self.minX = minX
    self.minY = minY
    self.step = step
    width = Int(((maxX - minX) / step).rounded(.up)) + 1
    height = Int(((maxY - minY) / step).rounded(.up)) + 1
    coverage = Array(repeating: 0, count: width * height)
  }

  func samplePoint(_ i: Int, _ j: Int) -> Point {
    Point(minX + (Float(i) + 0.5) * step, minY + (Float(j) + 0.5) * step)
  }

  /// Composites every triangle of `mesh`.
  mutating func draw(_ mesh: Mesh) {
    let v = mesh.vertices
    for t in 0..<mesh.triangleCount {
      let a = v[Int(mesh.indices[3 * t])]
      let b = v[Int(mesh.indices[3 * t + 1])]
      let c = v[Int(mesh.indices[3 * t + 2])]
      let area = (b.position - a.position).cross(c.position - a.position)
      guard area != 0 else { continue }
      let lo = Point(min(a.x, b.x, c.x), min(a.y, b.y, c.y))
      let hi = Point(max(a.x, b.x, c.x), max(a.y, b.y, c.y))
      let i0 = max(0, Int(((lo.x - minX) / step - 0.5).rounded(.down)))
      let i1 = min(width - 1, Int(((hi.x - minX) / step - 0.5).rounded(.up)))
      let j0 = max(0, Int(((lo.y - minY) / step - 0.5).rounded(.down)))
      let j1 = min(height - 1, Int(((hi.y - minY) / step - 0.5).rounded(.up)))
      guard i0 <= i1, j0 <= j1 else { continue }
      for j in j0...j1 {
        for i in i0...i1 {
          let p = samplePoint(i, j)
          let w0 = (b.position - p).cross(c.position - p) / area
          let w1 = (c.position - p).cross(a.position - p) / area
          let w2 = 1 - w0 - w1
          // Half-open edges: a sample on a shared edge belongs to one triangle only.
          guard w0 >= 0, w1 >= 0, w2 >= 0 else { continue }
          let alpha =
            (w0 * Float(a.color.a) + w1 * Float(b.color.a) + w2 * Float(c.color.a)) / 255
          let k = j * width + i
          coverage[k] += alpha * (1 - coverage[k])
        }
      }
    }
  }

  /// The covered area in square pixels: the sum of coverage times the sample area.
  var area: Float { coverage.reduce(0, +) * step * step }
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
