/// How an edge is anti-aliased: through vertex alpha across a band about 1 px wide.
///
/// With `antialias` on, every outer edge gets a feather from `edge − 0.5` (full alpha) to
/// `edge + 0.5` (zero alpha), so the ink's total coverage still equals the exact shape.
/// A width under 1 px is drawn 1 px wide with its alpha scaled by the width, as nanovg does
/// for thin strokes. With `antialias` off, edges are hard: the software renderer snaps
/// vertices to whole pixels and gains nothing from a feather (docs/architecture.md, "The
/// seed view").
public struct Feather: Equatable, Sendable {
  public var antialias: Bool
  public var tolerance: Float

  public init(antialias: Bool = true, tolerance: Float = Tolerance.defaultPixels) {
    self.antialias = antialias
    self.tolerance = tolerance
  }

  /// The half-widths of a band of `width` centred on a line: the opaque core, the outer
  /// edge of the feather, and the alpha factor. Nil when the band draws nothing.
  @inlinable public func band(width: Float) -> Band? {
    guard width.isFinite, width > 0 else { return nil }
    if !antialias {
      return width >= Mesh.minimumWidth ? Band(core: width / 2, outer: width / 2, alpha: 1) : nil
    }
    if width < 1 { return Band(core: 0, outer: 1, alpha: width) }
    return Band(core: width / 2 - 0.5, outer: width / 2 + 0.5, alpha: 1)
  }
}

extension Mesh {
  /// Narrower strokes and rings than this draw nothing without anti-aliasing.
  public static let minimumWidth: Float = 1e-3
}
