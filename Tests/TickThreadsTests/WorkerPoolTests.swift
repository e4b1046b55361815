import Testing
import TickThreads

#if canImport(Glibc)
  import Glibc
#endif

/// `WorkerPool`: every part runs once, on as many threads as the pool has, and the call
/// returns only when all are done (run under ThreadSanitizer by `tools/test --sanitize`).
@Suite struct WorkerPoolTests {
  /// Each part writes its own slots; the caller reads them all after the call: a part
  /// missed, run twice or still running would show.
  @Test(arguments: [1, 2, 3, 4, 8])
  func everyPartRunsOnceAndIsDoneOnReturn(threads: Int) {
    let pool = WorkerPool(threads: threads)
    #expect(pool.threads == threads)
    let perPart = 10_000
    for parts in 0...threads {
      let out = UnsafeMutableBufferPointer<Int>.allocate(capacity: max(parts, 1) * perPart)
      out.initialize(repeating: 0)
      defer { out.deallocate() }
      for _ in 0..<3 {
        pool.forEachPart(parts) { k in
          for i in 0..<perPart { out[k * perPart + i] += k + 1 }
        }
      }
      for k in 0..<parts {
        #expect(out[(k * perPart)..<((k + 1) * perPart)].allSatisfy { $0 == 3 * (k + 1) })
      }
    }
  }

  /// The parts run on distinct threads at once: each waits until all have started, which
  /// on one thread would never happen (bounded, so a failure ends).
  @Test func thePartsRunAtOnce() {
    let pool = WorkerPool(threads: 4)
    let started = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    started.initialize(to: 0)
    defer { started.deallocate() }
    let lock = Monitor()
    var allMet = [Bool](repeating: false, count: 4)
    allMet.withUnsafeMutableBufferPointer { met in
      pool.forEachPart(4) { k in
        lock.withLock {
          started.pointee += 1
          lock.broadcast()
        }
        // A deadline, not a sleep: the part gives up after about 10 s of waiting.
        let deadline = ContinuousClock.now + .seconds(10)
        lock.withLock {
          while started.pointee < 4 && ContinuousClock.now < deadline { lock.wait() }
          met[k] = started.pointee == 4
        }
        lock.withLock { lock.broadcast() }
      }
    }
    #expect(allMet == [true, true, true, true])
  }
}
