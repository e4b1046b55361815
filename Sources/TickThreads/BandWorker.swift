#if canImport(Glibc)
  import Glibc
#endif

/// A second thread that runs one job at a time for the thread that hands it over: `run`
/// gives it a job and returns at once, `wait` returns when the job is done. The overview
/// renders half its rows here while the calling thread renders the other half.
///
/// If no thread can be started, `run` does the job itself: slower, never wrong.
public final class BandWorker: @unchecked Sendable {
  private let monitor = Monitor()
  /// Guarded by `monitor`: the job handed over and not yet taken, whether one is running
  /// or waiting, and whether the thread should end.
  private var job: (@Sendable () -> Void)?
  private var busy = false
  private var stopping = false
  private var threaded = false

  public init() {
    threaded = startDetachedThread { self.loop() }
  }

  /// Starts `body` on the worker (or runs it now, without a thread).
  public func run(_ body: @escaping @Sendable () -> Void) {
    guard threaded else { return body() }
    monitor.withLock {
      job = body
      busy = true
      monitor.broadcast()
    }
  }

  /// Returns once the job `run` started is done.
  public func wait() {
    monitor.withLock {
      while busy { monitor.wait() }
    }
  }

  /// Ends the thread once its job, if any, is done.
  public func stop() {
    monitor.withLock {
      stopping = true
      monitor.broadcast()
    }
  }

  private func loop() {
    while true {
      var body = next()
      guard body != nil else { return }
      body?()
      // Let go of the job, and what it captured, before it counts as done: a scene it
      // holds past `wait` makes the caller's next change to that scene copy its arrays
      // (a 16-million-view scene's records are 201 MB).
      body = nil
      monitor.withLock {
        busy = false
        monitor.broadcast()
      }
    }
  }

  /// The next job, or nil once stopping with none left: a job handed over before `stop`
  /// is still done, so that a `wait` for it returns.
  private func next() -> (@Sendable () -> Void)? {
    monitor.withLock {
      while job == nil && !stopping { monitor.wait() }
      defer { job = nil }
      return job
    }
  }
}
