import TickAnimation
import TickGeometry

/// How tick views look and move: colours, shape, and animation settings.
public struct TickStyle: Equatable, Sendable {
  /// The selected view's disc (`backColor` in the seed demo).
  public var fillColor = Color(r: 0x2e, g: 0xcb, b: 0x94)
  /// The tick (`tickColor`, white in the demo).
  public var tickColor = Color.white
  /// The unselected ring (`lightGrayColor`, #aaaaaa).
  public var ringColor = Color(r: 0xaa, g: 0xaa, b: 0xaa)
  /// The keyboard focus ring.
  public var focusColor = Color(r: 0x2f, g: 0x6f, b: 0xde)
  /// The window behind the cells.
  public var background = Color.white
  /// Whether edges get an anti-aliasing feather.
  public var antialias = true
  /// The length of a transition, in seconds (the seed's 0.5 s).
  public var duration: Double = 0.5
  /// The animation style (`--animation`).
  public var animation = AnimationStyle.stroke
  /// What deselecting does (`--deselect`).
  public var deselect = DeselectMode.instant
  /// The timing curve of the style's main motion (`--timing`).
  public var timing = TimingCurve.linear
  /// The box shape (`--shape`).
  public var shape = BoxShape.circle
  /// A style from a file (`--style FILE.json`); when set, its looks and tracks replace
  /// `animation`'s.
  public var custom: StyleDefinition?
  /// The mark's line width, as a fraction of the view's width (the seed's 0.06).
  public var markWidth = TickShape.tickWidth
  /// The outline's line width in pixels (the seed's 1 pt).
  public var outlineWidth = TickShape.ringWidth

  /// The looks and tracks views follow: the file's style, or the built-in one.
  public var definition: StyleDefinition { custom ?? animation.definition }

  /// The style's name, for the HUD and the window title.
  public var styleName: String { custom?.name ?? animation.rawValue }

  public init() {}
}
