import TickThreads

extension Scene {
  /// Steps with `pool`'s threads: the views fall in `pool.threads` ranges, each with its
  /// part of the completion wheel, and a step retires and restarts each range on a thread
  /// of its own (`retireInParallel`). Nil: one range, on the calling thread. What a step
  /// does is the same for any number of ranges (docs/architecture.md, "Threads").
  public mutating func setWorkers(_ pool: WorkerPool?) {
    workers = pool
    let parts = pool?.threads ?? 1
    guard parts != views.wheel.parts else { return }
    views.wheel = views.wheel.split(views: count, parts: parts)
    views.retiringByPart = []
  }

  /// The fewest entries in a step's bucket that are worth the pool's threads: waking them
  /// and waiting for them costs tens of microseconds, what the calling thread retires a few
  /// thousand views in. Fewer are retired on the calling thread, to the same result.
  static let parallelRetireMinimum = 4_096

  /// What every range's pass of one step reads.
  struct RangeStep {
    var step: Int64
    /// The bucket retired, and each part's number of buckets and their mask.
    var index: Int
    var size: Int
    var mask: Int64
    /// What the views that finish are restarted with; nil: they settle.
    var plan: LeanRestart?
    /// The views restarted, by cell (the plan's `only`, valid for the pass); nil: all.
    var only: UnsafeBufferPointer<Bool>?
    /// The cells listed as changed when they finish: those the window shows.
    var shown: CellWindow
    /// Whether the value changes are listed, or only counted (`EventKeeping`).
    var listsEvents: Bool
  }

  /// What one range of views hands back from a step retired in parallel, in view order:
  /// its lists gathered in a scratch (in its part's `RetireStore`, read until merged), what
  /// it adds to the counts, and the views that take the general path (interrupted, in a
  /// state the lean plan does not take, or finishing late), retired after the parallel
  /// pass, serially.
  struct RangeOutput {
    var scratch: RetireScratch
    var counts = LeanRunCounts()
    var deferred: [Int32] = []

    /// One of the scratch's lists, as far as it is filled.
    func list<T>(_ k: KeyPath<RetireScratch, UnsafeMutableBufferPointer<T>>, _ n: Int)
      -> UnsafeBufferPointer<T>
    {
      UnsafeBufferPointer(rebasing: scratch[keyPath: k][..<n])
    }
  }

  /// Retires the step's bucket (a single step, no groups, no command under way, no wheel
  /// to grow, no view filed overdue) one range of views a thread, restarting the views
  /// that finish as `restart` says, and merges what each range did in view order: the same
  /// `finished`, dirty list, events, records, counts and wheel entries as the serial path.
  /// Returns false, having done nothing, with no pool, a small bucket, or a restart the
  /// lean plan does not take (row styles, many toggles).
  mutating func retireInParallel(after previous: Int64, _ restart: Restart?) -> Bool {
    guard let pool = workers, views.wheel.parts > 1, views.wheel.parts <= pool.threads else {
      return false
    }
    let index = views.wheel.bucket(of: step)
    let entries = views.wheel.count(ofBucket: index)
    guard entries >= parallelMinimum else { return false }
    var plan: LeanRestart?
    if let restart {
      guard let p = LeanRestart(restart, scene: self) else { return false }
      plan = p
    }
    views.stepWork += entries
    // The load's mask is read through a pointer: a copy of the plan holding the array
    // would count a reference to it, from every thread, for every view.
    let only = plan?.only
    plan?.only = nil
    var step = RangeStep(
      step: self.step, index: index, size: views.wheel.size, mask: views.wheel.mask, plan: plan,
      shown: viewport.shown, listsEvents: outbox.lists)
    let outs: [RangeOutput]
    if let only {
      outs = only.withUnsafeBufferPointer { o in
        step.only = o
        return runRanges(pool, step)
      }
    } else {
      outs = runRanges(pool, step)
    }
    for o in outs {
      views.selectedCount += o.counts.selected
      views.animatingCount += o.counts.filed - o.counts.finished
    }
    mergeRanges(outs, after: previous, restart)
    return true
  }

  /// The parallel pass: each part's bucket retired on a thread of its own, writing only its
  /// own views' records and its own part of the wheel.
  private mutating func runRanges(_ pool: WorkerPool, _ step: RangeStep) -> [RangeOutput] {
    let parts = views.wheel.parts
    var outs = (0..<parts).map { k in
      RangeOutput(
        scratch: rangeScratch(part: k).scratch(
          views: views.wheel.count(part: k, bucket: step.index),
          toggles: step.plan?.toggles ?? 0, listingEvents: step.listsEvents))
    }
    if views.retiringByPart.count != parts {
      views.retiringByPart = Array(repeating: [], count: parts)
    }
    // Taken out of the scene, so that the threads write through storage no one else holds.
    var records: [ViewRecord] = []
    var wheel = CompletionWheel.placeholder
    var retiring: [[Int32]] = []
    swap(&records, &views.records)
    swap(&wheel, &views.wheel)
    swap(&retiring, &views.retiringByPart)
    records.withUnsafeMutableBufferPointer { r in
      wheel.withBuckets { b in
        retiring.withUnsafeMutableBufferPointer { entries in
          outs.withUnsafeMutableBufferPointer { o in
            pool.forEachPart(parts) { k in
              Self.retireRange(k, step, b, &entries[k], r, &o[k])
            }
          }
        }
      }
    }
    swap(&records, &views.records)
    swap(&wheel, &views.wheel)
    swap(&retiring, &views.retiringByPart)
    return outs
  }

