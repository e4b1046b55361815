import TickApp
import TickScene
import TickThreads

/// Play's step back (`,` while paused), worked out on a thread of its own: the window goes
/// on showing the present, and the pointer and the wheel go on answering, while a
/// checkpoint is restored and up to a second of steps re-simulated. At 16 million views
/// that is 150–500 ms, a stalled frame on the main thread (docs/architecture.md,
/// "Stepping back").
///
/// One step back at a time: a `Job` (a scene that took the live one's view, the controls
/// and the history) goes in, and its `Landing`, the same three after
/// `StepHistory.stepBack`, comes out: exactly what the step back on the main thread
/// reaches. The re-simulation steps on a pool of its own, as many threads as the
/// session's (so its views fall in the same ranges); the session's pool draws the frames
/// meanwhile.
final class StepBackSeek: @unchecked Sendable {
  /// A step back to work out: a scene that took the live one's view, with storage the
  /// main thread does not touch; the controls; the history as it was aimed
  /// (`StepHistory.aim`), read only; and where it lands.
  struct Job: Sendable {
    var scene: Scene
    var controls: Controls
    let history: StepHistory
    let target: Int64
    let result: StepHistory.StepBack

    /// Reaches the target as the main thread would (`StepHistory.reach`), the
    /// re-simulation on `pool`.
    mutating func workOut(on pool: WorkerPool) {
      history.reach(
        target, scene: &scene, controls: &controls, restored: { $0.setWorkers(pool) },
        step: Session.step)
    }
  }

  /// A step back worked out: the scene at its target, and the controls' stress drivers
  /// there.
  struct Landing: Sendable {
    var scene: Scene
    var controls: Controls
    let result: StepHistory.StepBack

    /// The landing of `job`, worked out.
    init(_ job: consuming Job) {
      scene = job.scene
      controls = job.controls
      result = job.result
    }
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
  var inFlight: Bool {
    state.monitor.withLock { state.job != nil || state.working || state.landing != nil }
  }

  /// Starts working out `job`, on the seek's thread (started with the first job). False
  /// when no thread can be started: the caller then steps back itself.
  func start(_ job: consuming Job) -> Bool {
    guard state.startThread() else { return false }
    // Moved, never copied: the thread must hold the only reference to the scene's storage
    // when it writes it, or the write copies hundreds of megabytes.
    var handed: Job? = consume job
    state.monitor.withLock {
      precondition(!inFlightLocked, "one step back at a time")
      state.job = handed.take()
      state.monitor.broadcast()
    }
    return true
  }

  private var inFlightLocked: Bool { state.job != nil || state.working || state.landing != nil }

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
  /// only reference to its storage, which it writes in place); `working` while it does;
  /// then the landing, until taken.
  var job: StepBackSeek.Job?
  var working = false
  var landing: StepBackSeek.Landing?
  /// Scenes to let go of.
  var discarded: [Scene] = []
  var stopping = false
  /// Whether the thread was started (only the main thread starts it, so unguarded).
  private var started = false

  init(pool: WorkerPool) { self.pool = pool }

  /// What wakes the thread.
  private enum Wake {
    /// A step back to work out, moved into the thread's hands.
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

  /// The thread: works out each step back handed to it, and lets go of the scenes
  /// discarded, until stopped.
  private func run() {
    var handed: StepBackSeek.Job?
    while true {
      switch next(taking: &handed) {
      case .stop: return
      case .released: continue
      case .stepBack: break
      }
      // Moved out of `handed`, and then into the landing: the thread's only reference to
      // the scene's storage, written in place and handed on with none kept.
      var job = handed.take()
      guard job != nil else { continue }
      job!.workOut(on: pool)
      var landing = job.take().map { StepBackSeek.Landing($0) }
      monitor.withLock {
        self.landing = landing.take()
        working = false
        monitor.broadcast()
      }
    }
  }

  /// Waits for work, moving a step back's job into `handed`; lets go of the discarded
  /// scenes outside the lock.
  private func next(taking handed: inout StepBackSeek.Job?) -> Wake {
    var dropped: [Scene] = []
    let wake: Wake = monitor.withLock {
      while !stopping, discarded.isEmpty, job == nil { monitor.wait() }
      if stopping { return .stop }
      swap(&dropped, &discarded)
      guard job != nil else { return .released }
      handed = job.take()
      working = true
      return .stepBack
    }
    dropped.removeAll()
    return wake
  }
}
