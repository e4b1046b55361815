import TickApp
import TickCommandLine
import TickFiles
import TickScene

/// `tickplay bench history`: what play's step-back history (`StepHistory`) costs on a big
/// scene: a million views (`--views`), 100,000 of them animating at random phases and
/// restarted as they finish (`--animating`, `bench frame`'s workload), run long enough to
/// fill the history's horizon and then replace its oldest checkpoints. One JSON line: the
/// bytes a checkpoint holds and the whole history's, the time a checkpoint takes (once the
/// history is full, and while it fills), the most the history took on any step and how
/// late a checkpoint waiting for its storage came, a forward step's, and a step back of a tenth of
/// a second (a restore and a re-simulation of up to a second of steps) — its median and
/// worst over `backs` of them, and the ratio of the median to a forward step.
enum BenchHistory {
  /// Steps back of a tenth of a second timed, one after another from the head: they land
  /// at every distance from the checkpoint before them, so the worst is near the longest
  /// re-simulation (a second of steps).
  static let backs = 20
  /// Checkpoints timed once the history is full, each replacing the oldest (play's steady
  /// state, `checkpoint_ms`); those taken while it fills are `filling_checkpoint_ms`.
  static let replacingCheckpoints = 3

  static func run(_ options: LaunchOptions) -> Int32 {
    let c = BenchFrame.Case(
      cell: 8, gap: 0, views: options.views ?? 1_000_000,
      animating: options.animating ?? 100_000, path: .auto)
    var scene = Scene(options: BenchFrame.sceneOptions(c, options), softwareRenderer: false)
    let workers = options.makeWorkers()
    scene.setWorkers(workers)  // as play's, which steps and takes checkpoints with them
    let load = BenchFrame.Workload(scene, wanted: c.animating, seed: options.seed)
    var controls = Controls(seed: options.seed, rain: nil)
    var history = StepHistory(scene: scene, stress: controls.stress)
    // The events each step hands over are read by no one.
    var events: [ValueChange] = []
    let step = { (s: inout Scene, _: inout Controls) in load.step(&s, events: &events) }
    let clock = ContinuousClock()
    var times = Times()
    // Checkpoints waiting for their storage come late, so the run goes on until it has
    // timed its replacing ones, within twice the steps that would take on time.
    let most = 2 * (history.horizon + history.interval * Int64(replacingCheckpoints + 1))
    var taken: Int64 = 0
    while times.replacing.count < replacingCheckpoints, taken < most {
      taken += 1
      let full = history.checkpointCount >= history.checkpointLimit - 1
      let newest = history.newestCheckpointStep
      times.steps.append(seconds(clock.measure { step(&scene, &controls) }))
      let record = seconds(
        clock.measure { history.stepped(&scene, &controls, eventsBefore: 0) })
      times.worstRecord = max(times.worstRecord, record)
      guard history.newestCheckpointStep != newest else { continue }
      times.latest = max(times.latest, Int(scene.step % history.interval))
      if full { times.replacing.append(record) } else { times.filling.append(record) }
    }
    let stepSeconds = times.steps
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
      "hz": .int(scene.hz), "threads": .int(workers.threads),
      "checkpoints": .int(history.checkpointCount),
      "bytes_per_checkpoint": .int(history.byteCount / max(history.checkpointCount, 1)),
      "history_bytes": .int(history.byteCount),
      "checkpoint_ms": BenchFrame.fixed(median(times.replacing) * 1e3),
      "filling_checkpoint_ms": BenchFrame.fixed(median(times.filling) * 1e3),
      "worst_record_ms": BenchFrame.fixed(times.worstRecord * 1e3),
      "latest_checkpoint_steps": .int(times.latest),
      "step_ms": BenchFrame.fixed(stepMedian * 1e3),
      "back_tenth_ms": BenchFrame.fixed(backMedian * 1e3),
      "back_tenth_worst_ms": BenchFrame.fixed((backSeconds.max() ?? 0) * 1e3),
      "back_tenth_per_step": BenchFrame.fixed(backMedian / max(stepMedian, 1e-9)),
    ]
    Console.out(line.text)
    return 0
  }

  /// What the run's steps took: each forward step, each checkpoint taken once the history
  /// was full and while it filled, the most `StepHistory.stepped` took on any step, and the
  /// most steps a checkpoint came after the step it was due (waiting for its storage).
  struct Times {
    var steps: [Double] = []
    var replacing: [Double] = []
    var filling: [Double] = []
    var worstRecord = 0.0
    var latest = 0
  }

  static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }

  static func median(_ v: [Double]) -> Double {
    guard !v.isEmpty else { return 0 }
    return v.sorted()[v.count / 2]
  }
}
