import Foundation
import Testing
import TickSDL

@testable import TickThreads
@testable import tickplay

/// tickplay's writer thread, which `--events`, `--record` and `--trace` go through: under
/// load from the submitting thread, through a reader slower than the writer, nothing is
/// lost or reordered. `tools/test --sanitize` runs these under ThreadSanitizer and
/// AddressSanitizer: they are the app's only code that runs on two threads at once.
@Suite struct AsyncWriterTests {
  /// Lines enough to fill a pipe's 64 KiB buffer many times over, so that the writer
  /// thread blocks on the pipe while the submitting thread keeps queueing.
  static let lineCount = 20_000

  /// A pipe whose read end is drained to its end on a thread of its own.
  final class DrainedPipe: @unchecked Sendable {
    let writeEnd: Int32
    private let readEnd: Int32
    private var bytes: [UInt8] = []
    /// Guards `finished`, set once the reader has seen end of file.
    private let monitor = Monitor()
    private var finished = false

    init() throws {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
      readEnd = fds[0]
      writeEnd = fds[1]
      Thread.detachNewThread { [self] in
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
          let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
          if n < 0, errno == EINTR { continue }
          if n <= 0 { break }
          bytes += chunk.prefix(n)
        }
        close(readEnd)
        monitor.withLock {
          finished = true
          monitor.broadcast()
        }
      }
    }

    /// Waits for end of file (every write end closed) and returns the lines read.
    func lines() -> [Substring] {
      monitor.withLock { while !finished { monitor.wait() } }
      return String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    }
  }

  @Test func everyLineArrivesInOrderThroughAFullPipe() throws {
    let pipe = try DrainedPipe()
    let writer = AsyncWriter(fd: pipe.writeEnd, ownsDescriptor: true)
    for i in 0..<Self.lineCount {
      // Formatting runs on the writer's thread, as `--events` lines do.
      writer.submit { Array("line \(i) \(String(repeating: "x", count: i % 40))\n".utf8) }
    }
    writer.close()
    let lines = pipe.lines()
    #expect(lines.count == Self.lineCount)
    #expect(
      lines.enumerated().allSatisfy { i, l in l.hasPrefix("line \(i) ") },
      "lines out of order or damaged")
  }

  /// The backlog play waits on (`Play.eventsBacklogFrames`): every chunk submitted counts
  /// until it is written, the one being formatted too.
  @Test func theBacklogCountsChunksUntilWritten() throws {
    let pipe = try DrainedPipe()
    let writer = AsyncWriter(fd: pipe.writeEnd, ownsDescriptor: true)
    let gate = Monitor()
    nonisolated(unsafe) var open = false
    writer.submit {
      gate.withLock { while !open { gate.wait() } }
      return Array("first\n".utf8)
    }
    for i in 0..<3 { writer.submit(text: "\(i)\n") }
    #expect(writer.backlog == 4, "the chunk being formatted and three queued")
    gate.withLock {
      open = true
      gate.broadcast()
    }
    writer.close()
    #expect(writer.backlog == 0)
    #expect(pipe.lines() == ["first", "0", "1", "2"])
  }

  @Test func submitsFromSeveralThreadsKeepEachThreadsOrder() throws {
    let threads = 4
    let pipe = try DrainedPipe()
    let writer = AsyncWriter(fd: pipe.writeEnd, ownsDescriptor: true)
    DispatchQueue.concurrentPerform(iterations: threads) { t in
      for i in 0..<Self.lineCount / threads { writer.submit(text: "\(t) \(i)\n") }
    }
    writer.close()
    var next = [Int](repeating: 0, count: threads)
    for line in pipe.lines() {
      let parts = line.split(separator: " ").compactMap { Int($0) }
      guard parts.count == 2, parts[0] < threads, parts[1] == next[parts[0]] else {
        Issue.record("line \"\(line)\" out of order (expected \(next))")
        return
      }
      next[parts[0]] += 1
    }
    #expect(next == [Int](repeating: Self.lineCount / threads, count: threads))
  }

  @Test func closeWaitsForEverythingQueuedAndMayBeCalledTwice() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "async-writer-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("out.txt").path
    let writer = try AsyncWriter.creating(path, for: "--record")
    let big = String(repeating: "y", count: 1 << 20)
    writer.submit(text: "first\n")
    writer.submit(text: big + "\n")
    writer.submit(text: "last\n")
    writer.close()
    writer.close()
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == "first\n" + big + "\nlast\n")
  }
}
