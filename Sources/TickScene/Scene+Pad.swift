import TickGeometry

extension Scene {
  /// How far a stick must move from centre before it steers or pans, as a fraction of its
  /// travel: XInput's documented dead zones are 7849 and 8689 of 32767 (0.24 and 0.27) for
  /// the left and right sticks, since a worn stick rests that far off centre; inside it a
  /// resting stick must neither creep the focus nor drift the grid.
  public static let stickDeadZone: Float = 0.25

  /// Seconds a D-pad button or the left stick is held before the focus move repeats: a
  /// deliberate tap moves one view, and a hold starts repeating sooner than X11's default
  /// key repeat (0.66 s), as games do.
  public static let focusRepeatDelay = 0.4

  /// Focus moves a second while the D-pad or the left stick is held past the delay: the
  /// default 1280-px window's 21 columns are crossed in under three seconds, and each move
  /// still shows where the ring is.
  public static let focusRepeatRate = 8.0

  /// Window pixels a second the right stick pans the grid at full tilt (less near the
  /// dead zone): the default 1280-px window in about 1.3 s, while half tilt is slow enough
  /// to stop on a view.
  public static let stickPanSpeed = 1000.0

  /// A D-pad button went down or up: the focus moves at once the way it points, and
  /// repeats while it is held (`stepPad`). Other buttons are the pad table's (TickApp's
  /// `PadTable`), which runs their commands; the scene ignores them.
  mutating func handlePad(_ button: PadButton, pressed: Bool) {
    guard let d = button.direction else { return }
    pointer.pad.held.removeAll { $0 == d }
    if pressed { pointer.pad.held.append(d) }
    steer()
  }

  /// A stick moved: the left one steers the focus as the D-pad does once it leaves its
  /// dead zone, and the right one pans at each step (`stepPad`). Nothing is bound to the
  /// triggers.
  mutating func handlePad(_ axis: PadAxis, value: Float) {
    guard value.isFinite else { return }
    let v = min(max(value, -1), 1)
    switch axis {
    case .leftX: pointer.pad.left.x = v
    case .leftY: pointer.pad.left.y = v
    case .rightX: pointer.pad.right.x = v
    case .rightY: pointer.pad.right.y = v
    case .leftTrigger, .rightTrigger: return
    }
    steer()
  }

  /// One fixed step of the gamepad: while the D-pad or the left stick points a way, the
  /// focus moves again `focusRepeatDelay` after it began and then `focusRepeatRate` times a
  /// second; the right stick, out of its dead zone, pans the grid.
  ///
  /// Play and render call it before each fixed step (never a re-simulation of play's
  /// history: it changes the view, never a value, as the arrows and Shift+arrows do), so
  /// a replay steers and pans as the window did. While play is paused no step runs: a
  /// held stick moves the focus once, when it is pushed.
  public mutating func stepPad() {
    if let d = pointer.pad.steering {
      pointer.pad.stepsSteered += 1
      let delay = steps(seconds: Self.focusRepeatDelay)
      let period = steps(seconds: 1 / Self.focusRepeatRate)
      let past = pointer.pad.stepsSteered - delay
      if past >= 0, past % period == 0 { perform(.moveFocus(d)) }
    }
    panByStick()
  }

  /// The focus moves at once when the pad starts pointing another way, and the repeat
  /// starts over.
  private mutating func steer() {
    let d = pointer.pad.direction(deadZone: Self.stickDeadZone)
    guard d != pointer.pad.steering else { return }
    pointer.pad.steering = d
    pointer.pad.stepsSteered = 0
    if let d { perform(.moveFocus(d)) }
  }

  /// The right stick's pan for one step: the grid moves against the stick (pushed right,
  /// the view goes right, as Shift+Right), by whole base pixels, the remainder carried.
  private mutating func panByStick() {
    guard let s = pointer.pad.right.pushed(beyond: Self.stickDeadZone) else {
      pointer.pad.panRemainder = PadState.PanRemainder()
      return
    }
    let perStep = Self.stickPanSpeed / Double(hz) / layout.scale
    var r = pointer.pad.panRemainder
    r.x -= Double(s.x) * perStep
    r.y -= Double(s.y) * perStep
    let dx = Int(r.x.rounded(.towardZero))
    let dy = Int(r.y.rounded(.towardZero))
    r.x -= Double(dx)
    r.y -= Double(dy)
    pointer.pad.panRemainder = r
    if dx != 0 || dy != 0 { setLayout(layout.panned(baseDX: dx, baseDY: dy)) }
  }

  /// Whole fixed steps in `seconds` (at least one).
  private func steps(seconds: Double) -> Int { max(1, Int((seconds * Double(hz)).rounded())) }

  /// Where a zoom with no pointer (the shoulder buttons) zooms about: the focused view's
  /// centre while it is on screen, so it stays where it is, else the middle of the grid's
  /// area.
  var zoomCentre: Point {
    guard let f = pointer.focused, layout.isVisible(f) else {
      return Point(Float(layout.windowWidth) / 2, Float(layout.windowHeight) / 2)
    }
    let (column, row) = layout.position(of: f)
    let half = layout.screenPitch / 2
    return Point(
      Float(layout.screenX(ofColumn: column) + half), Float(layout.screenY(ofRow: row) + half))
  }
}
