import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Threads made once and kept, that run the parts of one job at a time alongside the
/// calling thread: `forEachPart` hands part k (1 ..< parts) to worker k and runs part 0
/// itself, and returns when every part is done. A frame's work split over the cores
/// (the step's ranges of views, the overview's rows) costs no thread start a frame.
///
/// A worker that cannot be started does its parts on the calling thread: slower, never
/// wrong.
public final class WorkerPool: @unchecked Sendable {
  private let state = PoolState()
  /// Threads in all, the caller's among them: the most parts that run at once.
  public let threads: Int

  /// A pool of `threads` threads in all, the caller's among them (at least 1; fewer when
  /// the system starts fewer).
  public init(threads wanted: Int) {
    var started = 0
    for k in 1..<max(wanted, 1) {
      let state = self.state
      guard startDetachedThread({ state.work(asPart: k) }) else { break }
      started += 1
    }
    threads = started + 1
  }

  deinit {
    state.monitor.withLock {
      state.stopping = true
      state.monitor.broadcast()
    }
  }

  /// Runs `body(k)` for every k in 0 ..< `parts`: part 0 on the calling thread, the
  /// others on the workers, at once; returns when all are done. One call at a time.
  /// - Precondition: `parts` ≤ `threads`.
  public func forEachPart(_ parts: Int, _ body: (Int) -> Void) {
    precondition(parts <= threads, "a part for each thread at most")
    guard parts > 1 else {
      if parts == 1 { body(0) }
      return
    }
    withoutActuallyEscaping(body) { escaping in
      // Every worker lets go of the job before it counts itself done, and the job is
      // dropped before this returns: `body` never outlives the call.
      let job = PoolJob(body: escaping, parts: parts)
      state.publish(job)
      escaping(0)
      state.awaitParts()
    }
  }
}

/// One `forEachPart` call's closure and its number of parts.
private final class PoolJob: @unchecked Sendable {
  let body: (Int) -> Void
  let parts: Int
  init(body: @escaping (Int) -> Void, parts: Int) {
    self.body = body
    self.parts = parts
  }
}

/// What the pool's threads share with it, kept apart from the pool so that the threads do
/// not keep the pool alive: its deinit stops them.
private final class PoolState: @unchecked Sendable {
  let monitor = Monitor()
  /// Guarded by `monitor`: the job of the call under way, a count of calls made, the parts
  /// not done yet, the workers asleep, whether the caller sleeps waiting for the parts, and
  /// whether the threads should end.
  var job: PoolJob?
  var generation = 0
  var remaining = 0
  var sleepers = 0
  var callerWaits = false
  var stopping = false
  /// `generation` and `remaining` as last written under the lock, read without it while a
  /// thread spins, before it sleeps (`spin`): only hints, each then read again under it.
  private let published = Atomic<Int>(0)
  private let pending = Atomic<Int>(0)

  /// How long a thread spins for its next job, or for the parts of its job, before it
  /// sleeps: a wake-up through the kernel costs 30–50 µs on the machine measured (a step's
  /// part of a million views is 80 µs), and a frame's two steps follow each other by less
  /// than this; between frames, the worker spins this long once, then sleeps.
  static let spinDuration = Duration.microseconds(200)

  /// Hands `job` to the workers, waking those asleep.
  func publish(_ job: PoolJob) {
    monitor.withLock {
      self.job = job
      generation += 1
      remaining = job.parts - 1
      published.store(generation, ordering: .releasing)
      pending.store(remaining, ordering: .releasing)
      if sleepers > 0 { monitor.broadcast() }
    }
  }

  /// Returns once every worker's part of the job is done, and lets the job go.
  func awaitParts() {
    spin { pending.load(ordering: .acquiring) == 0 }
    monitor.withLock {
      callerWaits = true
      while remaining > 0 { monitor.wait() }
      callerWaits = false
      job = nil
    }
  }

  /// A worker's loop: part `k` of each job that has one, until the pool goes.
  func work(asPart k: Int) {
    var seen = 0
    while true {
      spin { published.load(ordering: .acquiring) != seen }
      guard runNext(asPart: k, after: &seen) else { return }
      monitor.withLock {
        remaining -= 1
        pending.store(remaining, ordering: .releasing)
        if remaining == 0 && callerWaits { monitor.broadcast() }
      }
    }
  }

  /// Spins until `ready` or `spinDuration` has passed.
  private func spin(until ready: () -> Bool) {
    let deadline = ContinuousClock.now.advanced(by: Self.spinDuration)
    var turns = 0
    while !ready() {
      turns &+= 1
      // The clock read once every few turns: a read costs more than a turn.
      if turns & 63 == 0 && ContinuousClock.now >= deadline { return }
    }
  }

  /// Waits for a job with a part `k`, runs that part and returns true; false once the pool
  /// is stopping. The job is let go when this returns, before the part counts as done.
  private func runNext(asPart k: Int, after seen: inout Int) -> Bool {
    let next: PoolJob? = monitor.withLock {
      while true {
        while generation == seen && !stopping {
          sleepers += 1
          monitor.wait()
          sleepers -= 1
        }
        if stopping { return nil }
        seen = generation
        if let job, k < job.parts { return job }
      }
    }
    guard let next else { return false }
    next.body(k)
    return true
  }
}
