import Testing
import TickAnimation
import TickThreads

@testable import TickScene

/// A step split by ranges of views over a worker pool (`Scene.retireInParallel`) does what
/// the calling thread alone does: the same events in the same order, the same `finished`,
/// the same records, for any number of threads.
@Suite struct ThreadedStepTests {
  /// Everything a run of steps reports and leaves.
  struct Run: Equatable {
    var events: [ValueChange] = []
    /// The value changes pending after each step, listed or only counted.
    var eventCounts: [Int] = []
    var finished: [[Int32]] = []
    var dues: [[Int64]] = []
    var dirty: [Int32] = []
    var states: [UInt8] = []
    var animating = 0
    var selected = 0
  }

  /// A 64 × 50 grid stepped 400 times with rain (interrupting animations, which take the
  /// general path), restarts of one and two toggles, a load's mask, plain steps and jumps
  /// of several steps, the scene's step split over a pool of `threads`.
  static func run(
    threads: Int, deselect: DeselectMode = .animate, events: EventKeeping = .listed
  ) -> (Run, Scene) {
    var style = TickStyle()
    style.deselect = deselect
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 512, windowHeight: 400, cell: 8, gap: 0, columns: 64, rows: 50), style: style)
    scene.setWorkers(WorkerPool(threads: threads))
    scene.parallelMinimum = 0
    scene.keepEvents(events)
    var stress = StressDriver(seed: 7)
    stress.rainRate = 2_000
    var rng = SplitMix64(seed: 11)
    var only = [Bool](repeating: false, count: scene.count)
    for c in only.indices { only[c] = rng.next() % 4 != 0 }
    var run = Run()
    var changes = SceneChanges()
    for s in 0..<400 {
      stress.step(&scene)
      if s < Int(scene.durationSteps) {
        for c in stride(from: s, to: scene.count, by: Int(scene.durationSteps)) {
          scene.toggle(c, cause: .stress)
        }
      }
      switch s % 10 {
      case 3: scene.advance(steps: 1)
      case 5: scene.advance(steps: 1, togglingFinished: 2, cause: .stress)
      case 7: scene.advance(steps: 1, togglingFinished: 1, cause: .stress, only: only)
      case 9 where s % 100 == 99: scene.advance(steps: 3, togglingFinished: 1, cause: .stress)
      default: scene.advance(steps: 1, togglingFinished: 1, cause: .stress)
      }
      run.finished.append(scene.finished)
      run.dues.append(scene.views.finishedDue)
      run.eventCounts.append(scene.pendingEventCount)
      run.events += scene.drainEvents()
      scene.takeChanges(into: &changes)
      run.dirty += changes.cells
    }
    run.states = scene.packedStates()
    run.animating = scene.animatingCount
    run.selected = scene.selectedCount
    return (run, scene)
  }

  @Test(arguments: [DeselectMode.animate, .instant, .reverse])
  func oneTwoAndFourThreadsStepAlike(deselect: DeselectMode) {
    let (one, scene) = Self.run(threads: 1, deselect: deselect)
    #expect(one.events.count > 10_000)
    for threads in [2, 4] {
      let (other, s) = Self.run(threads: threads, deselect: deselect)
      #expect(other == one, "\(threads) threads")
      #expect(s.sameTimeline(as: scene), "\(threads) threads")
      #expect(s.views.stepWork == scene.views.stepWork)
    }
  }

  /// A step lists the views it finished by the step they were due, then in view order,
  /// whatever the number of threads.
  @Test func aStepListsItsViewsInViewOrder() {
    let (run, _) = Self.run(threads: 4)
    for (f, d) in zip(run.finished, run.dues) {
      let keys = zip(d, f).map { [Int64($0), Int64($1)] }
      #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    }
  }
}

