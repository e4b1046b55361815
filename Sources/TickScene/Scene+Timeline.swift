/// A scene's timeline at one step, kept small enough to hold many of: every view's value
/// packed 2 bits a view, and only the animating views' records; the rest of the scene's
/// state (style, groups, the interruptions' side table, the completion wheel, the step)
/// as the scene holds it, shared copy-on-write with the scene until either changes.
///
/// What it leaves out is the view — the layout (zoom, pan, window), the dock and the
/// pointer (hover, press, focus) — which `Scene.restore(_:)` keeps as it is live, and what
/// is reported but not yet taken (events, dirty cells).
public struct SceneSnapshot: Sendable {
  /// The scene with no view records (the `records` array emptied, so that the snapshot
  /// does not keep a million-view array alive), no pending events and no dirty list.
  var scene: Scene
  /// The values, the animating views and the wheel's entries (`SnapshotArrays`).
  var arrays: SnapshotArrays

  /// Every view's value, four to a byte (`ViewState.rawValue`, 2 bits each).
  var states: [UInt8] { arrays.states }
  /// The animating views, in grid order, and their animations: one list for each range
  /// of views the snapshot was gathered in, in order (`Scene.snapshotRanges`).
  var running: [RunningList] { arrays.running }
  /// The completion wheel's entries, flat (the scene's own wheel is left empty).
  var wheel: FlatWheel { arrays.wheel }

  /// Whether its arrays' storage holds a snapshot of `size` (`SnapshotArrays.holds`).
  public func holds(_ size: SnapshotArrays.Size) -> Bool { arrays.holds(size) }

  /// Gives up the snapshot for its arrays' storage (`Scene.snapshot(reusing:)`).
  public consuming func spend() -> SnapshotArrays { arrays }

  /// The step it was taken at.
  public var step: Int64 { scene.step }

  /// Bytes it holds of its own: the packed values, the animating views' cells and
  /// records, the interruptions' table, the completion wheel's entries (4 bytes each, and
  /// 4 a bucket), the groups and the scene's
  /// fixed part. A bound, not an exact count: a table shared with the live scene (before
  /// the scene changes it) is counted here too.
  public var byteCount: Int {
    let interruptionBytes =
      scene.views.interruptions.capacity
      * (MemoryLayout<Int32>.stride + MemoryLayout<Interruption>.stride)
    return MemoryLayout<Scene>.size + arrays.byteCount
      + interruptionBytes + scene.groups.capacity * MemoryLayout<RadioGroup>.stride
  }

  /// Values packed into one byte.
  static let statesPerByte = 4
  /// Bits one packed value takes (`ViewState` has three cases).
  static let stateBits = 2
}

/// What a step back keeps of the live scene (`Scene.view`, `Scene.adoptView`): the view
/// (the viewport and the pointer) and the events not yet taken.
public struct SceneView: Sendable {
  var viewport: Viewport
  var pointer: Pointer
  var outbox: Outbox
}

extension Scene {
  /// Settled records with the values `packed` holds (see `pack`), looked up by their two
  /// bits with no branch.
  private static func unpack(
    _ packed: UnsafeBufferPointer<UInt8>, into r: UnsafeMutableBufferPointer<ViewRecord>
  ) {
    // Index 3 is never written; read as off, as `ViewState(rawValue:)` would refuse it.
    let settled = [ViewState.off, .on, .mixed, .off].map {
      ViewRecord(animation: .settled, state: $0)
    }
    let mask = UInt8(1 << SceneSnapshot.stateBits - 1)
    let bits = UInt8(SceneSnapshot.stateBits)
    settled.withUnsafeBufferPointer { table in
      for c in r.indices {
        let byte = packed[c / SceneSnapshot.statesPerByte]
        let shift = UInt8(truncatingIfNeeded: c % SceneSnapshot.statesPerByte) &* bits
        r[c] = table[Int(byte &>> shift & mask)]
      }
    }
  }

