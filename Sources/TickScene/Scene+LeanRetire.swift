import TickAnimation

extension Scene {
  /// What `toggles` toggles do to a view just settled in each state, worked out once a step
  /// for the fused pass (`retireRestarting`): a view that finishes on its due step, with no
  /// interruption, in a state the lean path takes (`FreshRestart`), is retired and
  /// restarted in one visit to its record, its outcome read from here.
  struct LeanRestart {
    var toggles: Int
    var cause: ValueChange.Cause
    /// The step every animation it starts is due.
    var due: Int64
    var columns: ColumnDivider
    /// The outcome for a view settled off, on and mixed; nil where the lean path does not
    /// apply.
    var fromOff: LeanOutcome?
    var fromOn: LeanOutcome?
    var fromMixed: LeanOutcome?
    /// The views restarted, by cell (`Restart.only`); nil: every view that finishes. The
    /// others are retired and rest.
    var only: [Bool]?

    /// The most toggles the fused pass takes: it gathers a chunk's events before appending
    /// them, `retiringChunk` × toggles of them. More toggles than a stress's two (a style
    /// that settles at once, toggled many times) take the chunked path.
    static let mostToggles = 4

    /// The plan of `restart` in `scene`, or nil when the fused pass does not apply.
    init?(_ restart: Restart, scene: Scene) {
      guard let fresh = restart.fresh, fresh.toggles <= Self.mostToggles else { return nil }
      toggles = fresh.toggles
      cause = fresh.cause
      due = fresh.due
      only = restart.only
      columns = ColumnDivider(columns: scene.layout.columns)
      func outcome(_ first: ViewState) -> LeanOutcome? {
        guard fresh.isLean(first) else { return nil }
        var s = first
        var started = AnimationRecord.settled
        for _ in 0..<fresh.toggles {
          started = fresh.started(from: s)
          s = s.toggled
        }
        return LeanOutcome(
          state: s, animation: started,
          selectedDelta: (s == .on ? 1 : 0) - (first == .on ? 1 : 0))
      }
      fromOff = outcome(.off)
      fromOn = outcome(.on)
      fromMixed = outcome(.mixed)
    }

    /// The outcome for a view settled in `s`, nil when it takes the general path.
    @inline(__always) func outcome(from s: ViewState) -> LeanOutcome? {
      switch s {
      case .off: fromOff
      case .on: fromOn
      case .mixed: fromMixed
      }
    }
  }

  /// What the restart leaves in a view settled in one state.
  struct LeanOutcome {
    var state: ViewState
    /// The animation the last toggle starts (`.settled` when none).
    var animation: AnimationRecord
    /// What it adds to `selectedCount`.
    var selectedDelta: Int
  }

  /// What a lean run gathered in the scratch, and what it changes in the scene's counts.
  struct LeanRunCounts {
    var finished = 0
    var dirty = 0
    var events = 0
    /// Views filed in the due bucket (restarted animating).
    var filed = 0
    var selected = 0
  }

  /// Retires the whole bucket `index` (taken into `retiring`) and restarts each finished
  /// view as `restart` says, exactly as the chunked path (`restartFinished`) does: the same
  /// states, animations, `finished`, dirty cells, wheel entries and events, in the same
  /// order. Views that finish lean are handled in one visit each (`leanPass`); any other
  /// entry, in its turn, by the general path (`retireOne`).
  mutating func retireRestarting(
    part k: Int, bucket index: Int, after previous: Int64, _ restart: Restart,
    _ plan: LeanRestart
  ) {
    let scratch = rangeScratch(part: k).scratch(
      views: Self.retiringChunk, toggles: plan.toggles, listingEvents: outbox.lists)
    var first = 0
    while first < views.retiring.count {
      let chunk = first..<min(first + Self.retiringChunk, views.retiring.count)
      // Its loads overlap the chunk's cache misses (see `countRunning`).
      views.reserveFinished(for: views.retiring[chunk])
      var i = chunk.lowerBound
      while i < chunk.upperBound {
        i = retireLeanRun(i..<chunk.upperBound, part: k, bucket: index, plan, scratch)
        guard i < chunk.upperBound else { break }
        retireOne(views.retiring[i], bucket: index, after: previous, restart)
        i += 1
      }
      first = chunk.upperBound
    }
  }

