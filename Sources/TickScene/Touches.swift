import TickGeometry

/// The fingers on a touch screen and what each does: a stroke of its own (a tap toggles, a
/// drag paints), half of a two-finger pinch, or nothing until it is lifted.
struct Touches: Sendable {
  /// What one finger does while it is down.
  enum Role: Sendable {
    /// Taps and paints as a mouse's left button does, on its own.
    case stroke(Stroke)
    /// One of the pinch's two fingers.
    case pinching
    /// Does nothing until lifted: a finger that landed during a pinch, or the finger left
    /// when its pinch partner lifted.
    case idle
  }

  /// A finger down: SDL's id for it, where it is in window pixels, and its role.
  struct Finger: Sendable {
    var id: Int64
    var at: Point
    var role: Role
  }

  /// A two-finger pinch under way: the grid zooms by the wheel's notches as the fingers'
  /// span grows or shrinks, about their midpoint, and pans as the midpoint moves.
  struct Pinch: Sendable {
    /// The span, in window pixels, at which the last notch was zoomed (at first, the span
    /// the fingers landed at): the next notch is measured from it.
    var anchorSpan: Float
    /// Where the midpoint pans from: the last midpoint, less what a pan could not move by
    /// (a fraction of a base pixel), as the pointer's pan drag carries it.
    var panFrom: Point
  }

  /// The fingers down, in the order they landed.
  var fingers: [Finger] = []
  /// The pinch, while two fingers make one.
  var pinch: Pinch?

  /// The most fingers followed at once: two hands' worth. A finger beyond them is ignored
  /// until lifted, so a script of thousands of fingers cannot make each event cost
  /// thousands of lookups.
  static let maxFingers = 10

  /// The index of finger `id` in `fingers`, if it is down.
  func index(of id: Int64) -> Int? { fingers.firstIndex { $0.id == id } }
}