  /// Puts the timeline of `snapshot` back: values, animations, style, groups, the step.
  /// The view stays as it is now (`view`: the viewport, with the layout, the dock and its
  /// fit, the margins, `homeFits` and when the cell size last changed, and the pointer),
  /// and so do the events not yet taken; everything is redrawn. The records are rewritten
  /// in place, O(views), with no allocation.
  public mutating func restore(_ snapshot: SceneSnapshot) {
    precondition(snapshot.scene.count == count, "a snapshot of another grid")
    var kept = [ViewRecord]()
    swap(&kept, &views.records)
    var keptWheel = CompletionWheel(covering: 0)
    swap(&keptWheel, &views.wheel)
    // The view and the pending value changes stay; the dirty list is the snapshot's
    // (empty): the records are rebuilt, and everything is changed.
    var live = view
    live.outbox.dirty = snapshot.scene.outbox.dirty
    self = snapshot.scene
    adoptView(live)
    kept.withUnsafeMutableBufferPointer { r in
      snapshot.states.withUnsafeBufferPointer { Self.unpack($0, into: r) }
      for list in snapshot.running {
        for (c, a) in zip(list.cells, list.animations) { r[Int(c)].animation = a }
      }
    }
    views.records = kept
    keptWheel.refill(from: snapshot.wheel)
    views.wheel = keptWheel
    outbox.changedEverything = true
  }

  /// Takes `other`'s timeline: a step back worked out on another thread, on a scene that
  /// took this one's view (`adoptView`). This scene keeps its view (the viewport and
  /// the pointer, as `restore` keeps them), its threads and the events not yet taken, and
  /// everything is redrawn; `other` gets this scene's timeline, and its storage to reuse.
  /// Each dirty list stays with the records whose flags it lists. O(1): nothing is copied.
  public mutating func exchangeTimeline(with other: inout Scene) {
    swap(&self, &other)
    swap(&viewport, &other.viewport)
    swap(&pointer, &other.pointer)
    swap(&workers, &other.workers)
    swap(&outbox.dirty, &other.outbox.dirty)
    swap(&outbox, &other.outbox)
    setWorkers(workers)  // the wheel's parts, should the other's pool have had fewer threads
    outbox.changedEverything = true
  }

  /// This scene's view (the viewport and the pointer) and its events not yet taken: what a
  /// step back on another thread keeps of the live scene (`adoptView`).
  public var view: SceneView { SceneView(viewport: viewport, pointer: pointer, outbox: outbox) }

  /// Takes `view` on this scene's timeline, which is to be restored whole (`restore`, which
  /// also clears the dirty list and flags): where a step back on another thread starts.
  public mutating func adoptView(_ view: SceneView) {
    precondition(view.viewport.layout.count == count, "a view of another grid")
    viewport = view.viewport
    pointer = view.pointer
    outbox = view.outbox
  }

  /// Writes every record once, settled and off: storage made by `seekingCopy` is then
  /// resident, the kernel's cost of fresh pages paid on the calling thread rather than in
  /// the step back that restores into it (500 ms at 16 million views).
  public mutating func touchRecords() {
    let settled = ViewRecord(animation: .settled, state: .off)
    views.records.withUnsafeMutableBufferPointer { $0.update(repeating: settled) }
  }

  /// A scene for a step back on another thread to restore into (`restore`): this one, but
  /// with record storage of its own, unwritten, and an empty completion wheel. It shares
  /// no storage `restore` writes with this scene, which the main thread writes meanwhile
  /// (a hover flags views dirty): a shared array would be copied whole on the first write.
  public func seekingCopy() -> Scene {
    var copy = self
    let n = count
    // Every record is written by `restore` before any is read.
    copy.views.records = [ViewRecord](unsafeUninitializedCapacity: n) { _, written in
      written = n
    }
    copy.views.wheel = CompletionWheel(covering: 0)
    return copy
  }

  /// Every view's value, four to a byte, as a snapshot holds them (`SceneSnapshot.states`).
  public func packedStates() -> [UInt8] {
    var states = [UInt8](repeating: 0, count: packedByteCount)
    views.records.withUnsafeBufferPointer { r in
      states.withUnsafeMutableBufferPointer { _ = Self.pack(r, into: $0) }
    }
    return states
  }

  /// Bytes the views' values take packed.
  var packedByteCount: Int {
    (count + SceneSnapshot.statesPerByte - 1) / SceneSnapshot.statesPerByte
  }