/// A scene that only counts its value changes (`EventKeeping.counted`, play without
/// `--events`) steps exactly as one that lists them, on every path, and counts as many.
@Suite struct EventKeepingTests {
  @Test(arguments: [1, 2])
  func countingStepsAsListingDoes(threads: Int) {
    let (listed, scene) = ThreadedStepTests.run(threads: threads)
    let (counted, other) = ThreadedStepTests.run(threads: threads, events: .counted)
    #expect(counted.events.isEmpty)
    #expect(counted.eventCounts == listed.eventCounts)
    #expect(listed.eventCounts.reduce(0, +) == listed.events.count)
    var withoutEvents = listed
    withoutEvents.events = []
    #expect(counted == withoutEvents)
    #expect(other.sameTimeline(as: scene))
  }

  @Test func countsAreDrainedDiscardedDroppedAndInserted() {
    var scene = Scene(
      layout: GridLayout(windowWidth: 80, windowHeight: 80, cell: 8, gap: 0, columns: 10, rows: 10),
      style: TickStyle())
    scene.toggle(1, cause: .click)
    scene.keepEvents(.counted)
    #expect(scene.events.isEmpty)
    #expect(scene.pendingEventCount == 1, "the pending list becomes a count")
    scene.toggle(2, cause: .click)
    scene.setState(2, .on, cause: .click)  // the value it has: no change
    #expect(scene.pendingEventCount == 2)
    scene.dropEvents(after: 1)
    #expect(scene.pendingEventCount == 1)
    scene.insertEvents(scene.changes(since: scene.packedStates(), cause: .history), at: 0)
    scene.toggle(3, cause: .click)
    #expect(scene.drainEvents().isEmpty)
    #expect(scene.pendingEventCount == 0)
    scene.toggle(4, cause: .click)
    #expect(scene.discardEvents() == 1)
    scene.toggle(5, cause: .click)
    scene.keepEvents(.listed)
    #expect(scene.pendingEventCount == 0, "a count is no list: listing starts afresh")
    scene.toggle(6, cause: .click)
    #expect(scene.events.map(\.cell) == [6])
  }

  /// A copy of a scene stepped on a pool shares its ranges' stores until it steps: two
  /// copies stepped at once, on two threads, each with a pool of its own, step as the
  /// scene alone does. (Sharing a store, they would write each other's lists: enough views
  /// that the two overlap for most of their steps.)
  @Test func copiesStepApartAtOnce() {
    var a = Scene(
      layout: GridLayout(
        windowWidth: 512, windowHeight: 400, cell: 8, gap: 0, columns: 256, rows: 200),
      style: TickStyle())
    a.setWorkers(WorkerPool(threads: 2))
    a.parallelMinimum = 0
    for c in 0..<a.count { a.toggle(c, cause: .stress) }
    // Single steps, each in parallel: the stores exist before the copies are made.
    for _ in 0..<3 { a.advance(steps: 1, togglingFinished: 2, cause: .stress) }
    #expect(a.views.retireStores.count == 2)
    a.discardEvents()
    var copies = [a, a]
    copies[1].setWorkers(WorkerPool(threads: 2))
    let steps = Int(a.durationSteps) * 3
    var finished: [[[Int32]]] = [[], []]
    copies.withUnsafeMutableBufferPointer { scenes in
      finished.withUnsafeMutableBufferPointer { lists in
        WorkerPool(threads: 2).forEachPart(2) { k in
          for _ in 0..<steps {
            scenes[k].advance(steps: 1, togglingFinished: 2, cause: .stress)
            lists[k].append(scenes[k].finished)
          }
        }
      }
    }
    var alone: [[Int32]] = []
    for _ in 0..<steps {
      a.advance(steps: 1, togglingFinished: 2, cause: .stress)
      alone.append(a.finished)
    }
    #expect(alone.reduce(0) { $0 + $1.count } > 2 * a.count)
    let events = a.drainEvents()
    // Each stepped in storage of its own.
    let stores = ([a] + copies).map { ObjectIdentifier($0.views.retireStores[0]) }
    #expect(Set(stores).count == 3)
    for k in 0..<2 {
      #expect(finished[k] == alone, "copy \(k)")
      #expect(copies[k].sameTimeline(as: a), "copy \(k)")
      let same = copies[k].drainEvents() == events
      #expect(same, "copy \(k)")
    }
  }
}
