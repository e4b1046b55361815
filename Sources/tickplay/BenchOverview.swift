import TickApp
import TickGeometry
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// What the overview costs: a grid of views smaller than their sprites, rendered into a
/// window-sized frame in memory (`OverviewRenderer`), on one thread and in two halves on
/// two threads. No window: this is the CPU's part, before the upload.
///
/// The sheet is random opaque pixels laid out as an atlas (187 sprites, as a 60-step
/// transition sheet has), the grid centred in the window, and every view's sprite changes
/// every frame, as when a million views animate. One JSON line per case: the frame's
/// wall time, and the CPU time of its slowest band (the machine may be shared), medians
/// over the frames.
enum BenchOverview {
  /// The case: a million views in the default window.
  static let columns = 1000
  static let rows = 1000
  static let width = 1280
  static let height = 800
  /// A base pitch at the scale switch (4–5 px), and the sprites of a 60-step sheet.
  static let spriteSize = 5
  static let sprites = 187
  /// Frames timed per case, after `warmUp` untimed ones that size the scratch.
  static let frames = 120
  static let warmUp = 5
  /// The pitches: fit (a million in 800 rows), and one at each other level.
  static let pitches = [0.8, 1.5, 3, 4.5]

  static func run(seed: UInt64) -> Int32 {
    let lod = sheet(seed: seed)
    let worker = BandWorker()
    for pitch in pitches {
      for threads in [1, 2] {
        Console.out(measure(pitch: pitch, threads: threads, lod: lod, worker: worker).text)
      }
    }
    worker.stop()
    return 0
  }

  /// A sheet of random pixels, as an atlas of `perRow` sprites a row.
  static func sheet(seed: UInt64) -> SpriteLOD {
    var rng = SplitMix64(seed: seed)
    let perRow = 14
    let stride = perRow * spriteSize
    let count = (sprites + perRow - 1) / perRow * spriteSize * stride
    let pixels = (0..<count).map { _ in 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) }
    return SpriteLOD(
      pixels: pixels, rowStride: stride, spriteSize: spriteSize, count: sprites,
      origin: { i in ((i % perRow) * spriteSize, (i / perRow) * spriteSize) })
  }

  static func measure(pitch: Double, threads: Int, lod: SpriteLOD, worker: BandWorker)
    -> JSONValue
  {
    let g = OverviewGeometry(
      originX: (Double(width) - Double(columns) * pitch) / 2,
      originY: (Double(height) - Double(rows) * pitch) / 2, pitch: pitch, columns: columns,
      rows: rows, width: width, height: height)
    let renderer = OverviewRenderer(geometry: g, lod: lod, background: .white)
    let frame = FramePointer(count: width * height)
    defer { frame.free() }
    let scratches = [OverviewScratch(), OverviewScratch()]
    let bands = threads == 1 ? [0..<height] : [0..<height / 2, height / 2..<height]
    var walls: [Double] = []
    var slowest: [Double] = []
    for f in 0..<(warmUp + frames) {
      let draw: @Sendable (Int) -> Double = { band in
        let start = threadSeconds()
        renderer.render(
          rows: bands[band], into: frame.base, sprites: spritesAt(frame: f),
          scratch: scratches[band])
        return threadSeconds() - start
      }
      let clock = ContinuousClock()
      let second = BandTime()
      var first = 0.0
      let wall = clock.measure {
        if threads == 2 { worker.run { second.seconds = draw(1) } }
        first = draw(0)
        if threads == 2 { worker.wait() }
      }
      if f >= warmUp {
        walls.append(seconds(wall))
        slowest.append(max(first, second.seconds))
      }
    }
    return [
      "bench": "overview", "columns": .int(columns), "rows": .int(rows),
      "width": .int(width), "height": .int(height), "pitch": .fixed(pitch, places: 2),
      "level": .string("\(renderer.level)"), "threads": .int(threads),
      "frame_ms": .fixed(Percentile.of(walls, 0.5) * 1000, places: 2),
      "slowest_band_cpu_ms": .fixed(Percentile.of(slowest, 0.5) * 1000, places: 2),
    ]
  }

  /// Every view's sprite at frame `f`: a different one each frame, as when all animate
  /// (by additions, so that the bench times the overview, not divisions).
  static func spritesAt(frame f: Int) -> OverviewSprites {
    { row, columns, out in
      var s = (columns.lowerBound &* 7 &+ row &* 13 &+ f) % sprites
      for k in 0..<columns.count {
        out[k] = Int32(truncatingIfNeeded: s)
        s &+= 7
        if s >= sprites { s &-= sprites }
      }
    }
  }

  /// The CPU time the calling thread has used: what a band costs its core, whatever
  /// else the machine runs meanwhile.
  static func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}

/// A frame in memory that the bands of one render share: each band writes its own rows.
final class FramePointer: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt32>

  init(count: Int) {
    base = .allocate(capacity: count)
    base.initialize(repeating: 0, count: count)
  }

  func free() { base.deallocate() }
}

/// The time the worker's band took, read once the worker is waited for.
final class BandTime: @unchecked Sendable {
  var seconds = 0.0
}
