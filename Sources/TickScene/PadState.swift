/// The gamepad as the scene steers by it: where the sticks are, which D-pad buttons are
/// held, and where the focus repeat and the right stick's pan have got to.
///
/// The buttons that run commands (A, B, Start, …) are the key table's business (TickApp's
/// `PadTable`); the scene reads only the D-pad and the sticks, which act over time.
struct PadState: Sendable {
  /// A stick's position: `x` right, `y` down, each −1…1.
  struct Stick: Sendable, Equatable {
    var x: Float = 0
    var y: Float = 0

    /// The stick's push beyond `deadZone`, rescaled so that it grows from 0 at the dead
    /// zone's edge to 1 at full tilt, in the direction pushed; nil inside the dead zone.
    func pushed(beyond deadZone: Float) -> Stick? {
      let length = (x * x + y * y).squareRoot()
      guard length > deadZone else { return nil }
      let k = (min(length, 1) - deadZone) / (1 - deadZone) / length
      return Stick(x: x * k, y: y * k)
    }
  }

  /// What a pan has not moved the grid by yet: a fraction of a base pixel on each axis,
  /// carried to the next step so that a slow push still moves the grid.
  struct PanRemainder: Sendable, Equatable {
    var x = 0.0
    var y = 0.0
  }

  var left = Stick()
  var right = Stick()
  /// The D-pad buttons held, in the order they went down: the latest one steers.
  var held: [SceneKey.Direction] = []
  /// The way the focus is being steered, while the D-pad or the left stick points one.
  var steering: SceneKey.Direction?
  /// Fixed steps since the steering last changed: the repeat counts them.
  var stepsSteered = 0
  var panRemainder = PanRemainder()

  /// The way the pad points the focus: the D-pad button pressed last while any is held,
  /// else the left stick's larger axis once the stick is out of its dead zone.
  func direction(deadZone: Float) -> SceneKey.Direction? {
    if let d = held.last { return d }
    guard let s = left.pushed(beyond: deadZone) else { return nil }
    if abs(s.x) >= abs(s.y) { return s.x > 0 ? .right : .left }
    return s.y > 0 ? .down : .up
  }
}
