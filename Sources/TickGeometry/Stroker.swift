/// Strokes open polylines with round caps and round joins into triangles.
///
/// The construction is the simple, correct one: a quad per segment, a half-disc fan at each
/// end, and at each join a wedge fan on the outer side only. With anti-aliasing on, every
/// outer edge of those pieces carries a 1-px alpha feather.
///
/// Limits, stated honestly:
/// 1. At a join the two segment quads overlap on the inner side, so a translucent stroke is
///    blended twice there. An opaque stroke (the seed's white tick) looks right.
/// 2. Where the inner-side fringes of two segments cross near a sharp join, the feather is
///    a little denser than it should be.
/// 3. No viewport clipping yet: huge coordinates reach the renderer as they are.
/// Segments shorter than `Stroker.epsilon` are skipped, so repeated points add nothing.
public enum Stroker {
  /// Consecutive points closer than this, in pixels, count as one.
  public static let epsilon: Float = 1e-4

  /// Appends the round-capped, round-joined stroke of `points` to `mesh`.
  ///
  /// - Non-finite points are skipped.
  /// - A polyline that reduces to a single point draws a dot of diameter `width`, as a
  ///   zero-length round-capped subpath does in Skia; trimming never produces one
  ///   (`Polyline.trimmed` returns no points for a zero trimmed length).
  /// - A non-positive or non-finite width draws nothing.
  public static func strokeRound(
    _ points: [Point], width: Float, color: Color, feather: Feather = Feather(),
    into mesh: inout Mesh
  ) {
    guard let band = feather.band(width: width) else { return }
    let bands: Radial.Bands
    if !feather.antialias {
      bands = Radial.Bands(0, 1, band.core, 1)
    } else if band.core <= 0 {
      bands = Radial.Bands(0, band.alpha, band.outer, 0)
    } else {
      bands = Radial.Bands(0, band.alpha, band.core, band.alpha, band.outer, 0)
    }
    let ink = color.scaledAlpha(band.alpha)
    let tol = feather.tolerance

    var last = Point.zero
    var haveLast = false
    var lastDir = Point.zero
    var haveDir = false
    for p in points where p.isFinite {
      guard haveLast else {
        last = p
        haveLast = true
        continue
      }
      let d = p - last
      let len = d.length
      guard len > epsilon, len.isFinite else { continue }
      let dir = d * (1 / len)
      if haveDir {
        let turn = Math.atan2(lastDir.cross(dir), lastDir.dot(dir))
        if abs(turn) > 1e-4 {
          let outer = lastDir.perpendicular * (turn > 0 ? 1 : -1)
          Radial.emit(
            center: last, start: Math.atan2(outer.y, outer.x), sweep: turn, radii: bands,
            color: color, tolerance: tol, into: &mesh)
        }
      } else {
        let n = dir.perpendicular
        Radial.emit(
          center: last, start: Math.atan2(n.y, n.x), sweep: -.pi, radii: bands, color: color,
          tolerance: tol, into: &mesh)
      }
      segment(
        from: last, to: p, dir: dir, band: band, ink: ink, antialias: feather.antialias,
        into: &mesh)
      last = p
      lastDir = dir
      haveDir = true
    }
    if haveDir {
      let m = lastDir.perpendicular * -1
      Radial.emit(
        center: last, start: Math.atan2(m.y, m.x), sweep: -.pi, radii: bands, color: color,
        tolerance: tol, into: &mesh)
    } else if haveLast {
      Radial.emit(
        center: last, start: 0, sweep: 2 * .pi, radii: bands, color: color, tolerance: tol,
        into: &mesh)
    }
  }

  // MARK: - Private

  private static func segment(
    from a: Point, to b: Point, dir: Point, band: (core: Float, outer: Float, alpha: Float),
    ink: Color, antialias: Bool, into mesh: inout Mesh
  ) {
    let n = dir.perpendicular
    let c = n * band.core
    if band.core > 0 {
      let i0 = mesh.addVertex(a + c, ink)
      let i1 = mesh.addVertex(b + c, ink)
      let i2 = mesh.addVertex(b - c, ink)
      let i3 = mesh.addVertex(a - c, ink)
      mesh.addOrientedQuad(i0, i1, i2, i3)
    }
    guard antialias else { return }
    let o = n * band.outer
    let fade = ink.scaledAlpha(0)
    for s: Float in [1, -1] {
      let i0 = mesh.addVertex(a + c * s, ink)
      let i1 = mesh.addVertex(b + c * s, ink)
      let i2 = mesh.addVertex(b + o * s, fade)
      let i3 = mesh.addVertex(a + o * s, fade)
      mesh.addOrientedQuad(i0, i1, i2, i3)
    }
  }
}
