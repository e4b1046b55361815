import Testing
import TickAnimation

@testable import TickScene

/// `LoadDriver` (`--load N`): N animations kept running through the scene's own restart,
/// which restarts the load's views only.
@Suite struct LoadDriverTests {
  /// A 40×30 grid of 4-px views in a 400×300 window (all visible), in `style`.
  static func scene(_ style: TickStyle = TickStyle(), columns: Int = 40, rows: Int = 30) -> Scene {
    Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: columns, rows: rows),
      style: style)
  }

  /// One fixed step under `load`, as `Session.step` takes it: the load starts the views due
  /// to join, then the scene steps, restarting the load's views that finish.
  static func step(_ s: inout Scene, _ load: inout LoadDriver) {
    let restarts = load.startDue(&s)
    s.advance(restarting: restarts)
  }

  static func style(_ animation: AnimationStyle = .stroke, deselect: DeselectMode) -> TickStyle {
    var s = TickStyle()
    s.animation = animation
    s.deselect = deselect
    return s
  }

  // MARK: - The restart it goes through

  /// `advance(steps:togglingFinished:cause:only:)` is `advance(steps:)` followed by the
  /// toggles of the finished views `only` marks, over random commands (radio groups,
  /// staggered starts, every deselect mode, jumps of many steps).
  @Test(arguments: 0..<20)
  func restartingOnlyMarkedViewsEqualsTogglingThemAfter(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var a = AnimationStorageTests.scene(&rng)
    var b = a
    let only = (0..<a.count).map { _ in rng.next() % 3 != 0 }
    for i in 0..<300 {
      let command = AnimationStorageTests.Command.random(&rng, views: a.count)
      if case .advance(let n) = command {
        let times = Int(rng.next() % 3)
        a.advance(steps: n, togglingFinished: times, cause: .stress, only: only)
        b.advance(steps: n)
        for c in b.finished where only[Int(c)] {
          for _ in 0..<times { b.toggle(Int(c), cause: .stress) }
        }
      } else {
        command.apply(to: &a)
        command.apply(to: &b)
      }
      AdvanceRestartTests().expectSame(&a, &b, "seed \(seed) command \(i)")
    }
  }

  /// The same, step by step over a grid with no groups whose views all restart as they
  /// finish but those outside `only`: the fused retire-and-restart pass
  /// (`retireRestarting`) retires the others and leaves them at rest.
  @Test(arguments: [DeselectMode.instant, .reverse, .animate])
  func theFusedPassRestartsOnlyMarkedViews(deselect: DeselectMode) {
    var a = Self.scene(Self.style(deselect: deselect), columns: 100, rows: 60)
    var rng = SplitMix64(seed: 5)
    for c in (0..<a.count).shuffled(using: &rng) where rng.next() % 4 != 0 {
      a.toggle(c, cause: .stress)
    }
    let only = (0..<a.count).map { _ in rng.next() % 3 != 0 }
    var b = a
    let times = deselect == .instant ? 2 : 1
    for s in 0..<(3 * Int(a.durationSteps)) {
      a.advance(steps: 1, togglingFinished: times, cause: .stress, only: only)
      b.advance(steps: 1)
      for c in b.finished where only[Int(c)] {
        for _ in 0..<times { b.toggle(Int(c), cause: .stress) }
      }
      AdvanceRestartTests().expectSame(&a, &b, "\(deselect) step \(s)")
    }
    #expect(a.animatingCount > 0 && (0..<a.count).contains { !only[$0] && !a.isAnimating($0) })
  }

  // MARK: - Holding the load

  /// After the views have joined (a transition's length), exactly N run at every step, in
  /// every deselect mode and in styles of every kind of motion.
  @Test(arguments: [DeselectMode.instant, .reverse, .animate])
  func holdsExactlyTheTargetOnceJoined(deselect: DeselectMode) {
    for animation in [AnimationStyle.stroke, .bounce, .fade, .spiral] {
      var s = Self.scene(Self.style(animation, deselect: deselect))
      var load = LoadDriver(seed: 3)
      load.setTarget(500, in: s)
      let length = Int(s.durationSteps)
      for _ in 0..<length { Self.step(&s, &load) }
      for step in 0..<(3 * length) {
        Self.step(&s, &load)
        guard s.animatingCount == 500 else {
          Issue.record("\(animation) \(deselect) step \(step): \(s.animatingCount) running")
          return
        }
      }
    }
  }

  /// The views join over a transition's length, a share each step, so their phases spread:
  /// the restarts of a step are about N / length, never all at once.
  @Test func phasesSpreadOverATransition() {
    var s = Self.scene(Self.style(deselect: .instant))
    var load = LoadDriver(seed: 1)
    load.setTarget(600, in: s)
    let length = Int(s.durationSteps)
    for _ in 0..<(2 * length) { Self.step(&s, &load) }
    for _ in 0..<length {
      _ = s.drainEvents()
      Self.step(&s, &load)
      // Two events a restart (off at once, then on).
      let restarts = s.drainEvents().count / 2
      #expect(restarts <= 600 / length + 1, "\(restarts) restarted in one step")
    }
  }

  /// Views outside the load that finish rest; the load's views that a command stops (C)
  /// start again within a transition's length (the sweep).
  @Test func onlyTheLoadRestartsAndItRecoversFromAClear() {
    var s = Self.scene(Self.style(deselect: .instant))
    var load = LoadDriver(seed: 5)
    load.setTarget(100, in: s)
    let length = Int(s.durationSteps)
    for _ in 0..<length { Self.step(&s, &load) }
    let outsider = (0..<s.count).first { !s.isAnimating($0) }!
    s.toggle(outsider, cause: .click)
    for _ in 0..<(length + 1) { Self.step(&s, &load) }
    #expect(!s.isAnimating(outsider) && s.isSelected(outsider))
    #expect(s.animatingCount == 100)
    StressDriver.clear(&s)
    #expect(s.animatingCount == 0)
    for _ in 0..<(2 * length) { Self.step(&s, &load) }
    #expect(s.animatingCount == 100)
  }

  /// The views visible when the load is first set carry it first.
  @Test func theVisibleViewsCarryTheLoadFirst() {
    var s = Self.scene(columns: 400, rows: 300)
    let visible = s.layout.visibleCount
    #expect(visible < s.count)
    var load = LoadDriver(seed: 2)
    load.setTarget(visible, in: s)
    for _ in 0..<Int(s.durationSteps) { Self.step(&s, &load) }
    let l = s.layout
    var onScreen = 0
    for r in l.visibleRows {
      for c in l.visibleColumns where s.isAnimating(r * l.columns + c) { onScreen += 1 }
    }
    #expect(onScreen == visible && s.animatingCount == visible)
  }

  /// Lowering the load lets the views that leave finish, then rest; raising it again
  /// brings the count back.
  @Test func loweringAndRaising() {
    var s = Self.scene(Self.style(deselect: .animate))
    var load = LoadDriver(seed: 9)
    load.setTarget(800, in: s)
    let length = Int(s.durationSteps)
    for _ in 0..<(2 * length) { Self.step(&s, &load) }
    load.lower(in: s)
    #expect(load.target == 400)
    for _ in 0..<(length + 1) { Self.step(&s, &load) }
    #expect(s.animatingCount == 400)
    load.raise(in: s)
    load.raise(in: s)
    #expect(load.target == s.count, "raising stops at the view count")
    for _ in 0..<(2 * length) { Self.step(&s, &load) }
    #expect(s.animatingCount == s.count)
    var off = LoadDriver(seed: 9)
    off.setTarget(1, in: s)
    off.lower(in: s)
    #expect(off.target == 0 && !off.isActive)
    off.raise(in: s)
    #expect(off.target == min(LoadDriver.startingLoad, s.count))
  }

  /// A style that settles at once runs nothing, so the load toggles nothing either.
  @Test func aStyleWithNoAnimationHoldsNoLoad() {
    var s = Self.scene(Self.style(.none, deselect: .instant))
    var load = LoadDriver(seed: 1)
    load.setTarget(300, in: s)
    for _ in 0..<200 { Self.step(&s, &load) }
    #expect(s.animatingCount == 0 && s.drainEvents().isEmpty && s.step == 200)
  }

  /// The same seed and the same inputs give the same events, step for step.
  @Test func deterministic() {
    func run() -> [ValueChange] {
      var s = Self.scene(Self.style(deselect: .reverse))
      var load = LoadDriver(seed: 42)
      load.setTarget(300, in: s)
      var all: [ValueChange] = []
      for step in 0..<400 {
        if step == 150 { load.raise(in: s) }
        if step == 250 { s.toggle(17, cause: .click) }
        Self.step(&s, &load)
        all += s.drainEvents()
      }
      return all
    }
    let a = run()
    #expect(!a.isEmpty && a == run())
  }

  // MARK: - Radio groups

  /// The cells of group `g` in a grid `columns` wide.
  static func cells(of g: RadioGroup, columns: Int) -> [Int] {
    (g.row..<(g.row + g.rows)).flatMap { r in
      (g.column..<(g.column + g.columns)).map { r * columns + $0 }
    }
  }

  /// In radio groups a restart is a toggle under the group's rules: at most one view of a
  /// group is on, a `keep` group always has one, every event is a real change following
  /// the last, and the views outside groups hold their share of the load.
  @Test(arguments: [DeselectMode.instant, .reverse, .animate])
  func radioGroupsKeepTheirRules(deselect: DeselectMode) {
    var s = Self.scene(Self.style(deselect: deselect))
    let groups = [
      RadioGroup(column: 0, row: 0, columns: 4, rows: 1),
      RadioGroup(column: 0, row: 1, columns: 4, rows: 1, keepOne: true),
      RadioGroup(column: 0, row: 2, columns: 1, rows: 5, keepOne: true),
    ]
    for g in groups { s.addGroup(g) }
    var load = LoadDriver(seed: 11)
    load.setTarget(s.count, in: s)
    // A keep group starts with a view on: each view's value before any event.
    var last = (0..<s.count).map(s.state)
    let grouped = Set(groups.flatMap { Self.cells(of: $0, columns: s.layout.columns) })
    var groupSelections = 0
    let length = Int(s.durationSteps)
    for step in 0..<(6 * length) {
      Self.step(&s, &load)
      for e in s.drainEvents() {
        #expect(e.old != e.new, "step \(step): an event that changes nothing")
        #expect(last[e.cell] == e.old, "step \(step): view \(e.cell) skipped")
        last[e.cell] = e.new
        if grouped.contains(e.cell) && e.new == .on { groupSelections += 1 }
      }
      for (k, g) in groups.enumerated() {
        let on = Self.cells(of: g, columns: s.layout.columns).filter { s.isSelected($0) }.count
        #expect(on <= 1, "step \(step): group \(k) has \(on) on")
        if g.keepOne && step > length { #expect(on == 1, "step \(step): keep group \(k)") }
      }
    }
    // Every view outside a group keeps running.
    let outside = (0..<s.count).filter { !grouped.contains($0) }
    #expect(outside.allSatisfy(s.isAnimating))
    // And the groups still move: restarting in a group hands the selection round, at least
    // once a transition in each group.
    #expect(groupSelections >= 6 * groups.count, "\(groupSelections) selections in groups")
  }
}