  /// The value changes that take every view from its value in `packed` (`packedStates`) to
  /// its value now, each with `cause` at the present step: what makes a stream of events
  /// that told of `packed` tell of now. In grid order.
  public func changes(since packed: [UInt8], cause: ValueChange.Cause) -> [ValueChange] {
    precondition(packed.count * SceneSnapshot.statesPerByte >= count, "states of another grid")
    var out: [ValueChange] = []
    let mask = UInt8(1 << SceneSnapshot.stateBits - 1)
    let bits = UInt8(SceneSnapshot.stateBits)
    let now = packedStates()
    for b in packed.indices where packed[b] != now[b] {
      for k in 0..<SceneSnapshot.statesPerByte {
        let c = b * SceneSnapshot.statesPerByte + k
        let shift = UInt8(k) * bits
        let was = packed[b] >> shift & mask
        let state = now[b] >> shift & mask
        guard c < count, was != state else { continue }
        let (column, row) = layout.position(of: c)
        out.append(
          ValueChange(
            cell: c, column: column, row: row, old: ViewState(rawValue: was) ?? .off,
            new: ViewState(rawValue: state) ?? .off, cause: cause, step: step))
      }
    }
    return out
  }

  /// How many views' values differ from those in `packed` (`packedStates`): the changes
  /// `changes(since:cause:)` lists, counted, for a scene that only counts its events (at
  /// 16 million views the list would take 400 MB).
  public func changeCount(since packed: [UInt8]) -> Int {
    precondition(packed.count * SceneSnapshot.statesPerByte >= count, "states of another grid")
    let now = packedStates()
    // The low bit of each view's pair, set where either of its two bits differs.
    let lowBits = UInt8(0x55)
    var n = 0
    for b in now.indices where packed[b] != now[b] {
      let x = packed[b] ^ now[b]
      n += Int(((x | x >> 1) & lowBits).nonzeroBitCount)
    }
    return n
  }

  /// Puts `changes` among the pending value changes, before the one at `index` (clamped to
  /// those pending).
  public mutating func insertEvents(_ changes: [ValueChange], at index: Int) {
    guard outbox.lists else { return outbox.counted += changes.count }
    outbox.events.insert(contentsOf: changes, at: min(max(index, 0), outbox.events.count))
  }

  /// Counts `n` more pending value changes, for a scene that only counts them.
  public mutating func countEvents(_ n: Int) {
    precondition(!outbox.lists, "listed events are inserted (insertEvents)")
    outbox.counted += n
  }

  /// Forgets the value changes reported after the first `count` pending ones: those a
  /// re-simulation made again, which were reported when they first happened.
  public mutating func dropEvents(after count: Int) {
    guard outbox.lists else { return outbox.counted = min(outbox.counted, max(count, 0)) }
    guard outbox.events.count > count else { return }
    outbox.events.removeSubrange(count...)
  }

  /// Sets the layout as it is, with none of `setLayout`'s side effects (keeping the grid
  /// in the window, noting a size change): a re-simulation applies each recorded input in
  /// the layout it was applied in, and then puts the live one back.
  public mutating func withLayout<R>(_ l: GridLayout, _ body: (inout Scene) -> R) -> R {
    precondition(l.count == count, "a layout must keep the views")
    let live = layout
    layout = l
    defer { layout = live }
    return body(&self)
  }

  /// Sets the pointer state as a recorded input found it (see `withLayout`).
  public mutating func setPointer(_ p: Pointer) { pointer = p }

  /// Whether `other` has the same timeline: the step, every view's value and animation,
  /// the interruptions' looks, the groups, the style and the counts. The view (layout,
  /// pointer) and what is reported (events, dirty cells) are not compared, nor the
  /// completion wheel's order of stale entries, which no result depends on.
  public func sameTimeline(as other: Scene) -> Bool {
    guard step == other.step, count == other.count, style == other.style,
      durationSteps == other.durationSteps, groups == other.groups,
      views.selectedCount == other.views.selectedCount,
      views.animatingCount == other.views.animatingCount,
      views.interruptions.count == other.views.interruptions.count
    else { return false }
    for (c, i) in views.interruptions {
      guard let o = other.views.interruptions[c], o.from == i.from, o.to == i.to,
        o.velocity == i.velocity
      else { return false }
    }
    return views.records.withUnsafeBufferPointer { a in
      other.views.records.withUnsafeBufferPointer { b in
        for c in a.indices where !sameView(a[c], b[c], other) { return false }
        return true
      }
    }
  }

  private func sameView(_ a: ViewRecord, _ b: ViewRecord, _ other: Scene) -> Bool {
    guard a.state == b.state, a.animation.isRunning == b.animation.isRunning else {
      return false
    }
    guard a.animation.isRunning else { return true }
    let x = a.animation
    let y = b.animation
    return startStep(of: x) == other.startStep(of: y) && x.length == y.length
      && x.kind == y.kind && x.from == y.from && x.isInterrupted == y.isInterrupted
      && x.isCached == y.isCached
  }
}
