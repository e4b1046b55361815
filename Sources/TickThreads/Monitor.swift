#if canImport(Glibc)
  import Glibc
#endif

/// A pthread mutex and condition variable (allocated, so their addresses never move): the
/// project's one lock, for the threads it starts (the sheet worker, the worker pool,
/// tickplay's writer).
///
/// Not `Synchronization.Mutex`: on Linux that locks through futex calls inside the Swift
/// runtime, which ThreadSanitizer does not see: it would take every access the lock
/// guards for a race, and could not check this code. It follows pthread mutexes.
public final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` with the mutex held.
  public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits for a `broadcast`; only inside `withLock` (it may also wake spuriously, so
  /// callers wait in a loop on their condition).
  public func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every waiter; only inside `withLock`.
  public func broadcast() { pthread_cond_broadcast(condition) }
}
