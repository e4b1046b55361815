#if canImport(Glibc)
  import Glibc
#endif

/// A pthread mutex and condition variable (allocated, so their addresses never move).
///
/// Not `Synchronization.Mutex`: on Linux that locks through futex calls inside the Swift
/// runtime, which ThreadSanitizer does not see (see `AsyncWriter`'s `Locked`).
final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
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
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits for a `broadcast`; only inside `withLock`.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every waiter; only inside `withLock`.
  func broadcast() { pthread_cond_broadcast(condition) }
}
