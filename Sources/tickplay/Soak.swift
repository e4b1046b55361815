import TickCommandLine
import TickFiles
import TickGeometry
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay bench soak`: a long headless run that must stay healthy.
///
/// The scene runs `--time` seconds of scene time (default: a million fixed steps) with
/// rain (`--rain`, default 240 toggles per second), and a frame is built every 1/60 s of
/// scene time (or `--frames N` frames spread evenly over the run), with no window. It
/// checks what a long session would break:
/// - every look presented, and every vertex of every frame, is finite;
/// - resident memory stays flat: after a warm-up (the first tenth), it never grows more
///   than 5 % above what it was then.
///
/// It prints JSON lines: a `sample` every hundredth of the run, then one `result`. The exit
/// status is 0 when the run is healthy, 1 when it is not.
enum Soak {
  /// Growth allowed after the warm-up, as a fraction.
  static let allowedGrowth = 0.05

  static func run(_ options: LaunchOptions) -> Int32 {
    let steps =
      options.time > 0
      ? Int64((options.time * Double(options.hz)).rounded()) : LaunchOptions.soakSteps
    var scene = Scene(options: options, softwareRenderer: false)
    var stress = StressDriver(seed: options.seed)
    stress.rainRate = options.rain ?? LaunchOptions.soakRain
    // A frame every 1/60 s of scene time, or `--frames` of them spread over the run.
    let frameEvery =
      options.frames.map { max(1, steps / Int64(max(1, $0))) } ?? Int64(max(1, options.hz / 60))
    let sampleEvery = max(1, steps / 100)
    let warmUp = max(1, steps / 10)
    var checker = FrameChecker()
    var memory = Memory()
    let clock = ContinuousClock()
    let began = clock.now

    for step in 1...max(1, steps) {
      stress.step(&scene)
      scene.advance(steps: 1)
      guard step % frameEvery == 0 || step == steps else { continue }
      checker.check(&scene)
      if step % sampleEvery == 0 || step == steps {
        let rss = memory.sample(warmedUp: step >= warmUp)
        let sample: JSONValue = [
          "soak": "sample", "step": .int(step), "rss_kib": .int(rss),
          "animating": .int(scene.animatingCount), "selected": .int(scene.selectedCount),
          "toggles": .int(checker.toggles),
        ]
        Console.out(sample.text)
      }
    }
    let seconds = (clock.now - began) / .seconds(1)
    return report(
      checker, memory, steps: steps, views: scene.count, rain: stress.rainRate, seconds: seconds)
  }

  /// Builds frames as play does, with no window, and checks every look presented and every
  /// vertex drawn.
  struct FrameChecker {
    var builder = FrameBuilder()
    var list = DrawList()
    var changes = SceneChanges()
    var frames = 0
    var toggles = 0
    var looks = 0
    var vertices = 0
    /// The first value that was not finite, and where it was.
    var firstBad: String?

    /// One frame: the looks on screen, then the geometry drawn for them.
    mutating func check(_ scene: inout Scene) {
      let present = Double(scene.step)
      scene.forEachAnimating { cell in
        looks += 1
        if firstBad == nil, !scene.look(cell, atStep: present).isFinite {
          firstBad = "look of view \(cell) at step \(scene.step)"
        }
      }
      scene.takeChanges(into: &changes)
      builder.build(scene, changes: changes, full: false, present: present, into: &list)
      for v in list.mesh.vertices where !(v.x.isFinite && v.y.isFinite) {
        if firstBad == nil { firstBad = "vertex (\(v.x), \(v.y)) at step \(scene.step)" }
      }
      vertices += list.mesh.vertices.count
      toggles += scene.drainEvents().count
      frames += 1
    }
  }

  /// Resident memory over the run: at its start, once warmed up, and the most since.
  struct Memory {
    let start = residentKiB()
    var warm = 0
    var peak = 0

    /// Growth after the warm-up, as a fraction of the warm size.
    var growth: Double { warm > 0 ? Double(peak - warm) / Double(warm) : 0 }

    /// Reads resident memory now and returns it, counting it once `warmedUp`.
    mutating func sample(warmedUp: Bool) -> Int {
      let rss = residentKiB()
      if warmedUp {
        if warm == 0 { warm = rss }
        peak = max(peak, rss)
      }
      return rss
    }
  }

  /// Prints the `result` line, and on stderr what made the run unhealthy; the exit status.
  static func report(
    _ c: FrameChecker, _ memory: Memory, steps: Int64, views: Int, rain: Double,
    seconds: Double
  ) -> Int32 {
    let growth = memory.growth
    let healthy = c.firstBad == nil && growth <= allowedGrowth
    let result: JSONValue = [
      "soak": "result", "steps": .int(steps), "views": .int(views),
      "rain": .double(rain), "frames": .int(c.frames), "toggles": .int(c.toggles),
      "looks_checked": .int(c.looks), "vertices_checked": .int(c.vertices),
      "rss_start_kib": .int(memory.start), "rss_warm_kib": .int(memory.warm),
      "rss_max_kib": .int(memory.peak),
      "growth_pct": .fixed(growth * 100, places: 2), "nonfinite": .string(c.firstBad),
      "seconds": .fixed(seconds, places: 2), "ok": .bool(healthy),
    ]
    Console.out(result.text)
    if let firstBad = c.firstBad { Console.err("tickplay: bench soak: not finite: \(firstBad)") }
    if growth > allowedGrowth {
      Console.err(
        "tickplay: bench soak: resident memory grew \(String(format2: growth * 100)) % after "
          + "warm-up (\(memory.warm) → \(memory.peak) KiB)")
    }
    return healthy ? 0 : 1
  }

  /// This process's resident memory in KiB, from `/proc/self/statm`; 0 where there is none.
  static func residentKiB() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return 0 }
    let fields = buffer[0..<n].split(separator: UInt8(ascii: " "))
    guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
      return 0
    }
    return pages * sysconf(Int32(_SC_PAGESIZE)) / 1024
  }
}
