import TickGeometry

/// How a tick view looks: the seed's colours and widths, at any cell size.
public struct TickStyle: Equatable, Sendable {
  /// The selected view's disc (`backColor` in the seed demo).
  public var fillColor = Color(r: 0x2e, g: 0xcb, b: 0x94)
  /// The tick (`tickColor`, white in the demo).
  public var tickColor = Color.white
  /// The unselected ring (`lightGrayColor`, #aaaaaa).
  public var ringColor = Color(r: 0xaa, g: 0xaa, b: 0xaa)
  /// The window behind the cells.
  public var background = Color.white
  /// Whether edges get an anti-aliasing feather.
  public var antialias = true
  /// The tick's strokeEnd animation length, in seconds (the seed's 0.5 s).
  public var duration: Double = 0.5

  public init() {}
}
