import Testing

@testable import TickScene

/// The gamepad's D-pad and sticks, with no window: the focus moves at once when the pad
/// points a way and repeats by fixed steps (`Scene.stepPad`), a stick counts only past its
/// dead zone, the right stick pans, and none of it changes a value.
@Suite struct PadTests {
  /// A grid far larger than its 400×300 window, at 120 steps a second.
  static func scene() -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 100, rows: 100))
  }

  /// Steps from a push to the first repeat, and between repeats, at the scene's rate.
  static let delay = Int((Scene.focusRepeatDelay * 120).rounded())
  static let period = Int((120 / Scene.focusRepeatRate).rounded())

  /// Takes `n` gamepad steps, as the session takes them before each fixed step.
  static func step(_ s: inout Scene, _ n: Int) {
    for _ in 0..<n { s.stepPad() }
  }

  @Test func theDPadMovesTheFocusAtOnceAndRepeatsWhileHeld() {
    var s = Self.scene()
    s.handle(.padButton(.dpadRight, pressed: true))
    #expect(s.pointer.focused == 0)  // the first move focuses the first view
    Self.step(&s, Self.delay - 1)
    #expect(s.pointer.focused == 0)
    Self.step(&s, 1)
    #expect(s.pointer.focused == 1)  // held past the delay: it repeats
    Self.step(&s, Self.period * 3)
    #expect(s.pointer.focused == 4)  // at the repeat rate
    s.handle(.padButton(.dpadRight, pressed: false))
    Self.step(&s, Self.delay * 2)
    #expect(s.pointer.focused == 4)  // released: it stops
    s.handle(.padButton(.dpadDown, pressed: true))
    s.handle(.padButton(.dpadDown, pressed: false))
    #expect(s.pointer.focused == 104)  // a tap moves one view
    #expect(s.drainEvents().isEmpty)
  }

  @Test func theLatestDPadButtonHeldSteers() {
    var s = Self.scene()
    s.handle(.padButton(.dpadRight, pressed: true))
    s.handle(.padButton(.dpadRight, pressed: true))  // repeated: still one press
    s.handle(.padButton(.dpadDown, pressed: true))
    #expect(s.pointer.focused == 100)
    Self.step(&s, Self.delay)
    #expect(s.pointer.focused == 200)
    s.handle(.padButton(.dpadDown, pressed: false))  // right is still held: it steers again
    #expect(s.pointer.focused == 201)
  }

  @Test func theLeftStickSteersOnlyPastItsDeadZone() {
    var s = Self.scene()
    let inside = Scene.stickDeadZone * 0.7  // both axes: √2 × 0.7 of the dead zone
    s.handle(.padAxis(.leftX, value: inside))
    s.handle(.padAxis(.leftY, value: inside))
    Self.step(&s, Self.delay * 3)
    #expect(s.pointer.focused == nil)  // a resting stick off centre does nothing
    s.handle(.padAxis(.leftY, value: 0))
    s.handle(.padAxis(.leftX, value: Scene.stickDeadZone + 0.05))
    #expect(s.pointer.focused == 0)
    s.handle(.padAxis(.leftX, value: 0.9))  // pushed further the same way: no second move
    Self.step(&s, Self.delay + Self.period)
    #expect(s.pointer.focused == 2)
    s.handle(.padAxis(.leftY, value: 0.95))  // down is now the larger axis: it turns
    #expect(s.pointer.focused == 102)
    s.handle(.padAxis(.leftX, value: 0))
    s.handle(.padAxis(.leftY, value: -0.1))
    Self.step(&s, Self.delay * 3)
    #expect(s.pointer.focused == 102)  // back in the dead zone: it stops
    #expect(s.drainEvents().isEmpty)
  }

  @Test func theRightStickPansAgainstThePushAndNotInsideTheDeadZone() {
    var s = Self.scene()
    let x0 = s.layout.originX
    let y0 = s.layout.originY
    s.handle(.padAxis(.rightX, value: Scene.stickDeadZone - 0.01))
    Self.step(&s, 120)
    #expect(s.layout.originX == x0)
    s.handle(.padAxis(.rightX, value: 1))  // full tilt: the view goes right, the grid left
    Self.step(&s, 12)  // a tenth of a second, to within the pixel carried over
    #expect(abs(s.layout.originX - (x0 - Int(Scene.stickPanSpeed / 10))) <= 1)
    s.handle(.padAxis(.rightX, value: 0))
    s.handle(.padAxis(.rightY, value: -1))  // up: the grid moves down
    Self.step(&s, 12)
    #expect(abs(s.layout.originY - (y0 + Int(Scene.stickPanSpeed / 10))) <= 1)
    // Half-way between the dead zone and full tilt pans at half the speed, carried over
    // steps as fractions of a pixel.
    s.handle(.padAxis(.rightY, value: 0))
    s.handle(.padAxis(.rightX, value: -(1 + Scene.stickDeadZone) / 2))
    let x1 = s.layout.originX
    Self.step(&s, 120)
    #expect(abs(s.layout.originX - (x1 + Int(Scene.stickPanSpeed / 2))) <= 1)
    #expect(s.drainEvents().isEmpty)
  }

  @Test func theShouldersZoomAboutTheFocusedView() {
    var s = Self.scene()
    s.perform(.focusNext)
    s.perform(.moveFocus(.right))
    s.perform(.moveFocus(.down))
    let focused = s.pointer.focused
    let at = s.zoomCentre
    s.perform(.zoomIn)
    #expect(s.layout.cell > 50 && s.layout.cellIndex(atX: at.x, y: at.y) == focused)
    s.perform(.zoomOut)
    #expect(s.layout.cell == 50)
    var unfocused = Self.scene()
    unfocused.perform(.zoomIn)
    #expect(unfocused.zoomCentre.x == 200 && unfocused.zoomCentre.y == 150)
    #expect(unfocused.layout.cell > 50)
  }

  @Test func theTriggersAndOtherButtonsAreNotTheScenes() {
    var s = Self.scene()
    let before = s.layout
    for b in PadButton.allCases where b.direction == nil {
      s.handle(.padButton(b, pressed: true))
      s.handle(.padButton(b, pressed: false))
    }
    s.handle(.padAxis(.leftTrigger, value: 1))
    s.handle(.padAxis(.rightTrigger, value: 1))
    s.handle(.padAxis(.leftX, value: .nan))
    Self.step(&s, 120)
    #expect(s.layout == before && s.pointer.focused == nil && s.drainEvents().isEmpty)
  }
}
