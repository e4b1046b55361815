import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickScene

/// Applies a replay script's actions at their steps (`--replay`) and records the input the
/// scene receives (`--record`), for both `play` and `render`.
///
/// The rule that makes replays deterministic: `StepLoop.run` calls `applyDue` (through
/// `Session.applyDue`) before each fixed step and once after the last, so every action is
/// applied exactly at its step, before the scene steps past it, however the frames fall.
final class ScriptDriver {
  private let steps: [ReplayScript.Step]
  private var next = 0
  private let recorder: ScriptRecorder?
  /// Why a replayed screenshot could not be saved.
  private(set) var failure: String?

  /// Reads `--replay` and opens `--record`; with neither it does nothing. A recording
  /// starts with the window's size and the HUD's mode the session starts with
  /// (`LaunchOptions.launchHUD`), so that its replay lays the views out alike.
  /// - Throws: a usage error naming the file and, for a bad script, the line.
  init(_ options: LaunchOptions) throws(UsageError) {
    steps = try Self.read(options).steps(hz: options.hz)
    let launch = ReplayScript.Launch(
      window: ViewArea(width: options.windowWidth, height: options.windowHeight),
      hud: options.launchHUD)
    recorder = try options.record.map { (p) throws(UsageError) in
      try ScriptRecorder(path: p, hz: options.hz, launch: launch)
    }
  }

  /// The script `--replay` names, or an empty one.
  private static func read(_ options: LaunchOptions) throws(UsageError) -> ReplayScript {
    guard let path = options.replay else { return ReplayScript() }
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path)
    } catch {
      throw UsageError("--replay: \(error.message)")
    }
    do {
      return try ReplayScript.parse(bytes)
    } catch {
      throw UsageError(
        "\(path):\(error.line): \(error.message) (a replay script has one TIME VERB ARGS "
          + "per line)")
    }
  }

  /// Plays `script` (built in code: `export`'s toggles), recording nothing.
  init(script: ReplayScript, hz: Int) {
    steps = script.steps(hz: hz)
    recorder = nil
  }

  /// Records live input, received at `step`; lines before `kept` (the oldest step play's
  /// history can return to) can no longer be dropped.
  ///
  /// Behind the history's head (not `atHead`) an input is held back: what it changed is the
  /// view, not the timeline (or it would have dropped the future and be at the head), and
  /// its step may lie before lines already written. Held inputs are written, in order, at
  /// the step of the next input recorded at the head, before it: the pointer, zoom and pan
  /// they leave are the ones the timeline goes on with.
  func record(_ inputs: [InputEvent], step: Int64, atHead: Bool = true, kept: Int64 = 0) {
    guard let recorder else { return }
    guard atHead else {
      held += inputs
      return
    }
    for input in held + inputs { recorder.record(input, step: step) }
    held.removeAll()
    recorder.forget(before: kept)
  }

  /// Inputs received behind the history's head, not recorded yet (see `record`).
  private var held: [InputEvent] = []

  /// Whether an action of the script is due at or before `step` (`applyDue` would act).
  func hasDue(atStep step: Int64) -> Bool { next < steps.count && steps[next].step <= step }

  /// Drops the lines recorded after `step` (see `ScriptRecorder.drop(after:)`).
  func dropRecorded(after step: Int64) { recorder?.drop(after: step) }

  /// What stopped `applyDue` before every due action was applied.
  enum Stop: Equatable {
    /// The script (or a replayed quit key) quits.
    case quit
    /// A `screenshot FILE` action from script line `line`: the caller draws the frame at
    /// this step, saves it, and calls `applyDue` again for the actions after it.
    case screenshot(String, line: Int)
  }

  /// Applies the actions due at or before the scene's step, in order, up to the first
  /// screenshot or quit; returns that, or nil once every due action is applied.
  ///
  /// - Inputs go through `Scene.handle` with cause `.script`, and keys and gamepad
  ///   buttons to `controls` by their command (`KeyCommand(input:)`), leaving out the
  ///   loop's own (`KeyCommand.traits`).
  /// - With `history` (play's), what changes the timeline is journalled, so that stepping
  ///   back through a replay and forward again applies it again.
  func applyDue(
    _ scene: inout Scene, controls: inout Controls, clock: inout FixedStepClock,
    history: inout StepHistory?
  ) -> Stop? {
    while next < steps.count, steps[next].step <= scene.step {
      let s = steps[next]
      next += 1
      switch s.action {
      case .input(let input):
        recorder?.record(input, step: scene.step)
        if !Self.isCommandOnly(input) {
          if history == nil { scene.handle(input, cause: .script) }
          _ = history?.handle(input, cause: .script, scene: &scene)
        }
        guard let c = KeyCommand(input: input) else { continue }
        if c == .quit { return stop() }
        guard c.traits.replayed else { continue }
        if history == nil {
          controls.apply(c, scene: &scene, clock: &clock, cause: .script)
        } else {
          _ = history?.apply(c, cause: .script, scene: &scene, controls: &controls, clock: &clock)
        }
      case .screenshot(let file):
        return .screenshot(file, line: s.line)
      case .quit:
        recorder?.record(.quit, step: scene.step)
        return stop()
      }
    }
    return nil
  }

  /// Whether `input` only names a command, with nothing for the scene itself: a key. A
  /// gamepad button goes to the scene too, which steers by the D-pad.
  static func isCommandOnly(_ input: InputEvent) -> Bool {
    if case .key = input { return true }
    return false
  }

  /// Notes that the screenshot of script line `line` could not be saved (see `failure`).
  func screenshotFailed(line: Int, file: String, _ error: any Error) {
    failure = "cannot save the screenshot of replay line \(line) to \(file): \(error)"
    _ = stop()
  }

  private func stop() -> Stop {
    next = steps.count
    return .quit
  }
}
