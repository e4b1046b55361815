/// How a stroke is drawn: its width, how its open ends look, and how its segments meet.
///
/// The names and the miter limit's meaning follow SVG's `stroke-linecap`,
/// `stroke-linejoin` and `stroke-miterlimit`.
public struct StrokeStyle: Equatable, Sendable {
  /// How an open end of a polyline is drawn.
  public enum Cap: Equatable, Sendable {
    /// The stroke stops flat at the end point.
    case butt
    /// A half disc of the stroke's width about the end point.
    case round
    /// The stroke runs on half its width past the end point, then stops flat.
    case square
  }

  /// How two consecutive segments meet on the outer side of their turn.
  public enum Join: Equatable, Sendable {
    /// An arc about the shared point.
    case round
    /// The two outer edges run on until they meet, unless the point would lie more than
    /// `miterLimit × width` from the inner corner (SVG's rule); then a bevel.
    case miter
    /// A straight edge across the two outer corners.
    case bevel
  }

  /// The stroke's width in pixels; non-positive or non-finite draws nothing.
  public var width: Float
  public var cap: Cap
  public var join: Join
  /// The longest miter, as a ratio of miter length to width, `1 / sin(φ/2)` for an angle φ
  /// between the segments. SVG's default is 4 (a miter down to about 29°).
  public var miterLimit: Float

  public init(width: Float, cap: Cap = .round, join: Join = .round, miterLimit: Float = 4) {
    self.width = width
    self.cap = cap
    self.join = join
    self.miterLimit = miterLimit
  }
}
