import TickScene

/// Applies a replay script's actions at their steps (`--replay`) and records the input the
/// scene receives (`--record`), for both `play` and `render`.
///
/// The rule that makes replays deterministic: the loop calls `applyDue` before each fixed
/// step and once after the last, so every action is applied exactly at its step, before
/// the scene steps past it, however the frames fall.
final class ScriptDriver {
  private let steps: [ReplayScript.Step]
  private var next = 0
  private let recorder: ScriptRecorder?
  /// Why a replayed screenshot could not be saved; `applyDue` returned false then.
  private(set) var failure: String?

  /// Reads `--replay` and opens `--record`; with neither it does nothing.
  /// - Throws: a usage error naming the file and, for a bad script, the line.
  init(_ options: LaunchOptions) throws(UsageError) {
    if let path = options.replay {
      let bytes: [UInt8]
      do {
        bytes = try FileBytes.read(path)
      } catch {
        throw UsageError("--replay: \(error.message)")
      }
      do {
        steps = try ReplayScript.parse(bytes).steps(hz: options.hz)
      } catch {
        throw UsageError(
          "\(path):\(error.line): \(error.message) (a replay script has one TIME VERB ARGS "
            + "per line)")
      }
    } else {
      steps = []
    }
    recorder = try options.record.map { (p) throws(UsageError) in
      try ScriptRecorder(path: p, hz: options.hz)
    }
  }

  /// Records live input, received at `step`.
  func record(_ inputs: [InputEvent], step: Int64) {
    guard let recorder else { return }
    for input in inputs { recorder.record(input, step: step) }
  }

  /// Applies every action due at or before the scene's step. Returns false to stop: at a
  /// `quit` (or a replayed quit key), or when `save` failed (see `failure`).
  ///
  /// - Inputs go through `Scene.handle` with cause `.script`; a key bound to a command
  ///   goes to `command` instead, except the loop's own keys (pause, slow motion, one
  ///   step), which are not replayed: a replay runs scene time straight through, and
  ///   pausing changes when steps happen, never what they do.
  /// - `screenshot FILE` calls `save` with the scene at the action's step.
  func applyDue(
    _ scene: inout Scene, command: (KeyCommand, inout Scene) -> Void,
    save: (inout Scene, String) throws -> Void
  ) -> Bool {
    while next < steps.count, steps[next].step <= scene.step {
      let s = steps[next]
      next += 1
      switch s.action {
      case .input(let input):
        recorder?.record(input, step: scene.step)
        guard case .key(let name) = input, let c = KeyCommand(key: name) else {
          scene.handle(input, cause: .script)
          continue
        }
        switch c {
        case .quit: return stop()
        case .togglePause, .toggleSlowMotion, .stepOnce: break
        default: command(c, &scene)
        }
      case .screenshot(let file):
        do {
          try save(&scene, file)
        } catch {
          failure = "cannot save the screenshot of replay line \(s.line) to \(file): \(error)"
          return stop()
        }
      case .quit:
        recorder?.record(.quit, step: scene.step)
        return stop()
      }
    }
    return true
  }

  /// Advances `scene` to `target`, jumping from one action's step to the next and
  /// applying each as `applyDue` does (for `render`, which has no per-step work). Returns
  /// false if it stopped early at a quit or a failed screenshot; the scene still reaches
  /// `target`, because a quit ends the script, not scene time.
  @discardableResult
  func advance(
    _ scene: inout Scene, to target: Int64, command: (KeyCommand, inout Scene) -> Void,
    save: (inout Scene, String) throws -> Void
  ) -> Bool {
    var going = true
    while going, next < steps.count, steps[next].step <= target {
      scene.advance(steps: Int(steps[next].step - scene.step))
      going = applyDue(&scene, command: command, save: save)
    }
    scene.advance(steps: Int(target - scene.step))
    return going
  }

  private func stop() -> Bool {
    next = steps.count
    return false
  }
}
