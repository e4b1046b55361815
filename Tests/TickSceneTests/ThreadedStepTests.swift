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
  static func run(threads: Int, deselect: DeselectMode = .animate) -> (Run, Scene) {
    var style = TickStyle()
    style.deselect = deselect
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 512, windowHeight: 400, cell: 8, gap: 0, columns: 64, rows: 50), style: style)
    scene.setWorkers(WorkerPool(threads: threads))
    scene.parallelMinimum = 0
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
