extension Scene {
  /// The scene's timeline now, for `restore(_:)`: O(views) to read (a pass over the
  /// records), and `SceneSnapshot.byteCount` to keep — a quarter byte a view, 16 bytes an
  /// animating view, plus the side tables.
  public func snapshot() -> SceneSnapshot {
    var none: SnapshotArrays? = nil
    return snapshot(reusing: &none)
  }

  /// `snapshot()`, written into `spent` (the arrays of a snapshot no longer wanted,
  /// `SceneSnapshot.spend()`, or a spare), which this takes, leaving nil: their storage is
  /// kept where it is large enough and not much larger (`SnapshotArrays.reserve`).
  ///
  /// With workers (`setWorkers`) the pass runs one range of views a thread; the snapshot
  /// is the same either way (`restore` reads the ranges in order).
  public func snapshot(reusing spent: inout SnapshotArrays?) -> SceneSnapshot {
    var arrays = spent.take() ?? SnapshotArrays()
    let ranges = snapshotRanges()
    if arrays.running.count != ranges.count {
      arrays.running = Array(repeating: RunningList(), count: ranges.count)
    }
    SnapshotArrays.reserve(&arrays.states, packedByteCount)
    SnapshotArrays.fill(&arrays.states, to: packedByteCount, filler: 0)
    gather(ranges, states: &arrays.states, running: &arrays.running)
    views.wheel.flatten(into: &arrays.wheel)
    return SceneSnapshot(scene: timelineOnly(), arrays: arrays)
  }

  /// The ranges of views a snapshot gathers, each on a thread of the pool: the parts of
  /// the completion wheel, which start on whole packed bytes (`CompletionWheel.partAlignment`)
  /// and whose entries bound each range's animating views (`snapshotSize`). Without a
  /// pool, one.
  func snapshotRanges() -> [Range<Int>] {
    let wheel = views.wheel
    guard wheel.parts > 1, wheel.parts <= workers?.threads ?? 1 else { return [0..<count] }
    return (0..<wheel.parts).map { wheel.cells(ofPart: $0, count: count) }
  }

  /// Packs the values of `ranges` into `states` and gathers their animating views into
  /// `running` (one list a range), each range on a thread of the pool: a first pass packs
  /// and counts, then a second sizes each range's lists and gathers.
  private func gather(_ ranges: [Range<Int>], states: inout [UInt8], running: inout [RunningList]) {
    var counts = [Int](repeating: 0, count: ranges.count)
    views.records.withUnsafeBufferPointer { r in
      states.withUnsafeMutableBufferPointer { packed in
        counts.withUnsafeMutableBufferPointer { n in
          forEachRange(ranges.count) { k in
            let lo = ranges[k].lowerBound
            n[k] = Self.pack(
              UnsafeBufferPointer(rebasing: r[ranges[k]]),
              into: UnsafeMutableBufferPointer(
                rebasing: packed[(lo / SceneSnapshot.statesPerByte)...]))
          }
        }
      }
      // One slot beyond the last kept one takes the writes after it. The storage is made
      // here (`SnapshotArrays.reserve`), its pages written on each range's own thread.
      for k in running.indices { running[k].reserve(counts[k] + 1) }
      running.withUnsafeMutableBufferPointer { lists in
        forEachRange(ranges.count) { k in
          lists[k].fill(to: counts[k] + 1)
          Self.gatherRunning(r, ranges[k], expected: counts[k], into: &lists[k])
        }
      }
    }
  }

  /// Runs `body(k)` for k in 0 ..< `parts`: on the pool's threads with more than one.
  private func forEachRange(_ parts: Int, _ body: (Int) -> Void) {
    if parts > 1, let pool = workers {
      pool.forEachPart(parts, body)
    } else {
      for k in 0..<parts { body(k) }
    }
  }

  /// The scene with no view records, pending events, dirty list, step scratch or wheel
  /// entries: what a snapshot keeps of it besides its arrays (shared copy-on-write).
  private func timelineOnly() -> Scene {
    var copy = self
    copy.views.records = []
    copy.outbox.events = []
    copy.outbox.dirty = []
    copy.views.retiring = []
    copy.views.retiringByPart = []
    copy.views.retireStores = []
    copy.views.finished = []
    copy.views.finishedDue = []
    copy.views.wheel = CompletionWheel(covering: 0)
    return copy
  }

  /// Fills `list` (sized `expected` + 1) with the animating views of `range`, in grid
  /// order, and their animations, then trims it to them.
  ///
  /// With no branch: every record is written to the next slot, which moves on only when
  /// the record runs. With half the views animating at random a branch on each record is
  /// mispredicted half the time, and that pass took 70 ms of a 16-million-view snapshot.
  private static func gatherRunning(
    _ r: UnsafeBufferPointer<ViewRecord>, _ range: Range<Int>, expected: Int,
    into list: inout RunningList
  ) {
    var kept = 0
    list.cells.withUnsafeMutableBufferPointer { cells in
      list.animations.withUnsafeMutableBufferPointer { animations in
        for c in range {
          cells[kept] = Int32(truncatingIfNeeded: c)
          animations[kept] = r[c].animation
          // Clamped so that a count out of step with the records cannot write past the
          // lists; the first pass counted these very records.
          kept = min(kept &+ (r[c].animation.isRunning ? 1 : 0), expected)
        }
      }
    }
    list.fill(to: kept)
  }

  /// Packs the records' values into `packed`, four to a byte (`SceneSnapshot.statesPerByte`)
  /// with no branch, and counts the animating ones: the snapshot's first pass.
  static func pack(
    _ r: UnsafeBufferPointer<ViewRecord>, into packed: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    let bits = UInt8(SceneSnapshot.stateBits)
    let whole = r.count / SceneSnapshot.statesPerByte
    var running = 0
    for b in 0..<whole {
      let c = b &* SceneSnapshot.statesPerByte
      packed[b] =
        r[c].state.rawValue | r[c &+ 1].state.rawValue &<< bits
        | r[c &+ 2].state.rawValue &<< (2 &* bits) | r[c &+ 3].state.rawValue &<< (3 &* bits)
      running &+= (r[c].animation.isRunning ? 1 : 0) &+ (r[c &+ 1].animation.isRunning ? 1 : 0)
      running &+= (r[c &+ 2].animation.isRunning ? 1 : 0) &+ (r[c &+ 3].animation.isRunning ? 1 : 0)
    }
    guard whole * SceneSnapshot.statesPerByte < r.count else { return running }
    var last: UInt8 = 0
    var shift: UInt8 = 0
    for c in (whole * SceneSnapshot.statesPerByte)..<r.count {
      last |= r[c].state.rawValue &<< shift
      shift &+= bits
      running &+= r[c].animation.isRunning ? 1 : 0
    }
    packed[whole] = last
    return running
  }
}
