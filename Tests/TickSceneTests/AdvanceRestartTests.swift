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
}
