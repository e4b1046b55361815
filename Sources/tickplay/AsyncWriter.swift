import TickApp
import TickSDL

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to a file descriptor on a thread of its own, so output never blocks the loop.
///
/// The loop hands over work with `submit`: a closure that makes the bytes (formatting
/// happens on the writer's thread too) and runs in submission order. A slow reader — a
/// pipe nobody drains fast enough, a slow disk — only makes the queue longer; nothing is
/// dropped, and `close` waits for everything to be written.
final class AsyncWriter: Sendable {
  /// A piece of work: makes the bytes to write.
  typealias Chunk = @Sendable () -> [UInt8]

  private struct State {
    var queue: [Chunk] = []
    var closing = false
    var done = false
  }

  private let fd: Int32
  private let ownsDescriptor: Bool
  private let state = Locked(State())
  /// Signalled when work arrives or the writer closes; waited on by the thread.
  private let wake = Semaphore()
  /// Signalled once the thread has written everything and stopped.
  private let finished = Semaphore()

  /// Writes to `fd`; with `ownsDescriptor`, `close()` closes it.
  init(fd: Int32, ownsDescriptor: Bool) {
    self.fd = fd
    self.ownsDescriptor = ownsDescriptor
    if !startDetachedThread({ self.run() }) {
      // No thread: write inline from now on (still correct, just not asynchronous).
      state.withLock { $0.done = true }
      finished.signal()
    }
  }

  /// A writer to `path`, created or truncated.
  /// - Throws: a usage error naming `option` and why the file cannot be made.
  static func creating(_ path: String, for option: String) throws(UsageError) -> AsyncWriter {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw UsageError("cannot create \(option) file \(path): \(FileBytes.reason())")
    }
    return AsyncWriter(fd: fd, ownsDescriptor: true)
  }

  /// Queues `chunk`; it runs on the writer's thread.
  func submit(_ chunk: @escaping Chunk) {
    let inline = state.withLock { s -> Bool in
      if s.done || s.closing { return true }
      s.queue.append(chunk)
      return false
    }
    if inline {
      write(chunk())
    } else {
      wake.signal()
    }
  }

  /// Queues `text` as it is.
  func submit(text: String) {
    submit { Array(text.utf8) }
  }

  /// Writes everything queued, stops the thread and (if it owns it) closes the descriptor.
  func close() {
    let already = state.withLock { s -> Bool in
      let was = s.closing
      s.closing = true
      return was
    }
    guard !already else { return }
    wake.signal()
    finished.wait()
    if ownsDescriptor { _ = Glibc.close(fd) }
  }

  // MARK: - Private

  private func run() {
    while true {
      wake.wait()
      while true {
        let (work, stop) = state.withLock { s -> ([Chunk], Bool) in
          let q = s.queue
          s.queue.removeAll()
          return (q, s.closing && q.isEmpty)
        }
        if stop {
          state.withLock { $0.done = true }
          finished.signal()
          return
        }
        if work.isEmpty { break }
        for chunk in work { write(chunk()) }
      }
    }
  }

  private func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buf in
      var off = 0
      while off < buf.count {
        let n = Glibc.write(fd, buf.baseAddress! + off, buf.count - off)
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return }  // a closed pipe or a full disk: output is best effort
        off += n
      }
    }
  }
}

/// A value behind a pthread mutex (allocated, so its address never moves).
///
/// Not `Synchronization.Mutex`: on Linux that locks through futex calls inside the Swift
/// runtime, which ThreadSanitizer does not see: it takes every access the lock guards for
/// a race, and could not check this code. It follows pthread mutexes.
final class Locked<Value>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` on the value with the mutex held.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}

/// A counting semaphore over a mutex and a condition variable (allocated, so their
/// addresses never move).
final class Semaphore: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var count = 0

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

  func signal() {
    pthread_mutex_lock(mutex)
    count += 1
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  func wait() {
    pthread_mutex_lock(mutex)
    while count == 0 { pthread_cond_wait(condition, mutex) }
    count -= 1
    pthread_mutex_unlock(mutex)
  }
}
