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
    let result = h.stepBack(stepsBack(command), scene: &scene, controls: &controls, step: Self.step)
    historyToast = h.feedback(result, scene: scene)
    history = h
  }

  // MARK: - Stepping back on the seek's thread (play)

  /// Whether `,` steps back on the seek's thread (`startStepBack`): paused, with a history.
  var stepsBackInBackground: Bool { controls.paused && history != nil }

  /// Whether a step back is being worked out on the seek's thread, or is done and not
  /// taken yet (`landStepBack`).
  var stepBackInFlight: Bool { seek?.inFlight ?? false }

  /// The steps `command` steps back.
  func stepsBack(_ command: KeyCommand) -> Int {
    command == .stepBackTenth ? Controls.tenth(hz: scene.hz) : 1
  }

  /// Starts stepping back `steps` steps on the seek's thread, into a scene with storage of
  /// its own: the spare the last step back left, whose storage is then written in place,
  /// the spare made ahead there (`prepareStepBack`), or a copy (`Scene.seekingCopy`). The
  /// scene, controls and history stay as they are until `landStepBack`. At the oldest step
  /// kept, or where no thread can be started, it is done at once (nothing in flight;
  /// `historyToast` says where the present is).
  /// - Precondition: `stepsBackInBackground`, and no step back in flight.
  mutating func startStepBack(steps: Int) {
    guard var h = history else { return }
    let result = h.aim(back: steps, from: scene)
    history = h
    guard case .moved(_, let target) = result else {
      historyToast = h.feedback(result, scene: scene)
      return
    }
    let seeker = seeking()
    let start = seekSpare.take() ?? (seeker.hasSpare ? nil : scene.seekingCopy())
    let job = StepBackSeek.Job(
      scene: consume start, view: scene.view, controls: controls, history: h, target: target,
      result: result)
    guard seeker.start(consume job) else {
      h.reach(target, scene: &scene, controls: &controls, step: Self.step)
      historyToast = h.feedback(result, scene: scene)
      return
    }
  }

  /// Play paused: with a history, on a million views or more, a spare for the first step
  /// back is made ahead on the seek's thread, so that the step back does not wait for
  /// fresh pages (500 ms at 16 million views). It holds a record a view until play resumes
  /// (`dropStepBackSpare`).
  mutating func prepareStepBack(fromViews fewest: Int = spareAheadViews) {
    guard history != nil, seekSpare == nil, scene.count >= fewest else { return }
    let seeker = seeking()
    guard !seeker.hasSpare else { return }
    seeker.prepare(scene.seekingCopy())
  }

  /// The fewest views for which `prepareStepBack` makes a spare: below, a step back's fresh
  /// records are under 12 MB, their pages cleared in under 25 ms.
  static let spareAheadViews = 1 << 20

  /// The seek, made with the first step back or pause.
  private mutating func seeking() -> StepBackSeek {
    if let seek { return seek }
    let made = StepBackSeek(threads: workers.threads)
    seek = made
    return made
  }

  /// Takes the step back worked out on the seek's thread, once it is done (`waiting`: waits
  /// for it): the scene takes its timeline and keeps its view (`Scene.exchangeTimeline`),
  /// and the controls its stress drivers. Returns whether one landed; `historyToast` then
  /// says where the present is.
  mutating func landStepBack(waiting: Bool) -> Bool {
    guard let landing = seek?.take(waiting: waiting) else { return false }
    var other = landing.scene
    scene.exchangeTimeline(with: &other)
    seekSpare = other
    controls.stress = landing.controls.stress
    controls.load = landing.controls.load
    historyToast = history?.feedback(landing.result, scene: scene)
    return true
  }

  /// Lets go of the spare scenes (the last step back's, the one made ahead), on the seek's
  /// thread: play does when it resumes.
  mutating func dropStepBackSpare() {
    seek?.dropSpare()
    guard let spare = seekSpare.take() else { return }
    // Moved, so that the seek's thread holds the last reference and unmaps it there.
    seek?.discard(consume spare)
  }
}
