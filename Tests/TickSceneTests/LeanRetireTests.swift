import Testing
import TickAnimation

@testable import TickScene

/// The fused retire-and-restart pass (`Scene.retireRestarting`) and what it relies on.
@Suite struct LeanRetireTests {
  /// The multiply-and-shift division gives the same column and row as `/` and `%`, for
  /// column counts of every kind (one, powers of two and their neighbours, odd, a million,
  /// the largest) and cells from 0 to `Int32.max`.
  @Test func theColumnDividerIsExact() {
    let counts = [
      1, 2, 3, 7, 10, 63, 64, 65, 160, 1_000, 1_023, 1_024, 1_025, 65_535, 65_536, 65_537,
      999_999, 1_000_000, 1 << 31 - 1, Int(UInt32.max),
    ]
    var rng = SplitMix64(seed: 28)
    for columns in counts {
      let d = ColumnDivider(columns: columns)
      var cells: [Int32] = [0, 1, Int32.max, Int32.max - 1]
      for k in [columns - 1, columns, columns + 1, 2 * columns - 1, 2 * columns] {
        if k >= 0 && k <= Int(Int32.max) { cells.append(Int32(k)) }
      }
      for _ in 0..<2_000 { cells.append(Int32(truncatingIfNeeded: rng.next() >> 33)) }
      for cell in cells {
        let (column, row) = d.position(of: cell)
        let n = Int(cell)
        guard Int(column) == n % columns, Int(row) == n / columns else {
          Issue.record("columns \(columns), cell \(cell): \(column), \(row)")
          return
        }
      }
    }
  }

  /// A restart of more toggles than the fused pass gathers (`LeanRestart.mostToggles`) has
  /// no fused plan, and the chunked path still gives what toggling after the advance gives.
  @Test func manyTogglesTakeTheChunkedPath() throws {
    var style = TickStyle()
    style.animation = .none
    var a = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 40, rows: 30),
      style: style)
    let many = Scene.LeanRestart.mostToggles + 1
    let fresh = a.planRestart(Scene.Restart(toggles: many, cause: .stress))
    #expect(fresh.fresh != nil && Scene.LeanRestart(fresh, scene: a) == nil)
    #expect(Scene.LeanRestart(Scene.Restart(toggles: 2, cause: .stress), scene: a) == nil)
    let two = a.planRestart(Scene.Restart(toggles: 2, cause: .stress))
    let plan = try #require(Scene.LeanRestart(two, scene: a))
    #expect(plan.fromOn?.state == .on && plan.fromOff?.state == .off)
    #expect(plan.fromMixed?.state == .on && plan.fromMixed?.selectedDelta == 1)
    // A style that settles at once: every restart is lean, none animates.
    #expect(plan.fromOn?.animation.isRunning == false)
    var animated = TickStyle()
    animated.deselect = .instant
    a = Scene(
      layout: GridLayout(
        windowWidth: 400, windowHeight: 300, cell: 4, gap: 0, columns: 40, rows: 30),
      style: animated)
    for c in 0..<a.count where c % 3 != 0 { a.toggle(c, cause: .script) }
    var b = a
    for _ in 0..<(2 * Int(a.durationSteps) + 3) {
      a.advance(steps: 1, togglingFinished: many, cause: .stress)
      b.advance(steps: 1)
      for c in b.finished {
        for _ in 0..<many { b.toggle(Int(c), cause: .stress) }
      }
      #expect(a.finished == b.finished)
      #expect(a.drainEvents() == b.drainEvents())
      #expect(a.animatingCount == b.animatingCount && a.selectedCount == b.selectedCount)
    }
  }
}
