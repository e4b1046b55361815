import TickApp
import TickScene

/// Play's hooks into its `StepHistory`: pointer input, keys and style reloads go through it
/// so that what changes the timeline is journalled, and `,` steps back.
extension Session {
  /// Applies a pointer or window input (keys go to `apply`).
  mutating func handle(_ input: InputEvent) {
    guard var h = history else {
      scene.handle(input, cause: .click)
      return
    }
    let step = scene.step
    if h.handle(input, cause: .click, scene: &scene) { script.dropRecorded(after: step) }
    history = h
  }

  /// Carries out a key command (quit is the caller's); `,` steps back.
  mutating func apply(_ command: KeyCommand) {
    if command == .stepBack || command == .stepBackTenth { return stepBack(command) }
    guard var h = history else {
      controls.apply(command, scene: &scene, clock: &clock)
      return
    }
    let step = scene.step
    if h.apply(command, cause: .key, scene: &scene, controls: &controls, clock: &clock) {
      script.dropRecorded(after: step)
    }
    history = h
  }

  /// Restyles the scene (a saved style file).
  mutating func setStyle(_ style: TickStyle) {
    guard var h = history else { return scene.setStyle(style) }
    let step = scene.step
    if h.setStyle(style, scene: &scene) { script.dropRecorded(after: step) }
    history = h
  }

  /// Whether the present is the newest step reached (always, with no history): input is
  /// recorded (`--record`) only there, since behind it nothing that changes the timeline
  /// stays behind it.
  var isAtHead: Bool { history.map { !$0.isBehind(scene) } ?? true }

  /// The toast for a step key while paused, from the history: where the present is after
  /// it (a step forward is taken later in the frame: `stepNow` steps from now). Nil for
  /// other keys, or when not paused (the key's own feedback says why nothing happens).
  func stepToast(for command: KeyCommand) -> String? {
    guard controls.paused else { return nil }
    switch command {
    case .stepBack, .stepBackTenth: return historyToast
    case .stepOnce, .stepTenth:
      return history?.position(atStep: scene.step + Int64(controls.stepNow), hz: scene.hz)
    default: return nil
    }
  }

  /// `,` and Shift+`,` while paused: one step, or a tenth of a second, back.
  mutating func stepBack(_ command: KeyCommand) {
    guard controls.paused else { return }
    guard var h = history else { return }
    let steps = command == .stepBackTenth ? Controls.tenth(hz: scene.hz) : 1
    let result = h.stepBack(steps, scene: &scene, controls: &controls, step: Self.step)
    historyToast = h.feedback(result, scene: scene)
    history = h
  }
}
