/// Convex polygons.
extension Fill {
  /// Appends a filled convex polygon, its points in either order around it.
  ///
  /// - Non-finite points and points repeating the previous one are skipped (the slow path:
  ///   a cleaned copy is made). Collinear points are kept and cost a vertex each.
  /// - Fewer than three distinct points, or a polygon with no area, draw nothing.
  /// - Anti-aliased, the feather runs from 0.5 px inside each edge (full alpha) to 0.5 px
  ///   outside (zero alpha), round about each corner on the outside, as the distance to the
  ///   polygon is. A polygon too thin for a 0.5-px inset gets a shallower inner feather:
  ///   its edges are a little heavier than exact.
  /// - A non-convex polygon stays well formed (finite, indices in range, one winding) but
  ///   covers some samples twice: fill it as several convex pieces instead.
  public static func convexPolygon(
    _ points: [Point], color: Color, feather: Feather = Feather(), into mesh: inout Mesh
  ) {
    var clean = true
    for (i, p) in points.enumerated() where !p.isFinite || (i > 0 && p == points[i - 1]) {
      clean = false
      break
    }
    if clean, let first = points.first, points.count > 1, first == points[points.count - 1] {
      clean = false
    }
    if clean {
      convexPolygon(clean: points, color: color, feather: feather, into: &mesh)
    } else {
      var kept: [Point] = []
      kept.reserveCapacity(points.count)
      for p in points where p.isFinite && p != kept.last { kept.append(p) }
      while kept.count > 1, kept[0] == kept[kept.count - 1] { kept.removeLast() }
      convexPolygon(clean: kept, color: color, feather: feather, into: &mesh)
    }
  }

  // MARK: - Private

  /// `convexPolygon` for points that are finite with no consecutive repeats.
  private static func convexPolygon(
    clean points: [Point], color: Color, feather: Feather, into mesh: inout Mesh
  ) {
    guard points.count >= 3 else { return }
    mesh.clipped(Rect(around: points).outset(1)) { mesh in
      convexPolygon(clippedClean: points, color: color, feather: feather, into: &mesh)
    }
  }

  /// `convexPolygon(clean:…)` once the clip test has passed.
  private static func convexPolygon(
    clippedClean points: [Point], color: Color, feather: Feather, into mesh: inout Mesh
  ) {
    var twiceArea: Float = 0
    var previous = points[points.count - 1]
    for p in points {
      twiceArea += previous.cross(p)
      previous = p
    }
    guard twiceArea.isFinite, abs(twiceArea) > Mesh.minimumDoubleArea else { return }
    let polygon = PolygonCorners(points: points, reversed: twiceArea < 0)
    let offsets: Radial.Bands
    if feather.antialias {
      offsets = Radial.Bands(-min(0.5, polygon.maximumInset()), 1, 0.5, 0)
    } else {
      offsets = Radial.Bands(0, 1)
    }
    Outline.emit(
      polygon, offsets: offsets, filled: true, color: color, tolerance: feather.tolerance,
      into: &mesh)
  }
}

/// The corners of a polygon, walked so that its signed area is positive (clockwise on a
/// y-down screen); each corner is sharp (radius 0).
struct PolygonCorners: Outline.Corners {
  var points: [Point]
  var reversed: Bool

  var count: Int { points.count }

  /// The `i`-th point in walking order, wrapping around.
  func point(_ i: Int) -> Point {
    let n = points.count
    let k = ((i % n) + n) % n
    return points[reversed ? n - 1 - k : k]
  }

  /// The outward unit normal of the edge from point `i` to point `i + 1`.
  func edgeNormal(_ i: Int) -> Point {
    (point(i + 1) - point(i)).perpendicular.normalized
  }

  func corner(_ i: Int) -> Outline.Corner {
    let n0 = edgeNormal(i - 1)
    let n1 = edgeNormal(i)
    return Outline.Corner(
      center: point(i), radius: 0, normal: n0, sweep: Math.atan2(n0.cross(n1), n0.dot(n1)))
  }

  /// The deepest inward offset that keeps every edge of the inset polygon from turning
  /// inside out: an edge of length L loses `d·tan(θ/2)` at each end, θ being the turn there.
  func maximumInset() -> Float {
    var best = Float.infinity
    for i in 0..<points.count {
      let a = corner(i).sweep
      let b = corner(i + 1).sweep
      let loss = max(Math.tan(a / 2), 0) + max(Math.tan(b / 2), 0)
      let length = (point(i + 1) - point(i)).length
      if loss > 0 { best = min(best, length / loss) }
    }
    return best
  }
}
