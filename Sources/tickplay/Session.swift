import TickAnimation
import TickApp
import TickCommandLine
import TickSDL
import TickScene
import TickThreads

/// A scene and everything that changes it step by step, the same for `play` and `render`:
/// the replay script's actions, the key commands, and the stress drivers (rain, waves).
///
/// Every subcommand steps it one fixed step at a time by the one `StepLoop` and draws it
/// through `draw(with:)`, so a recorded session replayed headlessly gives the frames the
/// window showed.
struct Session {
  var scene: Scene
  var controls: Controls
  /// The clock the keys act on (slow motion); `play` also steps by it.
  var clock: FixedStepClock
  let script: ScriptDriver
  /// The timeline to step back through (`play` only: nil in `render` and `export`).
  var history: StepHistory?
  /// What the last step back said, for its toast.
  var historyToast: String?
  /// Play's step backs worked out on a thread of their own (made with the first), and the
  /// scene the last one left, whose storage the next reuses (`Session+History.swift`).
  var seek: StepBackSeek?
  var seekSpare: Scene?
  /// The changes taken from the scene for the frame being drawn (storage reused).
  private var changes = SceneChanges()
  /// The session's threads (`--threads`), made once: the scene's step runs its ranges on
  /// them and the presenter its overview's bands.
  let workers: WorkerPool

  /// A session of the scene `options` describe, with the HUD in its launch mode
  /// (`LaunchOptions.launchHUD`) from the start: its dock is laid out before the initial
  /// selection, so `play` and `render` with the same mode lay out the same grid.
  ///
  /// With `history`, it keeps a `StepHistory` to step back through (play's); `events` says
  /// whether anyone reads the value changes listed, or they are only counted.
  init(
    options: LaunchOptions, softwareRenderer: Bool, script: ScriptDriver, history: Bool = false,
    events: EventKeeping = .listed
  ) {
    scene = Scene(options: options, softwareRenderer: softwareRenderer)
    scene.keepEvents(events)
    workers = options.makeWorkers()
    scene.setWorkers(workers)
    controls = Controls(seed: options.seed, rain: options.rain)
    controls.hud = options.launchHUD
    controls.path = options.path
    clock = FixedStepClock(hz: options.hz)
    self.script = script
    if let note = options.loadNote(views: scene.count) { Console.err("tickplay: \(note)") }
    controls.load.setTarget(options.load ?? 0, in: scene)
    if history {
      self.history = StepHistory(scene: scene, stress: controls.stress, load: controls.load)
    }
  }

  /// Applies the script's actions due at the scene's step (see `ScriptDriver.applyDue`).
  mutating func applyDue() -> ScriptDriver.Stop? {
    script.applyDue(&scene, controls: &controls, clock: &clock, history: &history)
  }

  /// One fixed step: the gamepad steers and pans (`Scene.stepPad`), the stress drivers
  /// act, then the scene steps (restarting the load's views that finish); the history
  /// takes it.
  mutating func step() {
    let events = scene.pendingEventCount
    scene.stepPad()  // the view's, so not part of the step the history re-simulates
    Self.step(&scene, &controls)
    history?.stepped(&scene, &controls, eventsBefore: events)
  }

  /// The one fixed step itself, which the history re-simulates with: the stress drivers
  /// act, the load starts the views due to join, then the scene steps, restarting the
  /// load's views that finish.
  static func step(_ scene: inout Scene, _ controls: inout Controls) {
    controls.stress.step(&scene)
    let restarts = controls.load.startDue(&scene)
    scene.advance(restarting: restarts)
  }

  /// Draws the scene at fractional step `present` into the window by the path the
  /// controls ask for: what changed since the last frame, or everything when `presenter`'s
  /// targets are stale. The one way a frame's views are drawn, live or headless.
  ///
  /// The scene owns the window size (a user's resize, a replayed one, a dock all change
  /// it there): the screen follows it first (`Screen.setSize`), so a replay shows the
  /// frames the recorded window showed.
  mutating func draw(with presenter: Presenter, on screen: Screen, present: Double)
    throws(SDLError)
  {
    screen.setSize(width: scene.windowWidth, height: scene.windowHeight)
    presenter.request(controls.path)
    scene.takeChanges(into: &changes)
    try presenter.draw(scene, changes: changes, present: present)
  }
}
