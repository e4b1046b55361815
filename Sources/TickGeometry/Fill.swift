/// Fills: discs and rings, anti-aliased through vertex colours.
public enum Fill {
  /// Appends a filled disc. A radius that is not finite or not positive draws nothing.
  ///
  /// Anti-aliased, the edge feather runs from `radius − 0.5` to `radius + 0.5`; a disc under
  /// 0.5 px keeps a fan whose centre alpha is scaled by `2·radius`.
  public static func disc(
    center: Point, radius: Float, color: Color, feather: Feather = Feather(),
    into mesh: inout Mesh
  ) {
    guard radius.isFinite, radius > 0, center.isFinite else { return }
    let r = Point(radius + 1, radius + 1)
    mesh.clipped(Rect(lo: center - r, hi: center + r)) { mesh in
      disc(clippedCenter: center, radius: radius, color: color, feather: feather, into: &mesh)
    }
  }

  /// `disc` once the clip test has passed.
  static func disc(
    clippedCenter center: Point, radius: Float, color: Color, feather: Feather,
    within box: Rect? = nil, into mesh: inout Mesh
  ) {
    let bands: Radial.Bands
    if !feather.antialias {
      bands = Radial.Bands(0, 1, radius, 1)
    } else if radius <= 0.5 {
      bands = Radial.Bands(0, 2 * radius, radius + 0.5, 0)
    } else {
      bands = Radial.Bands(0, 1, radius - 0.5, 1, radius + 0.5, 0)
    }
    Radial.emit(
      center: center, radii: bands, color: color, tolerance: feather.tolerance, within: box,
      into: &mesh)
  }

  /// Appends a ring whose centre line has `radius` and whose stroke is `width` wide, as a
  /// circle stroked with that line width. A 1-px hairline anti-aliased is a 2-px band whose
  /// alpha peaks on the centre line. Nothing is drawn for a non-positive or non-finite size.
  public static func ring(
    center: Point, radius: Float, width: Float, color: Color, feather: Feather = Feather(),
    into mesh: inout Mesh
  ) {
    guard radius.isFinite, radius > 0, center.isFinite, let b = feather.band(width: width)
    else { return }
    let r = Point(radius + b.outer + 1, radius + b.outer + 1)
    mesh.clipped(Rect(lo: center - r, hi: center + r)) { mesh in
      ring(
        clippedCenter: center, radius: radius, width: width, band: b, color: color,
        feather: feather, into: &mesh)
    }
  }

  /// `ring` once the clip test has passed.
  static func ring(
    clippedCenter center: Point, radius: Float, width: Float,
    band b: Band, color: Color, feather: Feather,
    into mesh: inout Mesh
  ) {
    let inner = radius - b.outer
    let bands: Radial.Bands
    if inner <= 0 {
      // The hole has closed up: the ring is a disc of the outer radius.
      disc(
        clippedCenter: center, radius: radius + width / 2, color: color, feather: feather,
        into: &mesh)
      return
    } else if !feather.antialias {
      bands = Radial.Bands(radius - b.core, 1, radius + b.core, 1)
    } else if b.core <= 0 {
      bands = Radial.Bands(inner, 0, radius, b.alpha, radius + b.outer, 0)
    } else {
      bands = Radial.Bands(
        inner, 0, radius - b.core, b.alpha, radius + b.core, b.alpha, radius + b.outer, 0)
    }
    Radial.emit(
      center: center, radii: bands, color: color, tolerance: feather.tolerance, into: &mesh)
  }
}
