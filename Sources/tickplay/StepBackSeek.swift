import TickApp
import TickScene
import TickThreads

/// Play's step back (`,` while paused), worked out on a thread of its own: the window goes
/// on showing the present, and the pointer and the wheel go on answering, while a
/// checkpoint is restored and up to a second of steps re-simulated. At 16 million views
/// that is 150–500 ms, a stalled frame on the main thread (docs/architecture.md,
/// "Stepping back").
///
/// One step back at a time: a `Job` (the scene to restore into, the live scene's view,
/// the controls and the history) goes in, and its `Landing`, the scene and controls after
/// `StepHistory.reach`, comes out: exactly what the step back on the main thread reaches.
/// The re-simulation steps on a pool of its own, as many threads as the session's (so its
/// views fall in the same ranges); the session's pool draws the frames meanwhile.
///
/// The scene restored into has storage no other thread holds. A spare can be made ahead
/// (`prepare`, when play pauses): its records are written here once, so that the first step
/// back does not wait for the kernel to clear fresh pages (500 ms at 16 million views).
final class StepBackSeek: @unchecked Sendable {
  /// A step back to work out: the scene to restore into (nil: the spare `prepare` made),
  /// the live scene's view, the controls, the history as it was aimed
  /// (`StepHistory.aim`), read only, and where it lands.
  struct Job: Sendable {
    var scene: Scene?
    let view: SceneView
    var controls: Controls
    let history: StepHistory
    let target: Int64
    let result: StepHistory.StepBack

    /// Reaches the target in `scene` as the main thread would (`StepHistory.reach`), the
    /// re-simulation on `pool`.
    static func workOut(_ job: inout Job, in scene: inout Scene, on pool: WorkerPool) {
      scene.adoptView(job.view)
      job.history.reach(
        job.target, scene: &scene, controls: &job.controls, restored: { $0.setWorkers(pool) },
        step: Session.step)
    }
  }

  /// A step back worked out: the scene at its target, and the controls' stress drivers
  /// there.
  struct Landing: Sendable {
    var scene: Scene
    var controls: Controls
    let result: StepHistory.StepBack
  }

  private let state: SeekState

  /// A seek whose re-simulation steps on `threads` threads (its own thread among them).
  init(threads: Int) {
    state = SeekState(pool: WorkerPool(threads: threads))
  }

  deinit {
    state.monitor.withLock {
      state.stopping = true
      state.monitor.broadcast()
    }
  }

  /// Whether a step back is being worked out, or is done and not taken yet.
  var inFlight: Bool { state.monitor.withLock { state.stepBackInFlight } }

  /// Whether a spare is made ahead, or being made: a job may then leave its scene nil.
  var hasSpare: Bool { state.monitor.withLock { state.spareComing } }

  /// Starts working out `job`, on the seek's thread (started with the first job). False
  /// when no thread can be started, or when the job leaves its scene to a spare there is
  /// none of: the caller then steps back itself.
  func start(_ job: consuming Job) -> Bool {
    guard state.startThread() else { return false }
    // Moved, never copied: the thread must hold the only reference to the scene's storage
    // when it writes it, or the write copies hundreds of megabytes.
    var handed: Job? = consume job
    return state.monitor.withLock {
      precondition(!state.stepBackInFlight, "one step back at a time")
      guard handed?.scene != nil || state.spareComing else { return false }
      state.job = handed.take()
      state.monitor.broadcast()
      return true
    }
  }

  /// The step back worked out, when it is done; with `waiting`, once it is (nil only when
  /// none is in flight).
  func take(waiting: Bool) -> Landing? {
    state.monitor.withLock {
      while waiting, state.job != nil || state.working, state.landing == nil {
        state.monitor.wait()
      }
      defer { state.landing = nil }
      return state.landing
    }
  }

  /// Makes `spare` ready for the next step back, on the seek's thread: writes its records
  /// once (`Scene.touchRecords`). It then waits there until a job takes it, or `dropSpare`.
  func prepare(_ spare: consuming Scene) {
    guard state.startThread() else { return }
    var handed: Scene? = consume spare
    state.monitor.withLock {
      state.keepsSpare = true
      if let old = state.toPrepare.take() { state.discarded.append(old) }
      state.toPrepare = handed.take()
      state.monitor.broadcast()
    }
  }

  /// Lets go of the spare made ahead (or being made), on the seek's thread.
  func dropSpare() {
    state.monitor.withLock {
      state.keepsSpare = false
      if let s = state.toPrepare.take() { state.discarded.append(s) }
      if let s = state.spare.take() { state.discarded.append(s) }
      state.monitor.broadcast()
    }
  }

