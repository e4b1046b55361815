import TickApp
import TickCommandLine
import TickFiles
import TickScene

/// `tickplay bench history`: what play's step-back history (`StepHistory`) costs on a big
/// scene: a million views (`--views`), 100,000 of them animating at random phases and
/// restarted as they finish (`--animating`, `bench frame`'s workload), run long enough to
/// fill the history's horizon. One JSON line: the bytes a checkpoint holds and the whole
/// history's, the time a checkpoint takes, a forward step's, and a step back of a tenth of
/// a second (a restore and a re-simulation of up to a second of steps) — its median and
/// worst over `backs` of them, and the ratio of the median to a forward step.
enum BenchHistory {
  /// Steps back of a tenth of a second timed, one after another from the head: they land
  /// at every distance from the checkpoint before them, so the worst is near the longest
  /// re-simulation (a second of steps).
  static let backs = 20

  static func run(_ options: LaunchOptions) -> Int32 {
    let c = BenchFrame.Case(
      cell: 8, gap: 0, views: options.views ?? 1_000_000,
      animating: options.animating ?? 100_000, path: .auto)
    var scene = Scene(options: BenchFrame.sceneOptions(c, options), softwareRenderer: false)
    let load = BenchFrame.Workload(scene, wanted: c.animating, seed: options.seed)
    var controls = Controls(seed: options.seed, rain: nil)
    var history = StepHistory(scene: scene, stress: controls.stress)
    // The events each step hands over are read by no one.
    var events: [ValueChange] = []
    let step = { (s: inout Scene, _: inout Controls) in load.step(&s, events: &events) }
    let clock = ContinuousClock()
    var stepSeconds: [Double] = []
    var checkpointSeconds: [Double] = []
    let total = history.horizon + history.interval
    for _ in 0..<total {
      let before = history.checkpointCount
      let stepTime = clock.measure { step(&scene, &controls) }
      let recordTime = clock.measure { history.stepped(&scene, &controls, eventsBefore: 0) }
      stepSeconds.append(seconds(stepTime))
      if history.checkpointCount != before || scene.step % history.interval == 0 {
        checkpointSeconds.append(seconds(recordTime))
      }
    }
    let tenth = Controls.tenth(hz: scene.hz)
    var backSeconds: [Double] = []
    for _ in 0..<backs {
      let t = clock.measure {
        _ = history.stepBack(tenth, scene: &scene, controls: &controls, step: step)
      }
      backSeconds.append(seconds(t))
    }
    let stepMedian = median(stepSeconds)
    let backMedian = median(backSeconds)
    let line: JSONValue = [
      "bench": "history", "views": .int(scene.count), "animating": .int(scene.animatingCount),
      "hz": .int(scene.hz), "checkpoints": .int(history.checkpointCount),
      "bytes_per_checkpoint": .int(history.byteCount / max(history.checkpointCount, 1)),
      "history_bytes": .int(history.byteCount),
      "checkpoint_ms": BenchFrame.fixed(median(checkpointSeconds) * 1e3),
      "step_ms": BenchFrame.fixed(stepMedian * 1e3),
      "back_tenth_ms": BenchFrame.fixed(backMedian * 1e3),
      "back_tenth_worst_ms": BenchFrame.fixed((backSeconds.max() ?? 0) * 1e3),
      "back_tenth_per_step": BenchFrame.fixed(backMedian / max(stepMedian, 1e-9)),
    ]
    Console.out(line.text)
    return 0
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  static func median(_ v: [Double]) -> Double {
    guard !v.isEmpty else { return 0 }
    return v.sorted()[v.count / 2]
  }
}