  /// Retires and restarts the entries of `retiring[range]` that finish lean, up to the
  /// first that needs the general path, whose index it returns (`range.upperBound` when
  /// none). It writes the records through the storage taken out of the scene for the run,
  /// gathers its lists in `scratch` and appends each in one copy.
  private mutating func retireLeanRun(
    _ range: Range<Int>, part k: Int, bucket index: Int, _ plan: LeanRestart,
    _ scratch: RetireScratch
  ) -> Int {
    var recs: [ViewRecord] = []
    swap(&recs, &views.records)
    var out = LeanRunCounts()
    let stop = recs.withUnsafeMutableBufferPointer { r in
      views.retiring.withUnsafeBufferPointer { entries in
        leanPass(entries, range, bucket: index, r, plan, scratch, &out)
      }
    }
    swap(&recs, &views.records)
    guard out.finished > 0 else { return stop }
    views.finished.append(
      contentsOf: UnsafeBufferPointer(rebasing: scratch.finished[..<out.finished]))
    // Every view the run finished was due on this step.
    views.finishedDue.append(contentsOf: repeatElement(step, count: out.finished))
    outbox.dirty.append(contentsOf: UnsafeBufferPointer(rebasing: scratch.dirty[..<out.dirty]))
    outbox.note(scratch.listedEvents(out.events), count: out.events)
    var due: [Int32] = []
    views.wheel.exchange(part: k, bucketOf: plan.due, with: &due)
    due.appendSnugly(UnsafeBufferPointer(rebasing: scratch.filed[..<out.filed]))
    views.wheel.exchange(part: k, bucketOf: plan.due, with: &due)
    views.selectedCount += out.selected
    views.animatingCount += out.filed - out.finished
    return stop
  }

  /// The loop of `retireLeanRun`: each entry of `entries[range]` that finishes now (bucket
  /// `index` is the step's own) with no interruption, from a state `plan` has an outcome for, is settled, marked dirty and
  /// toggled `plan.toggles` times in its record; a stale entry is skipped. Returns the
  /// index of the first other entry, or `range.upperBound`.
  private func leanPass(
    _ entries: UnsafeBufferPointer<Int32>, _ range: Range<Int>, bucket index: Int,
    _ r: UnsafeMutableBufferPointer<ViewRecord>, _ plan: LeanRestart, _ scratch: RetireScratch,
    _ out: inout LeanRunCounts
  ) -> Int {
    let end = step
    // Counted in locals, which stay in registers, and handed back once.
    var n = out
    defer { out = n }
    let shown = viewport.shown
    for i in range {
      let c32 = entries[i]
      var v = r[Int(c32)]
      let a = v.animation
      guard a.isRunning else { continue }
      let due = startStep(of: a) + Int64(a.length)
      guard due == end, !a.isInterrupted, let o = plan.outcome(from: v.state) else {
        // Finishing otherwise, or due later in this bucket: the general path; else stale.
        if due <= end || views.wheel.bucket(of: due) == index { return i }
        continue
      }
      scratch.noteFinished(c32, &v, shown: shown, &n)
      if let only = plan.only, !only[Int(c32)] {
        // Not restarted (outside a load): settled where it is.
        v.animation = .settled
        r[Int(c32)] = v
        continue
      }
      scratch.restart(c32, &v, to: o, plan, at: end, &n)
      r[Int(c32)] = v
    }
    return range.upperBound
  }

  /// Retires one entry of bucket `index` as the chunked path does, and toggles the view
  /// `restart.toggles` times if it finished (and `restart` restarts it).
  mutating func retireOne(
    _ c32: Int32, bucket index: Int, after previous: Int64, _ restart: Restart
  ) {
    guard retireEntry(c32, bucket: index, after: previous, end: step),
      restart.restarts(c32)
    else { return }
    for _ in 0..<restart.toggles { toggle(Int(c32), cause: restart.cause) }
  }
}

