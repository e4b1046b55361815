import Testing

@testable import TickScene

@Suite struct InputTests {
  func makeScene() -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
  }

  func point(_ s: Scene, _ cell: Int) -> (Float, Float) {
    let r = s.layout.rect(of: cell)
    return (Float(r.x) + 25, Float(r.y) + 25)
  }

  @Test func pressDimsAndReleaseInsideToggles() {
    var s = makeScene()
    let (x, y) = point(s, 7)
    s.handle(.press(x: x, y: y, button: .left))
    #expect(s.pointer.pressed == 7 && !s.isSelected(7))
    #expect(s.takeChanges().cells.contains(7))  // redrawn dimmed
    s.handle(.release(x: x + 10, y: y - 10, button: .left))
    #expect(s.pointer.pressed == nil && s.isSelected(7))
  }

  @Test func releaseWhereThereIsNoViewCancels() {
    var s = makeScene()
    let (x, y) = point(s, 7)
    s.handle(.press(x: x, y: y, button: .left))
    s.handle(.release(x: x + 30, y: y, button: .left))  // in the gap
    #expect(!s.isSelected(7) && s.pointer.pressed == nil)
    s.handle(.press(x: x, y: y, button: .left))
    s.handle(.release(x: 5000, y: y, button: .left))  // outside the window
    #expect(s.drainEvents().isEmpty && !s.pointer.painting)
  }

  @Test func hoverFollowsThePointer() {
    var s = makeScene()
    let (x, y) = point(s, 3)
    s.handle(.move(x: x, y: y))
    #expect(s.pointer.hovered == 3)
    s.handle(.move(x: x + 30, y: y))
    #expect(s.pointer.hovered == nil)
  }

  @Test func keyboardFocusMovesAndToggles() {
    var s = makeScene()
    #expect(s.layout.columns == 6)
    s.perform(.toggleFocused)
    #expect(s.drainEvents().isEmpty)  // no focus yet
    s.perform(.moveFocus(.right))
    #expect(s.pointer.focused == 0)
    s.perform(.moveFocus(.right))
    s.perform(.moveFocus(.down))
    #expect(s.pointer.focused == 7)
    s.perform(.moveFocus(.left))
    s.perform(.moveFocus(.up))
    s.perform(.moveFocus(.up))
    #expect(s.pointer.focused == 0)
    s.perform(.moveFocus(.left))
    #expect(s.pointer.focused == 0)  // stays at the edge
    for _ in 0..<s.count { s.perform(.focusNext) }
    #expect(s.pointer.focused == 0)  // Tab wraps
    s.perform(.toggleFocused)
    let e = s.drainEvents()
    #expect(e.count == 1 && e[0].cell == 0 && e[0].cause == .key && e[0].new == .on)
    s.perform(.toggleMixed)
    #expect(s.state(0) == .mixed)
    s.perform(.toggleMixed)
    #expect(s.state(0) == .off)
  }

  @Test func radioGroupIsExclusive() {
    var s = makeScene()
    s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 1))
    s.toggle(0, cause: .click)
    s.toggle(2, cause: .click)
    #expect(!s.isSelected(0) && s.isSelected(2))
    #expect(s.isAnimating(0))  // clearing with its off animation
    let events = s.drainEvents()
    #expect(events.map(\.cell) == [0, 2, 0])
    s.toggle(2, cause: .click)
    #expect(!s.isSelected(2))  // without keep, the selected one can be cleared
    s.toggle(3, cause: .click)
    s.toggle(1, cause: .click)
    #expect(s.isSelected(3) && s.isSelected(1))  // cell 3 is outside the group
  }

  @Test func keepOneGroupAlwaysHasOne() {
    var s = makeScene()
    s.applyInitialSelection(.all, animate: false)
    s.addGroup(RadioGroup(column: 1, row: 1, columns: 2, rows: 2, keepOne: true))
    let members = [7, 8, 13, 14]
    #expect(members.filter { s.isSelected($0) } == [7])
    s.toggle(7, cause: .click)
    #expect(s.isSelected(7))
    var empty = makeScene()
    empty.addGroup(RadioGroup(column: 4, row: 2, columns: 2, rows: 1, keepOne: true))
    #expect(empty.isSelected(16) && !empty.isSelected(17))
  }

  @Test(arguments: [DeselectMode.instant, .reverse, .animate])
  func groupsStayExclusiveUnderAStormOfClicks(deselect: DeselectMode) {
    var style = TickStyle()
    style.deselect = deselect
    style.animation = .bounce
    var s = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style)
    s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 2, keepOne: true))
    s.addGroup(RadioGroup(column: 3, row: 1, columns: 3, rows: 3))
    let members = (0..<s.groups.count).map { g in (0..<s.count).filter { s.group(of: $0) == g } }
    var rng = SplitMix64(seed: 42)
    for i in 0..<10_000 {
      let cell = Int(rng.next() % UInt64(s.count))
      if rng.next() % 5 == 0 && s.group(of: cell) != 0 {
        s.setState(cell, .mixed, cause: .stress)
      } else {
        s.toggle(cell, cause: .stress)
      }
      if i % 7 == 0 { s.advance(steps: Int(rng.next() % 9)) }
      let on = members.map { $0.filter { s.isSelected($0) } }
      #expect(on[0].count == 1, "keep-one group after click \(i)")
      #expect(on[1].count <= 1, "group 1 after click \(i)")
      for (g, cells) in on.enumerated() {
        #expect(s.groups[g].selected.map(Int.init) == cells.first)
      }
    }
    // Every view's look agrees with its state once the animations settle.
    s.advance(steps: 1000)
    for c in 0..<s.count {
      #expect(s.look(c, atStep: Double(s.step)) == style.animation.look(s.state(c)))
    }
  }

  @Test func groupArgumentParses() {
    #expect(RadioGroup(argument: "0,1,3x2") == RadioGroup(column: 0, row: 1, columns: 3, rows: 2))
    #expect(RadioGroup(argument: "2,0,1x4,keep")?.keepOne == true)
    for bad in ["", "1,2", "1,2,3", "-1,0,2x2", "0,0,0x2", "0,0,2x2,always", "a,b,cxd"] {
      #expect(RadioGroup(argument: bad) == nil, "\(bad)")
    }
  }
}