  /// Lets go of `scene` on the seek's thread: a spare at 16 million views is 400 MB, which
  /// takes the kernel milliseconds to unmap.
  func discard(_ scene: consuming Scene) {
    guard state.startThread() else { return }
    var kept: Scene? = consume scene
    state.monitor.withLock {
      if let moved = kept.take() { state.discarded.append(moved) }
      state.monitor.broadcast()
    }
  }
}

/// What the seek's thread and the main thread share, guarded by `monitor`; the thread
/// holds it, not the seek, so that the seek's `deinit` can stop it.
private final class SeekState: @unchecked Sendable {
  let monitor = Monitor()
  let pool: WorkerPool
  /// The step back to work out, until the thread takes it (the thread then holds the
  /// only reference to its scene's storage, which it writes in place); `working` while it
  /// does; then the landing, until taken.
  var job: StepBackSeek.Job?
  var working = false
  var landing: StepBackSeek.Landing?
  /// A spare to make ready, until the thread takes it; `preparing` while it does; then the
  /// spare made, until a job takes it. `keepsSpare`: the one being made is still wanted.
  var toPrepare: Scene?
  var preparing = false
  var spare: Scene?
  var keepsSpare = false
  /// Scenes to let go of.
  var discarded: [Scene] = []
  var stopping = false
  /// Whether the thread was started (only the main thread starts it, so unguarded).
  private var started = false

  init(pool: WorkerPool) { self.pool = pool }

  var stepBackInFlight: Bool { job != nil || working || landing != nil }
  /// Whether a spare will be there for the next job.
  var spareComing: Bool { toPrepare != nil || (preparing && keepsSpare) || spare != nil }

  /// What wakes the thread.
  private enum Wake {
    /// A spare to make ready, moved into the thread's hands.
    case prepare
    /// A step back to work out, moved into the thread's hands with its scene.
    case stepBack
    /// Scenes were let go of, and nothing else.
    case released
    case stop
  }

  /// Starts the thread unless it runs; false when it cannot be started.
  func startThread() -> Bool {
    guard !started else { return true }
    started = startDetachedThread { [self] in run() }
    return started
  }

  /// The thread: makes spares ready, works out each step back handed to it, and lets go
  /// of the scenes discarded, until stopped. What it is handed is moved out of the
  /// optionals, never copied: its storage is written in place.
  private func run() {
    var handedScene: Scene?
    var handedJob: StepBackSeek.Job?
    while true {
      switch next(scene: &handedScene, job: &handedJob) {
      case .stop: return
      case .released: continue
      case .prepare:
        guard var ready = handedScene.take() else { continue }
        ready.touchRecords()
        keep(consume ready)
      case .stepBack:
        guard var job = handedJob.take(), var scene = handedScene.take() else {
          preconditionFailure("a job leaves its scene to a spare only when one comes")
        }
        StepBackSeek.Job.workOut(&job, in: &scene, on: pool)
        land(StepBackSeek.Landing(scene: consume scene, controls: job.controls, result: job.result))
      }
    }
  }

  /// A spare made ready: kept for the next job if still wanted, else let go of.
  private func keep(_ ready: consuming Scene) {
    var made: Scene? = consume ready
    monitor.withLock {
      preparing = false
      if let old = spare.take() { discarded.append(old) }
      if keepsSpare { spare = made.take() } else if let s = made.take() { discarded.append(s) }
      monitor.broadcast()
    }
  }

  /// Hands a landing over, with no reference to its storage kept here.
  private func land(_ landing: consuming StepBackSeek.Landing) {
    var handed: StepBackSeek.Landing? = consume landing
    monitor.withLock {
      self.landing = handed.take()
      working = false
      monitor.broadcast()
    }
  }

  /// Waits for work, moving a spare to make or a job and its scene into the thread's
  /// hands; lets go of the discarded scenes outside the lock.
  private func next(scene: inout Scene?, job: inout StepBackSeek.Job?) -> Wake {
    var dropped: [Scene] = []
    let wake: Wake = monitor.withLock {
      while !stopping, discarded.isEmpty, toPrepare == nil, self.job == nil { monitor.wait() }
      if stopping { return .stop }
      swap(&dropped, &discarded)
      if toPrepare != nil {
        scene = toPrepare.take()
        preparing = true
        return .prepare
      }
      guard self.job != nil else { return .released }
      job = self.job.take()
      scene = job?.scene.take() ?? spare.take()
      working = true
      return .stepBack
    }
    dropped.removeAll()
    return wake
  }
}
