import SceneFixtures
import Testing

@testable import TickScene

/// Checkbox semantics: a press and release on one view toggles it, a drag sets every view
/// it crosses (the pressed one included) to the state the pressed view takes, and radio
/// groups keep their rules under every command with one event per real change.
@Suite struct CheckboxTests {
  /// A 6×4 grid of 50-px views in a 400×300 window; optionally a keep-one group on the
  /// first three views of row 0 and a plain group on the 2×2 block at column 3, row 1.
  static func scene(groups: Bool = false, select: Selection = .none) -> Scene {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    s.applyInitialSelection(select, animate: false)
    if groups {
      s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 1, keepOne: true))
      s.addGroup(RadioGroup(column: 3, row: 1, columns: 2, rows: 2))
    }
    _ = s.takeChanges()
    return s
  }

  static func centre(_ s: Scene, _ cell: Int) -> (x: Float, y: Float) {
    let r = s.layout.rect(of: cell)
    return (Float(r.x + r.width / 2), Float(r.y + r.height / 2))
  }

  static func states(_ s: Scene) -> [ViewState] { (0..<s.count).map { s.state($0) } }

  /// Runs `command` and checks its events against what really changed: one event for
  /// each view whose value differs afterwards, none for the rest, each with the values
  /// before and after; and every group's rule holds.
  static func expectExactEvents(
    _ s: inout Scene, _ what: String, _ command: (inout Scene) -> Void
  ) {
    _ = s.drainEvents()
    let before = states(s)
    command(&s)
    let after = states(s)
    let events = s.drainEvents()
    let changed = (0..<s.count).filter { before[$0] != after[$0] }
    #expect(events.map(\.cell).sorted() == changed, "\(what): events \(events.map(\.cell))")
    for e in events {
      #expect(e.old == before[e.cell] && e.new == after[e.cell], "\(what): \(e)")
    }
    expectGroupRules(s, what)
  }

  /// At most one view of a group is on, exactly one in a keep-one group, and the group
  /// knows which.
  static func expectGroupRules(_ s: Scene, _ what: String) {
    for (g, group) in s.groups.enumerated() {
      let on = (0..<s.count).filter { s.group(of: $0) == g && s.isSelected($0) }
      #expect(on.count <= 1, "\(what): group \(g) has \(on) on")
      if group.keepOne { #expect(on.count == 1, "\(what): keep-one group \(g) has \(on) on") }
      #expect(group.selected.map(Int.init) == on.first, "\(what): group \(g) selected")
    }
  }

  // MARK: - Press, release, drag

  @Test func pressAndReleaseOnOneViewTogglesIt() {
    var s = Self.scene()
    let c = Self.centre(s, 7)
    s.handle(.press(x: c.x, y: c.y, button: .left))
    s.handle(.move(x: c.x + 10, y: c.y - 10))  // moving inside the view is no drag
    s.handle(.release(x: c.x + 10, y: c.y - 10, button: .left))
    #expect(s.drainEvents().map(\.cell) == [7] && s.isSelected(7))
  }

  @Test func aDragSetsThePressedViewAndEveryViewItCrosses() {
    var s = Self.scene()
    let (a, b) = (Self.centre(s, 7), Self.centre(s, 8))
    s.handle(.press(x: a.x, y: a.y, button: .left))
    s.handle(.move(x: b.x, y: b.y))
    s.handle(.release(x: b.x, y: b.y, button: .left))
    let e = s.drainEvents()
    #expect(e.map(\.cell) == [7, 8] && e.allSatisfy { $0.old == .off && $0.new == .on }, "\(e)")
    #expect(s.isSelected(7) && s.isSelected(8) && !s.pointer.painting && s.pointer.pressed == nil)
  }

  @Test func aReleaseOnAnotherViewWithNoMotionIsADragToIt() {
    var s = Self.scene()
    let (a, b) = (Self.centre(s, 7), Self.centre(s, 8))
    s.handle(.press(x: a.x, y: a.y, button: .left))
    s.handle(.release(x: b.x, y: b.y, button: .left))
    #expect(s.drainEvents().map(\.cell) == [7, 8])
  }

  @Test func theDragTakesThePressedViewsNewStateEvenWhereItDiffers() {
    // From view 0 (on → off) across 1 (off), 2 (on → off), 3 (mixed → off).
    var s = Self.scene()
    s.setState(0, .on, cause: .click)
    s.setState(2, .on, cause: .click)
    s.setState(3, .mixed, cause: .click)
    _ = s.drainEvents()
    s.handle(.press(x: Self.centre(s, 0).x, y: Self.centre(s, 0).y, button: .left))
    for cell in [1, 2, 3, 2, 1, 0] {  // and back: nothing changes twice
      s.handle(.move(x: Self.centre(s, cell).x, y: Self.centre(s, cell).y))
    }
    s.handle(.release(x: Self.centre(s, 0).x, y: Self.centre(s, 0).y, button: .left))
    #expect(s.drainEvents().map(\.cell) == [0, 2, 3])
    #expect((0...3).allSatisfy { s.state($0) == .off })
  }

  @Test func leavingThePressedViewForNoViewCancels() {
    var s = Self.scene()
    let a = Self.centre(s, 7)
    s.handle(.press(x: a.x, y: a.y, button: .left))
    s.handle(.move(x: a.x + 30, y: a.y))  // the gap
    s.handle(.release(x: a.x + 30, y: a.y, button: .left))
    #expect(s.drainEvents().isEmpty && !s.isSelected(7) && s.pointer.pressed == nil)
    // Into the gap and back: the release over the pressed view toggles it.
    s.handle(.press(x: a.x, y: a.y, button: .left))
    s.handle(.move(x: a.x + 30, y: a.y))
    s.handle(.move(x: a.x, y: a.y))
    s.handle(.release(x: a.x, y: a.y, button: .left))
    #expect(s.drainEvents().map(\.cell) == [7])
  }

  @Test func aDragFromAGapPaintsWithTheFirstViewItEnters() {
    var s = Self.scene()
    let a = Self.centre(s, 7)
    s.handle(.press(x: a.x - 30, y: a.y, button: .left))  // the gap left of view 7
    s.handle(.move(x: a.x, y: a.y))
    s.handle(.move(x: Self.centre(s, 8).x, y: a.y))
    s.handle(.release(x: Self.centre(s, 8).x, y: a.y, button: .left))
    #expect(s.drainEvents().map(\.cell) == [7, 8])
  }

  @Test func aDragInsideAGroupSelectsOnlyTheLastViewWithNoFlicker() {
    // Views 0–2 are a keep-one group with 0 selected: a drag from 1 to 2 selects 1, then 2.
    var s = Self.scene(groups: true)
    #expect(s.isSelected(0))
    Self.expectExactEvents(&s, "drag 1 → 2") { s in
      let (a, b) = (Self.centre(s, 1), Self.centre(s, 2))
      s.handle(.press(x: a.x, y: a.y, button: .left))
      s.handle(.move(x: b.x, y: b.y))
      s.handle(.release(x: b.x, y: b.y, button: .left))
    }
    #expect(!s.isSelected(0) && !s.isSelected(1) && s.isSelected(2))
    #expect(!s.isAnimating(1), "view 1 never changed, so it has nothing to animate")
  }

  @Test func aDragThatClearsLeavesAKeepGroupItsView() {
    // From view 4 (on → off) across the keep-one group's selected view 0 and on to 1.
    var s = Self.scene(groups: true)
    s.setState(4, .on, cause: .click)
    Self.expectExactEvents(&s, "clearing drag") { s in
      s.handle(.press(x: Self.centre(s, 4).x, y: Self.centre(s, 4).y, button: .left))
      for cell in [3, 2, 1, 0] {
        s.handle(.move(x: Self.centre(s, cell).x, y: Self.centre(s, cell).y))
      }
      s.handle(.release(x: Self.centre(s, 0).x, y: Self.centre(s, 0).y, button: .left))
    }
    #expect(!s.isSelected(4) && s.isSelected(0))
  }

  // MARK: - Commands with groups: one event per real change

  @Test(arguments: [false, true])
  func toggleAllGivesOneEventPerChangedView(groups: Bool) {
    var s = Self.scene(groups: groups)
    Self.expectExactEvents(&s, "A") { StressDriver.toggleAll(&$0) }
    Self.expectExactEvents(&s, "A again") { StressDriver.toggleAll(&$0) }
    s.setState(19, .mixed, cause: .click)
    Self.expectExactEvents(&s, "A with a mixed view") { StressDriver.toggleAll(&$0) }
  }

  @Test func toggleAllSelectsOneViewOfEachGroup() {
    var s = Self.scene(groups: true)
    StressDriver.toggleAll(&s)
    // Applied in order, the last view of each group that turns on stays on.
    #expect([0, 1, 2].filter { s.isSelected($0) } == [2])
    #expect([9, 10, 15, 16].filter { s.isSelected($0) } == [16])
    #expect(s.selectedCount == s.count - 3 - 4 + 2)
  }

  @Test func clearKeepsAKeepGroupsView() {
    var s = Self.scene(groups: true, select: .all)
    Self.expectExactEvents(&s, "C") { StressDriver.clear(&$0) }
    #expect((0..<s.count).filter { s.isSelected($0) } == [0])
  }

  @Test func checkerboardGivesOneEventPerChangedView() {
    var s = Self.scene(groups: true)
    Self.expectExactEvents(&s, "K") { StressDriver.checkerboard(&$0) }
    Self.expectExactEvents(&s, "K again") { StressDriver.checkerboard(&$0) }
    Self.expectExactEvents(&s, "A after K") { StressDriver.toggleAll(&$0) }
    Self.expectExactEvents(&s, "K after A") { StressDriver.checkerboard(&$0) }
  }

  @Test func mixedCannotEmptyAKeepGroup() {
    var s = Self.scene(groups: true)
    Self.expectExactEvents(&s, "X on the kept view") { $0.setState(0, .mixed, cause: .key) }
    #expect(s.isSelected(0))
    Self.expectExactEvents(&s, "X on another member") { $0.setState(1, .mixed, cause: .key) }
    #expect(s.state(1) == .mixed && s.isSelected(0))
  }

  @Test func aViewTurnedOffByItsGroupPlaysItsOffAnimation() {
    var style = TickStyle()
    style.animation = .bounce
    var s = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style)
    s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 1))
    s.toggle(0, cause: .click)
    s.advance(steps: 200)
    s.toggle(1, cause: .click)
    #expect(s.drainEvents().map(\.cell) == [0, 1, 0])
    #expect(s.isAnimating(0) && s.isAnimating(1))
  }

  // MARK: - Property: seeded random commands

  /// A random command: a click, a drag, A, C, K, X, rain or a wave's steps; each checked
  /// on its own for exact events and group rules.
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomCommandsKeepGroupRulesAndExactEvents(seed: UInt64) {
    var style = TickStyle()
    style.deselect = [DeselectMode.instant, .reverse, .animate][Int(seed % 3)]
    var s = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style)
    s.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 2, keepOne: true))
    s.addGroup(RadioGroup(column: 3, row: 1, columns: 3, rows: 3))
    s.addGroup(RadioGroup(column: 1, row: 3, columns: 2, rows: 1, keepOne: true))
    var rain = StressDriver(seed: seed)
    var rng = SplitMix64(seed: seed)
    func cell() -> Int { Int(rng.next() % UInt64(s.count)) }
    for i in 0..<600 {
      let what = "command \(i) (seed \(seed))"
      switch rng.next() % 9 {
      case 0: Self.expectExactEvents(&s, "\(what) A") { StressDriver.toggleAll(&$0) }
      case 1: Self.expectExactEvents(&s, "\(what) C") { StressDriver.clear(&$0) }
      case 2: Self.expectExactEvents(&s, "\(what) K") { StressDriver.checkerboard(&$0) }
      case 3:
        let target = cell()
        Self.expectExactEvents(&s, "\(what) X") { s in
          s.setState(target, s.state(target) == .mixed ? .off : .mixed, cause: .key)
        }
      case 4:
        // Rain: each toggle is a command of its own; a wave's step is one.
        rain.rainRate = Double(s.hz)
        Self.expectExactEvents(&s, "\(what) rain") { rain.step(&$0) }
        rain.rainRate = 0
        // One wave at a time: each wave's step is a command (two waves may cross a view).
        var wave = StressDriver(seed: seed)
        wave.startWave(at: cell(), in: s)
        for step in 0..<3 {
          Self.expectExactEvents(&s, "\(what) wave step \(step)") { wave.step(&$0) }
          s.advance(steps: 12)
        }
      case 5:
        let c = Self.centre(s, cell())
        for input: InputEvent in [
          .press(x: c.x, y: c.y, button: .left), .release(x: c.x, y: c.y, button: .left),
        ] {
          Self.expectExactEvents(&s, "\(what) click") { $0.handle(input) }
        }
      default:
        // A drag through a few views, each input a command.
        let path = (0..<Int(rng.next() % 5) + 2).map { _ in Self.centre(s, cell()) }
        var inputs: [InputEvent] = [.press(x: path[0].x, y: path[0].y, button: .left)]
        inputs += path.dropFirst().map { .move(x: $0.x, y: $0.y) }
        inputs.append(.release(x: path.last!.x, y: path.last!.y, button: .left))
        for input in inputs {
          Self.expectExactEvents(&s, "\(what) drag \(input)") { $0.handle(input) }
        }
      }
      if i % 5 == 0 { s.advance(steps: Int(rng.next() % 40)) }
    }
    // Every view's look agrees with its value once the animations settle.
    s.advance(steps: 1000)
    for c in 0..<s.count {
      #expect(s.look(c, atStep: Double(s.step)) == style.animation.look(s.state(c)))
    }
  }
}
