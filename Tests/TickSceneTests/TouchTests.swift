import Testing

@testable import TickScene

/// Touch, with no window: finger events as `Events` makes them, in window pixels, through
/// `Scene.handle` — taps, one- and several-finger paint strokes, and two-finger pinches.
@Suite struct TouchTests {
  /// A 400×300 window of 50-px cells and 10-px gaps: as many as fit, or the grid given.
  static func scene(columns: Int? = nil, rows: Int? = nil) -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: columns, rows: rows))
  }

  /// The window point at the centre of `cell`.
  static func centre(_ s: Scene, _ cell: Int) -> (x: Float, y: Float) {
    let r = s.layout.rect(of: cell)
    return (Float(r.x) + 25, Float(r.y) + 25)
  }

  static func finger(
    _ s: inout Scene, _ phase: FingerPhase, _ id: Int64, at cell: Int, dx: Float = 0
  ) {
    let c = centre(s, cell)
    s.handle(.finger(phase, id: id, x: c.x + dx, y: c.y))
  }

  @Test func aTapTogglesTheViewUnderTheFingerOnce() {
    var s = Self.scene()
    Self.finger(&s, .down, 1, at: 7)
    #expect(s.pointer.pressed == 7 && !s.isSelected(7))  // shown pressed, not yet toggled
    Self.finger(&s, .up, 1, at: 7, dx: 10)
    #expect(s.isSelected(7) && s.pointer.pressed == nil)
    let events = s.drainEvents()
    #expect(events.count == 1 && events[0].cell == 7 && events[0].cause == .click)
    Self.finger(&s, .down, 2, at: 7)
    Self.finger(&s, .up, 2, at: 7)
    #expect(!s.isSelected(7))
  }

  @Test func aTapLiftedOffTheViewCancelsAndUnknownFingersDoNothing() {
    var s = Self.scene()
    Self.finger(&s, .down, 1, at: 7)
    Self.finger(&s, .up, 1, at: 7, dx: 30)  // in the gap after it
    Self.finger(&s, .up, 9, at: 8)  // never down
    Self.finger(&s, .move, 9, at: 9)
    #expect(s.drainEvents().isEmpty && s.pointer.pressed == nil)
  }

  @Test func oneFingerDragPaintsAsTheMouseDoes() {
    var finger = Self.scene()
    var mouse = Self.scene()
    finger.toggle(2, cause: .initial)
    mouse.toggle(2, cause: .initial)
    Self.finger(&finger, .down, 4, at: 0)
    var c = Self.centre(mouse, 0)
    mouse.handle(.press(x: c.x, y: c.y, button: .left))
    for cell in [1, 2, 3] {
      Self.finger(&finger, .move, 4, at: cell)
      c = Self.centre(mouse, cell)
      mouse.handle(.move(x: c.x, y: c.y))
    }
    Self.finger(&finger, .up, 4, at: 3)
    mouse.handle(.release(x: c.x, y: c.y, button: .left))
    let states = (0..<6).map { finger.state($0) }
    #expect(states == [.on, .on, .on, .on, .off, .off])
    #expect(states == (0..<6).map { mouse.state($0) })
    #expect(finger.drainEvents().map(\.cell) == mouse.drainEvents().map(\.cell))
  }

  /// Two fingers paint at once, each its own stroke: one turns its views on, the other,
  /// which began on a view that was on, turns its views off.
  @Test func severalFingersPaintEachTheirOwnStroke() {
    var s = Self.scene()
    let columns = s.layout.columns
    let rowTwo = 2 * columns
    for c in rowTwo..<rowTwo + 3 { s.toggle(c, cause: .initial) }
    _ = s.drainEvents()
    Self.finger(&s, .down, 1, at: 0)
    Self.finger(&s, .move, 1, at: 1)  // finger 1 paints: views take "on"
    Self.finger(&s, .down, 2, at: rowTwo)
    Self.finger(&s, .down, 3, at: columns + 3)  // a third stroke, a tap
    Self.finger(&s, .move, 2, at: rowTwo + 1)  // finger 2 paints: views take "off"
    Self.finger(&s, .move, 1, at: 2)
    Self.finger(&s, .move, 2, at: rowTwo + 2)
    Self.finger(&s, .up, 3, at: columns + 3)
    Self.finger(&s, .move, 1, at: 3)
    Self.finger(&s, .up, 2, at: rowTwo + 2)
    Self.finger(&s, .up, 1, at: 3)
    #expect((0..<4).map { s.state($0) } == [.on, .on, .on, .on])
    #expect((rowTwo..<rowTwo + 3).map { s.state($0) } == [.off, .off, .off])
    #expect(s.state(columns + 3) == .on)
    #expect(s.pointer.touches.fingers.isEmpty && s.pointer.pressed == nil)
    let cells = s.drainEvents().map(\.cell)
    #expect(cells.count == 4 + 3 + 1 && Set(cells).count == cells.count)  // once each
  }

  /// A second finger while the first has not painted makes a pinch: spreading the fingers
  /// zooms in a notch about their midpoint, moving them pans, and nothing toggles — the
  /// first finger's press is cancelled. Each finger moves by 10 px, so the midpoint moves
  /// by whole pixels and the pans carry no remainder.
  @Test func twoFingersPinchToZoomAndPan() {
    var s = Self.scene(columns: 40, rows: 40)
    // The finger that lands first is on a view, left of the window's middle.
    let view = s.layout.cellIndex(atX: 150, y: 150) ?? s.layout.cellIndex(atX: 150, y: 180) ?? 0
    let first = Self.centre(s, view)
    let (x, y) = (first.x + 50, first.y)  // the fingers' midpoint
    s.handle(.finger(.down, id: 1, x: x - 50, y: y))
    #expect(s.pointer.pressed == view)
    s.handle(.finger(.down, id: 2, x: x + 50, y: y))  // span 100
    #expect(s.pointer.pressed == nil && s.pointer.touches.pinch != nil)
    let under = s.layout.cellIndex(atX: x, y: y)
    // Half a notch (a ratio of √1.25 ≈ 1.118) is not yet a notch: a span of 110 zooms
    // nothing (the midpoint pans 5 px).
    s.handle(.finger(.move, id: 1, x: x - 60, y: y))
    #expect(s.layout.cell == 50)
    s.handle(.finger(.move, id: 2, x: x + 60, y: y))  // span 120: a notch in, about (x, y)
    #expect(s.layout.cell == 63)  // 50 × 1.25, rounded
    #expect(s.layout.cellIndex(atX: x, y: y) == under)
    s.handle(.finger(.move, id: 1, x: x - 50, y: y))  // span 110 from the notch's 125: out
    #expect(s.layout.cell == 50)
    s.handle(.finger(.move, id: 2, x: x + 50, y: y))
    #expect(s.layout.cell == 50)
    let x0 = s.layout.originX
    s.handle(.finger(.move, id: 1, x: x - 90, y: y))
    s.handle(.finger(.move, id: 2, x: x + 10, y: y))  // the midpoint moved 40 px left
    #expect(s.layout.originX == x0 - 40 && s.layout.cell == 50)
    s.handle(.finger(.up, id: 1, x: x - 90, y: y))
    s.handle(.finger(.move, id: 2, x: x + 200, y: y))  // the pinch is over: no pan
    #expect(s.layout.originX == x0 - 40)
    s.handle(.finger(.up, id: 2, x: x + 200, y: y))
    #expect(s.drainEvents().isEmpty && s.pointer.touches.fingers.isEmpty)
  }

  @Test func aPinchSqueezedShutZoomsOutAndAFingerLandingDuringItIsIgnored() {
    var s = Self.scene(columns: 40, rows: 40)
    s.handle(.finger(.down, id: 1, x: 100, y: 100))
    s.handle(.finger(.down, id: 2, x: 300, y: 100))  // span 200
    s.handle(.finger(.down, id: 3, x: 200, y: 250))  // during the pinch: does nothing
    s.handle(.finger(.move, id: 1, x: 200, y: 100))
    s.handle(.finger(.move, id: 2, x: 200, y: 100))  // together: the least span, 8 px
    // 200 → 8 px is 25× smaller: 14 notches of 1.25 (1.25^14.4 = 25), one motion's worth.
    #expect(s.layout.cell < 50)
    s.handle(.finger(.move, id: 3, x: 300, y: 250))
    s.handle(.finger(.up, id: 3, x: 300, y: 250))
    #expect(s.drainEvents().isEmpty)
  }

  @Test func aSecondFingerDuringAPaintPaintsInsteadOfPinching() {
    var s = Self.scene()
    Self.finger(&s, .down, 1, at: 0)
    Self.finger(&s, .move, 1, at: 1)
    let layout = s.layout
    Self.finger(&s, .down, 2, at: 8)
    Self.finger(&s, .up, 2, at: 8)  // a tap of its own
    #expect(s.layout == layout && s.pointer.touches.pinch == nil)
    #expect(s.isSelected(0) && s.isSelected(1) && s.isSelected(8))
  }

  @Test func aFingerAndTheMouseAreStrokesOfTheirOwn() {
    var s = Self.scene()
    let m = Self.centre(s, 3)
    s.handle(.press(x: m.x, y: m.y, button: .left))
    Self.finger(&s, .down, 1, at: 5)
    Self.finger(&s, .up, 1, at: 5)
    s.handle(.release(x: m.x, y: m.y, button: .left))
    #expect(s.isSelected(3) && s.isSelected(5))
    #expect(s.drainEvents().map(\.cell) == [5, 3])
  }

  @Test func fingersBeyondTenAndRepeatedDownsAreIgnored() {
    var s = Self.scene()
    for id in 0..<Int64(Touches.maxFingers + 3) {
      Self.finger(&s, .down, id, at: 2 * Int(id % 2))
    }
    #expect(s.pointer.touches.fingers.count == Touches.maxFingers)
    Self.finger(&s, .down, 0, at: 20)  // already down
    #expect(s.pointer.touches.fingers.count == Touches.maxFingers)
  }
}
