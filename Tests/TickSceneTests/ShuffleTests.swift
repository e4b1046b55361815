import Testing

@testable import TickScene

/// `Shuffle`, the order `bench frame` starts a scene of millions of views in: a
/// permutation of `0..<count` for any count, which a seed changes, kept in no list.
@Suite struct ShuffleTests {
  @Test(arguments: [1, 2, 3, 5, 64, 1000, 4097, 65_536])
  func everyNumberOnce(count: Int) {
    let order = Shuffle(count: count, seed: 7)
    var seen = [Bool](repeating: false, count: count)
    for place in 0..<count {
      let n = order.cell(at: place)
      #expect((0..<count).contains(n), "\(n) outside 0..<\(count)")
      guard (0..<count).contains(n) else { continue }
      #expect(!seen[n], "\(n) twice in \(count)")
      seen[n] = true
    }
    #expect(seen.allSatisfy { $0 })
  }

  /// Another seed gives another order, and the order is not the identity.
  @Test func theSeedChangesTheOrder() {
    let count = 10_000
    let a = (0..<count).map { Shuffle(count: count, seed: 1).cell(at: $0) }
    let b = (0..<count).map { Shuffle(count: count, seed: 2).cell(at: $0) }
    #expect(a != b)
    #expect(a != Array(0..<count))
  }
}
