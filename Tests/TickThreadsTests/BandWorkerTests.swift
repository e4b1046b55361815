import Glibc
import Testing
import TickThreads

/// The overview's second thread: a job handed over with `run` is done, on another thread,
/// by the time `wait` returns, and what it wrote is then seen whole; a job queued before
/// `stop` is still done. Runs under ThreadSanitizer in `tools/test --sanitize`.
@Suite struct BandWorkerTests {
  /// Memory both threads write, each its own half, read by the caller after `wait`.
  final class Halves: @unchecked Sendable {
    let values: UnsafeMutableBufferPointer<Int>
    var ranOn: UInt = 0
    init(count: Int) { values = .allocate(capacity: count) }
    deinit { values.deallocate() }
  }

  @Test func eachJobIsDoneWhenWaitReturns() {
    let worker = BandWorker()
    defer { worker.stop() }
    let n = 1_000
    let halves = Halves(count: n)
    for round in 1...200 {
      worker.run {
        for i in (n / 2)..<n { halves.values[i] = round * i }
        halves.ranOn = pthread_self()
      }
      for i in 0..<(n / 2) { halves.values[i] = round * i }
      worker.wait()
      #expect((0..<n).allSatisfy { halves.values[$0] == round * $0 }, "round \(round)")
    }
    #expect(halves.ranOn != pthread_self(), "the job ran on the worker's thread")
  }

  @Test func aJobQueuedBeforeStopIsDone() {
    let worker = BandWorker()
    let halves = Halves(count: 1)
    halves.values[0] = 0
    worker.run { halves.values[0] = 7 }
    worker.stop()
    worker.wait()
    #expect(halves.values[0] == 7)
  }
}
