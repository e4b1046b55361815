import Testing
import TickThreads

@testable import TickScene

/// A snapshot is the same however it was taken: in ranges over a worker pool or on one
/// thread, into fresh arrays, into the arrays of a spent snapshot larger or smaller than it
/// needs, or into a spare made on another thread (`SnapshotSpares`); and restoring it
/// gives back the timeline it was taken from.
@Suite struct SnapshotTests {
  /// A 614 × 321 grid: 197,094 views, two past a whole packed byte, in a part of the wheel
  /// a thread of `threads` (a range of the snapshot each). Every third view
  /// animates, at phases spread over a transition, restarted as it finishes.
  static func scene(threads: Int?) -> Scene {
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 614, windowHeight: 321, cell: 1, gap: 0, columns: 614, rows: 321))
    if let threads { scene.setWorkers(WorkerPool(threads: threads)) }
    let spread = Int(scene.durationSteps)
    for s in 0..<spread {
      for c in stride(from: s * 3, to: scene.count, by: 3 * spread) {
        scene.toggle(c, cause: .stress)
      }
      step(&scene, 1)
    }
    return scene
  }

  static func step(_ scene: inout Scene, _ steps: Int, restarting: Bool = true) {
    for _ in 0..<steps {
      scene.advance(steps: 1, togglingFinished: restarting ? 1 : 0, cause: .stress)
      _ = scene.drainEvents()
    }
  }

  /// The bytes of an animation (its stored size, no padding).
  static func bytes(_ a: AnimationRecord) -> [UInt8] { withUnsafeBytes(of: a) { Array($0) } }

  /// Whether two snapshots hold the same timeline, list for list once the ranges are
  /// joined.
  static func same(_ a: SceneSnapshot, _ b: SceneSnapshot) -> Bool {
    a.step == b.step && a.states == b.states
      && a.running.flatMap(\.cells) == b.running.flatMap(\.cells)
      && a.running.flatMap(\.animations).map(bytes) == b.running.flatMap(\.animations).map(bytes)
      && a.wheel.counts == b.wheel.counts && a.wheel.entries == b.wheel.entries
  }

  @Test(arguments: [1, 2, 3])
  func rangesOnThePoolTakeWhatOneThreadTakes(threads: Int) {
    var pooled = Self.scene(threads: threads)
    var alone = Self.scene(threads: nil)
    #expect(pooled.snapshotRanges().count == threads)
    #expect(alone.snapshotRanges() == [0..<alone.count])
    let a = pooled.snapshot()
    let b = alone.snapshot()
    #expect(a.running.count == threads)
    // The size a spare is made to holds each range's list and its one slot beyond.
    let needs = pooled.snapshotSize(withRoom: false)
    #expect(zip(needs.lists, a.running).allSatisfy { $0 > $1.cells.count }, "\(needs.lists)")
    #expect(b.running[0].cells.count == alone.animatingCount)
    #expect(alone.animatingCount > 60_000)
    // The parts are kept apart in the wheel; the values and animations are not.
    #expect(a.states == b.states)
    #expect(a.running.flatMap(\.cells) == b.running.flatMap(\.cells))
    let kept = alone
    Self.step(&pooled, 40)
    Self.step(&alone, 40)
    pooled.restore(a)
    alone.restore(b)
    #expect(alone.sameTimeline(as: kept))
    #expect(pooled.sameTimeline(as: kept))
    Self.step(&pooled, 25)
    Self.step(&alone, 25)
    #expect(pooled.sameTimeline(as: alone), "stepping on from a restore")
  }

  @Test(arguments: [1, 2])
  func aSnapshotWrittenIntoSpentStorageIsTheSame(threads: Int) {
    var scene = Self.scene(threads: threads)
    // Grown into: the spent snapshot has fewer animating views than the next needs.
    let first = scene.snapshot()
    #expect(first.holds(scene.snapshotSize(withRoom: false)))
    var spent: SnapshotArrays? = first.spend()
    for c in stride(from: 1, to: scene.count, by: 3) { scene.toggle(c, cause: .stress) }
    Self.step(&scene, 7)
    #expect(spent.map { $0.holds(scene.snapshotSize(withRoom: false)) } == false)
    let grown = scene.snapshot(reusing: &spent)
    #expect(spent == nil)
    #expect(Self.same(grown, scene.snapshot()))
    // Shrunk into: every animation left to settle, the spent lists longer than needed.
    spent = grown.spend()
    Self.step(&scene, Int(scene.durationSteps) / 2, restarting: false)
    let shrunk = scene.snapshot(reusing: &spent)
    #expect(shrunk.running.reduce(0) { $0 + $1.cells.count } == scene.animatingCount)
    #expect(Self.same(shrunk, scene.snapshot()))
    // Into the arrays of a busy scene, a quiet one's snapshot does not keep their storage.
    Self.step(&scene, Int(scene.durationSteps), restarting: false)
    #expect(scene.animatingCount == 0)
    spent = shrunk.spend()
    let quiet = scene.snapshot(reusing: &spent)
    #expect(Self.same(quiet, scene.snapshot()))
    let slack = SnapshotArrays.keptSlack
    #expect(grown.wheel.entries.capacity > slack)
    #expect(quiet.running.allSatisfy { $0.cells.capacity <= slack })
    #expect(quiet.running.allSatisfy { $0.animations.capacity <= slack })
    #expect(quiet.wheel.entries.capacity <= slack)
    let kept = scene
    Self.step(&scene, 30)
    scene.restore(quiet)
    #expect(scene.sameTimeline(as: kept))
  }

  @Test func aSpareMadeOnAnotherThreadTakesTheNextSnapshot() {
    var scene = Self.scene(threads: 2)
    let spares = SnapshotSpares()
    #expect(spares.take() == nil)
    let size = scene.snapshotSize(withRoom: true)
    spares.prepare(size)
    spares.waitUntilMade()
    var spare = spares.take()
    #expect(spares.take() == nil, "a spare is handed out once")
    let lists = scene.snapshot().running.map(\.cells.count)
    #expect(zip(size.lists, lists).allSatisfy { $0 > $1 }, "\(size.lists) for \(lists)")
    #expect(spare?.running.map(\.cells.count) == size.lists)
    Self.step(&scene, 11)
    let into = scene.snapshot(reusing: &spare)
    #expect(spare == nil)
    #expect(Self.same(into, scene.snapshot()))
  }
}