@Suite struct ViewingInputTests {
  func makeScene() -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 50, gap: 10, columns: 1000, rows: 1000))
  }

  @Test func wheelZoomsAboutThePointer() {
    var s = makeScene()
    let r = s.layout.rect(of: 1001)
    let (x, y) = (Float(r.x) + 20, Float(r.y) + 20)
    #expect(s.takeChanges().everything)  // nothing drawn yet
    #expect(!s.takeChanges().everything)
    s.handle(.wheel(x: x, y: y, dy: 1))
    #expect(s.layout.cell > 50 && s.takeChanges().everything)
    #expect(s.layout.cellIndex(atX: x, y: y) == 1001)
    for _ in 0..<40 { s.handle(.wheel(x: x, y: y, dy: -1)) }
    #expect(s.layout.cell == Scene.zoomLimits.lowerBound)
    #expect(s.count == 1_000_000)
  }

  @Test func rightDragPansAndDoesNotToggle() {
    var s = makeScene()
    let before = s.layout.originX
    s.handle(.press(x: 100, y: 100, button: .right))
    s.handle(.move(x: 40, y: 70))
    s.handle(.release(x: 40, y: 70, button: .right))
    #expect(s.layout.originX == before - 60)
    #expect(s.drainEvents().isEmpty)
  }

  @Test func focusScrollsIntoViewAndShiftArrowsPan() {
    var s = makeScene()
    s.perform(.focusNext)
    for _ in 0..<20 { s.perform(.moveFocus(.right)) }
    let r = s.layout.paintRect(of: s.pointer.focused ?? 0)
    #expect(s.pointer.focused == 20 && r.x >= 0 && r.x + r.width <= 400)
    let x0 = s.layout.originX
    s.perform(.pan(.right))
    #expect(s.layout.originX == x0 - s.layout.pitch)
    s.perform(.focusPrevious)
    #expect(s.pointer.focused == 19)
  }

  @Test func resizeKeepsTheViewsAndRedraws() {
    var s = makeScene()
    _ = s.drainEvents()
    _ = s.takeChanges()
    s.handle(.resize(width: 800, height: 600))
    #expect(s.layout.windowWidth == 800 && s.count == 1_000_000 && s.takeChanges().everything)
  }

  /// `mayChangeValues` is false only where the input changes no value: random mouse,
  /// wheel, resize, finger and gamepad input (drags, pans and pinches among it), each
  /// checked against the values and the value changes it made. And it is not false
  /// everywhere: presses and releases do change values.
  @Test func inputsThatMayNotChangeValuesChangeNone() {
    var s = makeScene()
    var rng = SplitMix64(seed: 11)
    var flaggedChanges = 0
    for _ in 0..<4_000 {
      let input = Self.randomInput(&rng)
      let may = s.mayChangeValues(input)
      let before = s.packedStates()
      let events = s.pendingEventCount
      s.handle(input)
      let changed = s.packedStates() != before || s.pendingEventCount > events
      #expect(may || !changed, "\(input) changed a value")
      if may && changed { flaggedChanges += 1 }
    }
    #expect(flaggedChanges > 100, "the inputs that may change values did, \(flaggedChanges) times")
  }

  /// An input over and around a 400 × 300 window: the mouse's buttons and moves, the
  /// wheel, resizes, two fingers and the gamepad.
  static func randomInput(_ rng: inout SplitMix64) -> InputEvent {
    let x = Float(rng.next() % 440) - 20
    let y = Float(rng.next() % 340) - 20
    let button: InputEvent.Button = [.left, .left, .left, .right, .middle][Int(rng.next() % 5)]
    switch rng.next() % 10 {
    case 0, 1: return .press(x: x, y: y, button: button)
    case 2, 3: return .release(x: x, y: y, button: button)
    case 4, 5, 6: return .move(x: x, y: y)
    case 7: return .wheel(x: x, y: y, dy: rng.next() % 2 == 0 ? 1 : -1)
    case 8:
      let phases: [FingerPhase] = [.down, .move, .up]
      return .finger(phases[Int(rng.next() % 3)], id: Int64(rng.next() % 2), x: x, y: y)
    default:
      return rng.next() % 3 == 0
        ? .resize(width: 300 + Int(rng.next() % 200), height: 200 + Int(rng.next() % 200))
        : .padButton(
          PadButton.allCases[Int(rng.next() % UInt64(PadButton.allCases.count))],
          pressed: rng.next() % 2 == 0)
    }
  }
}