/// Where a lean run gathers its lists before appending each to the scene's in one copy:
/// appending one element at a time checks the list's capacity and uniqueness every time.
/// Its lists lie in the storage of a part's `RetireStore`, kept from step to step.
struct RetireScratch {
  let finished: UnsafeMutableBufferPointer<Int32>
  let dirty: UnsafeMutableBufferPointer<Int32>
  let filed: UnsafeMutableBufferPointer<Int32>
  /// The run's value changes; empty while the scene only counts them (`EventKeeping`).
  let events: UnsafeMutableBufferPointer<ValueChange>
  let listsEvents: Bool

  /// The first `n` value changes written, or none while they are only counted.
  func listedEvents(_ n: Int) -> UnsafeBufferPointer<ValueChange> {
    UnsafeBufferPointer(rebasing: events[..<(listsEvents ? n : 0)])
  }

  /// Lists view `c32`, finishing now, as finished, and as changed where the window shows
  /// it (`CellWindow`), its record `v` flagged so that it is listed once.
  @inline(__always) func noteFinished(
    _ c32: Int32, _ v: inout ViewRecord, shown: CellWindow, _ n: inout Scene.LeanRunCounts
  ) {
    finished[n.finished] = c32
    n.finished &+= 1
    if !v.isDirty && shown.contains(c32) {
      dirty[n.dirty] = c32
      n.dirty &+= 1
      v.isDirty = true
    }
  }

  /// Leaves view `c32` (record `v`) as `o` says after `plan.toggles` toggles at step
  /// `end`: their events, its state and animation, and its filing in the due bucket when
  /// it animates again.
  @inline(__always) func restart(
    _ c32: Int32, _ v: inout ViewRecord, to o: Scene.LeanOutcome, _ plan: Scene.LeanRestart,
    at end: Int64, _ n: inout Scene.LeanRunCounts
  ) {
    if listsEvents {
      let (column, row) = plan.columns.position(of: c32)
      var s = v.state
      for _ in 0..<plan.toggles {
        let new = s.toggled
        events[n.events] = ValueChange(
          cell: c32, column: column, row: row, old: s, new: new, cause: plan.cause, step: end)
        n.events &+= 1
        s = new
      }
    } else {
      n.events &+= plan.toggles
    }
    v.state = o.state
    v.animation = o.animation
    n.selected &+= o.selectedDelta
    if o.animation.isRunning {
      filed[n.filed] = c32
      n.filed &+= 1
    }
  }
}

/// Division of a cell index by the grid's column count as a multiplication and a shift,
/// exact for every 32-bit index and count: the multiplier is ⌈2⁶⁴ / columns⌉, and the
/// quotient is the high word of its product with the index (the bound of Lemire, Kaser
/// and Kurz, "Faster remainder by direct computation", 2019). A hardware division takes
/// tens of cycles, and a restart computes a position for each of tens of thousands of
/// views a step.
struct ColumnDivider: Sendable {
  let columns: UInt64
  /// ⌈2⁶⁴ / columns⌉, or 0 for a single column (2⁶⁴ does not fit; the row is the index).
  let multiplier: UInt64

  init(columns: Int) {
    precondition(columns > 0 && columns <= Int(UInt32.max))
    self.columns = UInt64(columns)
    multiplier = columns == 1 ? 0 : UInt64.max / UInt64(columns) + 1
  }

  /// The column and row of cell `cell` (≥ 0).
  @inline(__always) func position(of cell: Int32) -> (column: Int32, row: Int32) {
    let n = UInt64(UInt32(bitPattern: cell))
    let row = multiplier == 0 ? n : multiplier.multipliedFullWidth(by: n).high
    return (Int32(truncatingIfNeeded: n &- row &* columns), Int32(truncatingIfNeeded: row))
  }
}