  /// Part `k`'s pass: takes its bucket `step.index`, sorts it into view order, and for each
  /// entry finishing now, uninterrupted, settles it, or restarts it as `step.plan` says;
  /// files again those due in a later round; drops stale ones; and leaves the rest to the
  /// general path (`deferred`).
  private static func retireRange(
    _ k: Int, _ step: RangeStep, _ buckets: UnsafeMutableBufferPointer<[Int32]>,
    _ entries: inout [Int32], _ r: UnsafeMutableBufferPointer<ViewRecord>,
    _ out: inout RangeOutput
  ) {
    let base = k * step.size
    entries.removeAll(keepingCapacity: true)
    swap(&entries, &buckets[base + step.index])
    // Mostly sorted already (see `Scene.retire`).
    entries.sortIntoViewOrder()
    let scratch = out.scratch
    // Counted in locals, which stay in registers, and handed back once.
    var n = LeanRunCounts()
    var first = 0
    while first < entries.count {
      let chunk = entries[first..<min(first + retiringChunk, entries.count)]
      // Its loads overlap the chunk's cache misses (see `ViewTimelines.countRunning`).
      var running = 0
      for c in chunk where r[Int(c)].animation.isRunning { running &+= 1 }
      if running > 0 {
        for c32 in chunk {
          retireInRange(c32, step, r, scratch, &n, &buckets[base + step.index], &out.deferred)
        }
      }
      first = chunk.endIndex
    }
    out.counts = n
    if let plan = step.plan {
      buckets[base + Int(plan.due & step.mask)].appendSnugly(
        UnsafeBufferPointer(rebasing: scratch.filed[..<n.filed]))
    }
  }

  /// One entry of a range's pass (`retireRange`), its lists gathered in `scratch` and
  /// counted in `n`; `later` is its bucket, for a view due in a later round.
  @inline(__always) private static func retireInRange(
    _ c32: Int32, _ step: RangeStep, _ r: UnsafeMutableBufferPointer<ViewRecord>,
    _ scratch: RetireScratch, _ n: inout LeanRunCounts, _ later: inout [Int32],
    _ deferred: inout [Int32]
  ) {
    let end = step.step
    var v = r[Int(c32)]
    let a = v.animation
    guard a.isRunning else { return }
    let due = end - Int64(Int32(truncatingIfNeeded: end) &- a.start) + Int64(a.length)
    guard due == end else {
      if due < end {
        deferred.append(c32)
      } else if due & step.mask == Int64(step.index) {
        later.append(c32)
      }
      return
    }
    guard !a.isInterrupted else { return deferred.append(c32) }
    var outcome: LeanOutcome?
    if let plan = step.plan, step.only?[Int(c32)] ?? true {
      outcome = plan.outcome(from: v.state)
      if outcome == nil { return deferred.append(c32) }
    }
    scratch.noteFinished(c32, &v, shown: step.shown, &n)
    guard let plan = step.plan, let o = outcome else {
      v.animation = .settled
      r[Int(c32)] = v
      return
    }
    scratch.restart(c32, &v, to: o, plan, at: end, &n)
    r[Int(c32)] = v
  }

  /// Retires the ranges' deferred views through the general path, serially, then merges
  /// every range's lists with theirs in view order.
  private mutating func mergeRanges(
    _ outs: [RangeOutput], after previous: Int64, _ restart: Restart?
  ) {
    let index = views.wheel.bucket(of: step)
    let dirtyBase = outbox.dirty.count
    let eventBase = outbox.events.count
    for o in outs {
      for c32 in o.deferred {
        if let restart {
          retireOne(c32, bucket: index, after: previous, restart)
        } else {
          retireEntry(c32, bucket: index, after: previous, end: step)
        }
      }
    }
    let finished = outs.map { $0.list(\.finished, $0.counts.finished) }
    if views.finished.isEmpty {
      // Nothing deferred finished (the usual case): the ranges' lists, one after another.
      for f in finished {
        views.finished.append(contentsOf: f)
        views.finishedDue.append(contentsOf: repeatElement(step, count: f.count))
      }
    } else {
      let ranges = finished.map { f in f.map { FinishedView(cell: $0, due: step) } }
      var general = zip(views.finished, views.finishedDue).map { FinishedView(cell: $0, due: $1) }
      Self.merge(&general, from: 0, ranges) { $0.cell }
      views.finished = general.map(\.cell)
      views.finishedDue = general.map(\.due)
    }
    Self.merge(&outbox.dirty, from: dirtyBase, outs.map { $0.list(\.dirty, $0.counts.dirty) }) {
      $0
    }
    guard outbox.lists else {
      for o in outs { outbox.counted += o.counts.events }
      return
    }
    Self.merge(&outbox.events, from: eventBase, outs.map { $0.list(\.events, $0.counts.events) }) {
      Int32($0.cell)
    }
  }

  /// A view `advance` finished, and the step it was due.
  private struct FinishedView {
    var cell: Int32
    var due: Int64
  }

  /// Merges `list[base...]` (in view order) with `parts`' lists (each in view order, the
  /// parts in order of their views) by `cell`: a view is in one of them only, and each
  /// list keeps its own order (a view's events stay together, in the order they happened).
  private static func merge<T, Part: Collection<T>>(
    _ list: inout [T], from base: Int, _ parts: [Part], cell: (T) -> Int32
  ) {
    guard base < list.count else {
      list.reserveCapacity(list.count + parts.reduce(0) { $0 + $1.count })
      for p in parts { list.append(contentsOf: p) }
      return
    }
    let general = Array(list[base...])
    list.removeSubrange(base...)
    var g = 0
    for p in parts {
      for x in p {
        while g < general.count, cell(general[g]) < cell(x) {
          list.append(general[g])
          g += 1
        }
        list.append(x)
      }
    }
    list.append(contentsOf: general[g...])
  }
}
