/// Squares with rounded corners, for the square box shape.
extension Fill {
  /// Appends a filled square of side `2·halfSize` centred on `center`, with corners rounded
  /// to `cornerRadius`.
  ///
  /// - `cornerRadius` is clamped to [0, halfSize]: 0 gives sharp corners, `halfSize` a disc.
  ///   A non-finite corner radius counts as 0.
  /// - A non-finite centre, or a half size that is not finite and positive, draws nothing.
  /// - Anti-aliased, the feather runs from 0.5 px inside the outline (full alpha) to 0.5 px
  ///   outside (zero alpha), its outer corners round even when the square's are sharp. A
  ///   square under 1 px keeps a feathered point whose alpha is scaled by its side, as
  ///   `disc` does for a tiny disc.
  public static func roundedSquare(
    center: Point, halfSize: Float, cornerRadius: Float, color: Color,
    feather: Feather = Feather(), into mesh: inout Mesh
  ) {
    guard center.isFinite, halfSize.isFinite, halfSize > 0 else { return }
    let e = Point(halfSize + 1, halfSize + 1)
    mesh.clipped(Rect(lo: center - e, hi: center + e)) { mesh in
      roundedSquare(
        clippedCenter: center, halfSize: halfSize, cornerRadius: cornerRadius, color: color,
        feather: feather, into: &mesh)
    }
  }

  /// `roundedSquare` once the clip test has passed.
  static func roundedSquare(
    clippedCenter center: Point, halfSize: Float, cornerRadius: Float, color: Color,
    feather: Feather, into mesh: inout Mesh
  ) {
    let r = cornerRadius.isFinite ? min(max(cornerRadius, 0), halfSize) : 0
    let square = RoundedSquareCorners(halfSize: halfSize, radius: r)
    let offsets: Radial.Bands
    if !feather.antialias {
      offsets = Radial.Bands(0, 1)
    } else if halfSize <= 0.5 {
      offsets = Radial.Bands(-halfSize, 2 * halfSize, 0.5, 0)
    } else {
      offsets = Radial.Bands(-0.5, 1, 0.5, 0)
    }
    Outline.emit(
      square, origin: center, offsets: offsets, filled: true, color: color,
      tolerance: feather.tolerance, into: &mesh)
  }

  /// Appends the outline of `roundedSquare` stroked `width` wide, centred on the outline.
  ///
  /// The same rules as `ring`: a width under 1 px anti-aliased is a 2-px band whose alpha
  /// peaks on the outline at `width` (a 1-px hairline peaks at full alpha); a non-positive
  /// or non-finite width draws nothing; when the stroke's inner edge closes up the hole the
  /// result is the filled rounded square out to the stroke's outer edge.
  public static func roundedSquareRing(
    center: Point, halfSize: Float, cornerRadius: Float, width: Float, color: Color,
    feather: Feather = Feather(), into mesh: inout Mesh
  ) {
    guard center.isFinite, halfSize.isFinite, halfSize > 0, let b = feather.band(width: width)
    else { return }
    let e = Point(halfSize + b.outer + 1, halfSize + b.outer + 1)
    mesh.clipped(Rect(lo: center - e, hi: center + e)) { mesh in
      roundedSquareRing(
        clippedCenter: center, halfSize: halfSize, cornerRadius: cornerRadius, width: width,
        band: b, color: color, feather: feather, into: &mesh)
    }
  }

  /// `roundedSquareRing` once the clip test has passed.
  static func roundedSquareRing(
    clippedCenter center: Point, halfSize: Float, cornerRadius: Float, width: Float,
    band b: Band, color: Color, feather: Feather,
    into mesh: inout Mesh
  ) {
    let r = cornerRadius.isFinite ? min(max(cornerRadius, 0), halfSize) : 0
    if halfSize - b.outer <= 0 {
      // The hole has closed up.
      roundedSquare(
        clippedCenter: center, halfSize: halfSize + width / 2, cornerRadius: r + width / 2,
        color: color, feather: feather, into: &mesh)
      return
    }
    let offsets: Radial.Bands
    if !feather.antialias {
      offsets = Radial.Bands(-b.core, 1, b.core, 1)
    } else if b.core <= 0 {
      offsets = Radial.Bands(-b.outer, 0, 0, b.alpha, b.outer, 0)
    } else {
      offsets = Radial.Bands(-b.outer, 0, -b.core, b.alpha, b.core, b.alpha, b.outer, 0)
    }
    Outline.emit(
      RoundedSquareCorners(halfSize: halfSize, radius: r), origin: center, offsets: offsets,
      filled: false, color: color, tolerance: feather.tolerance, into: &mesh)
  }
}

/// The four corners of a rounded square centred on the origin, clockwise on screen from the
/// bottom right.
struct RoundedSquareCorners: Outline.Corners {
  var halfSize: Float
  var radius: Float

  var count: Int { 4 }

  func corner(_ i: Int) -> Outline.Corner {
    let e = halfSize - radius
    // Outward normals at the start of each corner: +x, +y, −x, −y (y down).
    let (sx, sy, n): (Float, Float, Point)
    switch i {
    case 0: (sx, sy, n) = (1, 1, Point(1, 0))
    case 1: (sx, sy, n) = (-1, 1, Point(0, 1))
    case 2: (sx, sy, n) = (-1, -1, Point(-1, 0))
    default: (sx, sy, n) = (1, -1, Point(0, -1))
    }
    return Outline.Corner(
      center: Point(sx * e, sy * e), radius: radius, normal: n,
      sweep: .pi / 2)
  }
}
