import TickCommandLine
import TickSDL
import TickThreads

extension LaunchOptions {
  /// The pool that steps a session's views (`--threads`, every core the process may use by
  /// default): made once a session, its threads kept until it ends.
  func makeWorkers() -> WorkerPool {
    WorkerPool(threads: threads ?? availableCores())
  }
}
