/// Every animatable property of a view's appearance, as one small vector.
///
/// A style maps states to settled looks and says how each property moves between them;
/// the frame builder draws whatever look is presented. Properties that are invisible in a
/// look (the fill's scale while its alpha is 0, say) still hold a value, so that an
/// animation can start from it.
public struct Look: Equatable, Sendable {
  /// The properties, in storage order.
  public enum Property: Int, CaseIterable, Sendable {
    /// Opacity of the box outline (the unselected ring or square).
    case outlineAlpha
    /// How much of the outline is drawn, along its length from the top (0…1).
    case outlineEnd
    /// Opacity of the filled box.
    case fillAlpha
    /// Scale of the filled box about the view's centre.
    case fillScale
    /// Trim of the mark along its arc length.
    case markStart, markEnd
    /// Opacity of the mark.
    case markAlpha
    /// Scale of the mark about the view's centre.
    case markScale
    /// Shape of the mark: 0 is a flat dash, 1 is the full mark (the tick).
    case markMorph
    /// Rotation of the mark about the view's centre, in turns.
    case markTurn
  }

  /// The values, indexed by `Property.rawValue`.
  public var values: SIMD16<Float>

  /// A look with every property at `value`.
  public init(repeating value: Float = 0) { values = SIMD16(repeating: value) }

  /// Builds a look from named values; unnamed properties are 0.
  public init(_ pairs: KeyValuePairs<Property, Float>) {
    values = .zero
    for (p, v) in pairs { values[p.rawValue] = v }
  }

  @inlinable public subscript(_ p: Property) -> Float {
    get { values[p.rawValue] }
    set { values[p.rawValue] = newValue }
  }

  /// Whether every value is finite.
  public var isFinite: Bool {
    (0..<Property.allCases.count).allSatisfy { values[$0].isFinite }
  }
}
