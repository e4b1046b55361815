import Testing
import TickAnimation

@testable import TickScene

/// `advance(steps:togglingFinished:cause:)`, which toggles each finished view as it retires
/// it, against `advance(steps:)` followed by the same toggles: the same states, looks,
/// events in the same order, `finished`, counts and changed cells, over random commands
/// (radio groups, staggered starts, every deselect mode, style changes, jumps of many steps)
/// and over a grid whose every view restarts each time it finishes.
@Suite struct AdvanceRestartTests {
  /// Whether two scenes present and report the same, and hand over the same changes.
  func expectSame(_ a: inout Scene, _ b: inout Scene, _ note: String) {
    #expect(a.step == b.step, "\(note)")
    #expect(a.finished == b.finished, "\(note): finished")
    #expect(a.drainEvents() == b.drainEvents(), "\(note): events")
    #expect(a.animatingCount == b.animatingCount && a.selectedCount == b.selectedCount)
    let present = Double(a.step)
    for c in 0..<a.count {
      guard a.state(c) == b.state(c), a.look(c, atStep: present) == b.look(c, atStep: present)
      else {
        Issue.record("\(note): view \(c) differs")
        return
      }
    }
    let (x, y) = (a.takeChanges(), b.takeChanges())
    #expect(x.everything == y.everything && Set(x.cells) == Set(y.cells), "\(note): changes")
  }

  /// `b` advances and then toggles each finished view `times` times, as the restart
  /// promises to be the same as.
  func advanceThenToggle(_ b: inout Scene, steps n: Int, times: Int) {
    b.advance(steps: n)
    for c in b.finished {
      for _ in 0..<times { b.toggle(Int(c), cause: .stress) }
    }
  }

  @Test(arguments: 0..<40)
  func restartingAsTheyRetireEqualsTogglingAfter(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    var a = AnimationStorageTests.scene(&rng)
    var b = a
    for i in 0..<300 {
      let command = AnimationStorageTests.Command.random(&rng, views: a.count)
      if case .advance(let n) = command {
        let times = Int(rng.next() % 3)
        a.advance(steps: n, togglingFinished: times, cause: .stress)
        advanceThenToggle(&b, steps: n, times: times)
      } else {
        command.apply(to: &a)
        command.apply(to: &b)
      }
      expectSame(&a, &b, "seed \(seed) command \(i)")
    }
  }

  /// Views that every step's restarts span several of the retiring passes
  /// (`Scene.retiringChunk`), each restarted twice (off at once, then on, animating).
  @Test(arguments: [DeselectMode.instant, .reverse, .animate])
  func everyViewRestartingAsItFinishes(deselect: DeselectMode) {
    var style = TickStyle()
    style.deselect = deselect
    var a = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 100, rows: 60),
      style: style)
    var rng = SplitMix64(seed: 7)
    for c in (0..<a.count).shuffled(using: &rng) where rng.next() % 4 != 0 {
      a.toggle(c, cause: .stress)
    }
    var b = a
    let times = deselect == .instant ? 2 : 1
    for s in 0..<(3 * Int(a.durationSteps)) {
      a.advance(steps: 1, togglingFinished: times, cause: .stress)
      advanceThenToggle(&b, steps: 1, times: times)
      expectSame(&a, &b, "\(deselect) step \(s)")
    }
    #expect(a.animatingCount > 0)
  }

  /// Every toggle count and deselect mode, in styles that animate and one that settles at
  /// once, over a grid that finishes all at once (a bucket of many retiring passes) with
  /// views of every state: the lean restarts (`Scene.restartFresh`) and the views they hand
  /// to `toggle` (a toggle that would interrupt) keep the plain path's order and results.
  @Test(arguments: [DeselectMode.instant, .reverse, .animate], [1, 2, 3])
  func leanRestartsEqualTogglingAfter(deselect: DeselectMode, times: Int) {
    for animation in [AnimationStyle.stroke, .fade, .none] {
      var style = TickStyle()
      style.animation = animation
      style.deselect = deselect
      var a = Scene(
        layout: GridLayout(
          windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 40, rows: 30),
        style: style)
      var rng = SplitMix64(seed: UInt64(times))
      for c in 0..<a.count {
        switch rng.next() % 4 {
        case 0: a.setState(c, .mixed, cause: .script)
        case 1: a.setState(c, .on, cause: .script)
        case 2: a.toggle(c, cause: .script)
        default: break
        }
      }
      var b = a
      for s in 0..<(3 * Int(a.durationSteps) + 2) {
        a.advance(steps: 1, togglingFinished: times, cause: .stress)
        advanceThenToggle(&b, steps: 1, times: times)
        expectSame(&a, &b, "\(animation) \(deselect) ×\(times) step \(s)")
      }
    }
  }

  /// The stress's restart (2 toggles with instant deselecting) takes the lean path for a
  /// view that finished on or mixed (off at once, then on, animating for the whole length),
  /// not for one that finished off, whose first toggle starts an animation the second
  /// interrupts.
  @Test func theStressRestartIsLeanFromOnAndMixed() throws {
    var style = TickStyle()
    style.deselect = .instant
    var s = Scene(
      layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style)
    let plan = s.planRestart(Scene.Restart(toggles: 2, cause: .stress))
    let fresh = try #require(plan.fresh)
    #expect(fresh.isLean(.on) && fresh.isLean(.mixed) && !fresh.isLean(.off))
    #expect(fresh.due == s.step + s.durationSteps)
    #expect(fresh.started(from: .off).length == Int32(s.durationSteps))
    #expect(!fresh.started(from: .on).isRunning)
    // A gallery's rows have styles of their own: no plan for all of them.
    s.setRowStyles([.stroke, .fade])
    #expect(s.planRestart(Scene.Restart(toggles: 2, cause: .stress)).fresh == nil)
  }
}

@Suite struct DrainEventsIntoTests {
  /// The events come in order, the pending list starts afresh in the caller's old storage,
  /// and what the caller held before is gone.
  @Test func handsOverTheEventsAndReusesTheCallersStorage() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
    var drained: [ValueChange] = []
    drained.reserveCapacity(64)
    let capacity = drained.capacity
    for c in [3, 1, 2] { s.toggle(c, cause: .click) }
    s.drainEvents(into: &drained)
    #expect(drained.map(\.cell) == [3, 1, 2] && drained.allSatisfy { $0.new == .on })
    #expect(s.events.isEmpty && s.events.capacity >= capacity)
    s.toggle(3, cause: .key)
    s.drainEvents(into: &drained)
    #expect(drained.map(\.cell) == [3] && drained[0].new == .off && drained[0].cause == .key)
    s.drainEvents(into: &drained)
    #expect(drained.isEmpty)
  }
}

@Suite struct ValueChangeSizeTests {
  /// A stress restarting tens of thousands of views a step writes two events for each:
  /// their size is most of what a step writes.
  @Test func anEventTakes24Bytes() {
    #expect(MemoryLayout<ValueChange>.stride <= 24)
    let e = ValueChange(
      cell: 999_999, column: 999, row: 999, old: .on, new: .off, cause: .stress, step: 7)
    #expect(e.cell == 999_999 && e.column == 999 && e.row == 999 && e.step == 7)
  }
}
