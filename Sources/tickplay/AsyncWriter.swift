import TickFiles
import TickSDL
import TickThreads

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to a file descriptor on a thread of its own, so output never blocks the loop.
///
/// The loop hands over work with `submit`: a closure that makes the bytes (formatting
/// happens on the writer's thread too) and runs in submission order. A slow reader — a
/// pipe nobody drains fast enough, a slow disk — only makes the queue longer; nothing is
/// dropped, and `close` waits for everything to be written.
final class AsyncWriter: @unchecked Sendable {
  /// A piece of work: makes the bytes to write.
  typealias Chunk = @Sendable () -> [UInt8]

  private let fd: Int32
  private let ownsDescriptor: Bool
  /// The file written, when it is written whole (`creating`): renamed into place by
  /// `close`.
  private let file: WholeFile?
  /// Guards the three below; broadcast when work arrives, when the writer closes and when
  /// the thread has written everything and stopped.
  private let monitor = Monitor()
  /// Guarded by `monitor`: work waiting, oldest first.
  private var queue: [Chunk] = []
  /// Chunks submitted and not yet written (queued, or taken by the thread).
  private var unwritten = 0
  /// Guarded by `monitor`: whether `close` was called, and whether the thread has ended.
  private var closing = false
  private var done = false

  /// Writes to `fd`; with `ownsDescriptor`, `close()` closes it.
  init(fd: Int32, ownsDescriptor: Bool) {
    self.fd = fd
    self.ownsDescriptor = ownsDescriptor
    file = nil
    startThread()
  }

  /// Writes `file`'s part file, which `close` renames into place.
  private init(file: WholeFile) {
    fd = file.descriptor
    ownsDescriptor = false
    self.file = file
    startThread()
  }

  private func startThread() {
    if !startDetachedThread({ self.run() }) {
      // No thread: write inline from now on (still correct, just not asynchronous).
      monitor.withLock { done = true }
    }
  }

  /// A writer to `path`, written whole: to a part file beside it until `close` renames it
  /// into place (`WholeFile`), so that `path` holds its earlier file or the whole output.
  /// - Throws: a usage error naming `option` and why the file cannot be made.
  static func creating(_ path: String, for option: String) throws(UsageError) -> AsyncWriter {
    do {
      return AsyncWriter(file: try WholeFile(path))
    } catch {
      throw UsageError("cannot create \(option) file \(path): \(error.reason)")
    }
  }

  /// Queues `chunk`; it runs on the writer's thread.
  func submit(_ chunk: @escaping Chunk) {
    let inline = monitor.withLock { () -> Bool in
      if done || closing { return true }
      queue.append(chunk)
      unwritten += 1
      monitor.broadcast()
      return false
    }
    if inline { write(chunk()) }
  }

  /// The chunks submitted that are not written yet: what a loop that makes them faster
  /// than they are written waits on (`Play`'s `--events`).
  var backlog: Int { monitor.withLock { unwritten } }

  /// Queues `text` as it is.
  func submit(text: String) {
    submit { Array(text.utf8) }
  }

  /// Queues a cut: once what was queued before is written, the file is cut to its first
  /// `length` bytes and writing goes on from there (a file descriptor, not a pipe).
  func truncate(to length: Int) {
    let fd = self.fd
    submit {
      _ = ftruncate(fd, off_t(length))
      _ = lseek(fd, off_t(length), SEEK_SET)
      return []
    }
  }

  /// Writes everything queued, stops the thread and (if it owns it) closes the descriptor.
  func close() {
    let already = monitor.withLock { () -> Bool in
      if closing { return true }
      closing = true
      monitor.broadcast()
      while !done { monitor.wait() }
      return false
    }
    guard !already else { return }
    if ownsDescriptor { _ = Glibc.close(fd) }
    do {
      try file?.commit()
    } catch {
      Console.err("tickplay: \(error)")
    }
  }

  // MARK: - Private

  private func run() {
    while let work = nextWork() {
      for chunk in work {
        write(chunk())
        monitor.withLock { unwritten -= 1 }
      }
    }
  }

  /// The work queued, taken off the queue once there is some; nil (and the thread marked
  /// done) once the writer is closing and nothing is left.
  private func nextWork() -> [Chunk]? {
    monitor.withLock {
      while queue.isEmpty, !closing { monitor.wait() }
      if queue.isEmpty {
        done = true
        monitor.broadcast()
        return nil
      }
      defer { queue.removeAll() }
      return queue
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
