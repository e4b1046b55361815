import TickAnimation

extension ViewState {
  /// The value a toggle gives: off → on; on or mixed → off.
  @inline(__always) public var toggled: ViewState { self == .off ? .on : .off }
}

extension Scene {
  /// How `advance` restarts the views that finish: toggled `toggles` times with `cause`.
  struct Restart {
    var toggles: Int
    var cause: ValueChange.Cause
    /// The views it restarts, by cell; nil: every view that finishes. A load (`LoadDriver`)
    /// restarts its own views and lets the others (clicked, rained on) settle.
    var only: [Bool]?
    /// What the toggles do to a view just settled, when the lean path may do them
    /// (`planRestart`).
    var fresh: FreshRestart?

    /// Whether view `c` is restarted when it finishes.
    @inline(__always) func restarts(_ c: Int32) -> Bool { only?[Int(c)] ?? true }
  }

  /// What `toggles` toggles do to a view that has just settled, worked out once a step for
  /// every view it restarts: a toggle from rest starts the same animation in every view of
  /// one style, so a restart needs no plan of its own, only the view's state.
  ///
  /// The lean path (`restartFresh`) applies to a view whose every toggle but the last
  /// settles at once: none of them interrupts an animation, so none reads a look.
  struct FreshRestart {
    var toggles: Int
    var cause: ValueChange.Cause
    /// The animation a toggle from rest starts, by the raw value of the state it leaves
    /// (`.settled` when it settles at once).
    var started: InlineArray<3, AnimationRecord>
    /// Whether a view settled in a state (by raw value) takes the lean path: every toggle
    /// but the last settles at once, and the last starts an animation due at `due` or none.
    var isLean: InlineArray<3, Bool>
    /// The step every animation the lean path starts is due (they are all one length).
    var due: Int64

    /// Whether a view settled in `s` takes the lean path.
    @inline(__always) func isLean(_ s: ViewState) -> Bool { isLean[Int(s.rawValue)] }

    /// The animation a toggle from `s` starts.
    @inline(__always) func started(from s: ViewState) -> AnimationRecord {
      started[Int(s.rawValue)]
    }
  }

  /// `restart` with its lean plan, when every view's style is the scene's (a gallery's rows
  /// each have their own).
  func planRestart(_ restart: Restart) -> Restart {
    guard rowStyles.isEmpty, restart.toggles > 0 else { return restart }
    var started = InlineArray<3, AnimationRecord>(repeating: .settled)
    for s in ViewState.allCases {
      // Cell 0 stands for every view: with no row styles, every view has the scene's style.
      started[Int(s.rawValue)] =
        freshAnimation(0, from: s, to: s.toggled, kind: nil, startShift: 0) ?? .settled
    }
    var isLean = InlineArray<3, Bool>(repeating: true)
    for s in ViewState.allCases {
      var state = s
      for k in 0..<restart.toggles {
        let r = started[Int(state.rawValue)]
        let last = k == restart.toggles - 1
        if r.isRunning && (!last || Int64(r.length) != durationSteps) {
          isLean[Int(s.rawValue)] = false
        }
        state = state.toggled
      }
    }
    var r = restart
    r.fresh = FreshRestart(
      toggles: restart.toggles, cause: restart.cause, started: started, isLean: isLean,
      due: step + durationSteps)
    return r
  }

  /// Toggles each view of `finished[first...]` that `restart` restarts, all just settled,
  /// `restart.toggles` times: a run of views that take the lean path at once
  /// (`restartFresh`), any other through `toggle`, in order.
  ///
  /// Toggling a chunk's views after retiring the whole chunk is the same as toggling each as
  /// it retires: a toggle touches only its own view (no groups, no command under way) and
  /// files it in a bucket ahead, never in the one being retired.
  mutating func restartFinished(from first: Int, part k: Int, _ restart: Restart) {
    var i = first
    while i < views.finished.count {
      guard restart.restarts(views.finished[i]) else {
        i += 1
        continue
      }
      if let fresh = restart.fresh {
        var end = i
        while end < views.finished.count, restart.restarts(views.finished[end]),
          fresh.isLean(views.records[Int(views.finished[end])].state)
        {
          end += 1
        }
        if end > i {
          restartFresh(i..<end, part: k, fresh)
          i = end
          continue
        }
      }
      for _ in 0..<restart.toggles { toggle(Int(views.finished[i]), cause: restart.cause) }
      i += 1
    }
  }

  /// Toggles the views `finished[range]`, each settled in a state `fresh` takes the lean
  /// path from, exactly as `toggle` would: the same states, animations, wheel entries and
  /// events in the same order. The views are already in the dirty list (retired), and all
  /// in part `k` of the wheel.
  ///
  /// It writes through the storage of the records, the events and the due bucket, taken
  /// out of the scene for the run, so that no write checks that storage is unshared, and
  /// it makes room for the run's events at once.
  mutating func restartFresh(_ range: Range<Int>, part k: Int, _ fresh: FreshRestart) {
    var recs: [ViewRecord] = []
    var evs: [ValueChange] = []
    var due: [Int32] = []
    swap(&recs, &views.records)
    swap(&evs, &outbox.events)
    views.wheel.exchange(part: k, bucketOf: fresh.due, with: &due)
    let firstEvent = evs.count
    let listing = outbox.lists
    evs.append(
      contentsOf: repeatElement(
        ValueChange(cell: 0, column: 0, row: 0, old: .off, new: .off, cause: fresh.cause, step: 0),
        count: listing ? range.count * fresh.toggles : 0))
    var counts = RestartCounts()
    recs.withUnsafeMutableBufferPointer { r in
      evs.withUnsafeMutableBufferPointer { e in
        var k = firstEvent
        for c32 in views.finished[range] {
          let c = Int(c32)
          let (column, row) = layout.position(of: c)
          var s = r[c].state
          var started = AnimationRecord.settled
          for _ in 0..<fresh.toggles {
            let new = s.toggled
            counts.selected += (new == .on ? 1 : 0) - (s == .on ? 1 : 0)
            if listing {
              e[k] = ValueChange(
                cell: c, column: column, row: row, old: s, new: new, cause: fresh.cause,
                step: step)
              k += 1
            }
            started = fresh.started(from: s)
            s = new
          }
          r[c].state = s
          if started.isRunning {
            r[c].animation = started
            counts.animating += 1
            due.append(c32)
          }
        }
      }
    }
    swap(&recs, &views.records)
    swap(&evs, &outbox.events)
    if !listing { outbox.counted += range.count * fresh.toggles }
    views.wheel.exchange(part: k, bucketOf: fresh.due, with: &due)
    views.selectedCount += counts.selected
    views.animatingCount += counts.animating
  }

  /// What a lean run of restarts changes in the scene's counts.
  private struct RestartCounts {
    var selected = 0
    var animating = 0
  }
}
