import Testing
import TickAnimation
import TickApp
import TickScene

/// The load under play's step-back history: its driver is checkpointed with the scene and
/// `=` and `-` are journalled, so a step reached back, or forward again, under a load that
/// changed on the way has exactly the timeline it had when first reached.
@Suite struct LoadHistoryTests {
  /// One fixed step as `Session` takes it: the stress drivers, the load's starts, then the
  /// scene's step, restarting the load's views that finish.
  static func step(_ scene: inout Scene, _ controls: inout Controls) {
    controls.stress.step(&scene)
    let restarts = controls.load.startDue(&scene)
    scene.advance(restarting: restarts)
  }

  @Test(arguments: [UInt64(1), 2])
  func steppingBackUnderALoadReachesTheSameTimeline(seed: UInt64) {
    var scene = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 20, gap: 4))
    scene.setDeselect(.reverse)
    scene.addGroup(RadioGroup(column: 0, row: 0, columns: 3, rows: 1, keepOne: true))
    var controls = Controls(seed: seed, rain: 30)
    controls.load.setTarget(60, in: scene)
    var clock = FixedStepClock(hz: scene.hz)
    var history = StepHistory(
      scene: scene, stress: controls.stress, load: controls.load, interval: 50)
    var rng = SplitMix64(seed: seed)
    var states = [scene]
    let steps = 300
    for _ in 0..<steps {
      let events = scene.events.count
      Self.step(&scene, &controls)
      history.stepped(&scene, &controls, eventsBefore: events)
      switch rng.next() % 24 {
      case 0, 1:
        let key = rng.next() % 2 == 0 ? "=" : "-"
        history.apply(
          KeyCommand(key: key)!, cause: .key, scene: &scene, controls: &controls, clock: &clock)
      case 2: history.apply(.clear, cause: .key, scene: &scene, controls: &controls, clock: &clock)
      default: break
      }
      states.append(scene)
    }
    #expect(states.contains { $0.animatingCount > 60 }, "the load was raised on the way")
    for s in stride(from: steps - 1, through: 0, by: -1) {
      _ = history.stepBack(1, scene: &scene, controls: &controls, step: Self.step)
      guard scene.sameTimeline(as: states[s]) else {
        Issue.record("seed \(seed): stepped back to \(s), the timeline differs")
        return
      }
    }
    for s in 1...steps {
      let events = scene.events.count
      Self.step(&scene, &controls)
      history.stepped(&scene, &controls, eventsBefore: events)
      guard scene.sameTimeline(as: states[s]) else {
        Issue.record("seed \(seed): stepped forward to \(s), the timeline differs")
        return
      }
    }
  }
}
