import Testing

@testable import TickApp

/// `LimitSearch`, the search `bench limit` runs, against measures whose limit is known: a
/// frame time that grows with the load as a machine's does, crossing the budget at a load
/// the test chooses.
@Suite struct LimitSearchTests {
  /// A p95 of `base` ms plus `perLoad` ms an animation: over `budget` past
  /// (budget − base) / perLoad.
  struct Linear {
    var base: Double
    var perLoad: Double
    var asked: [Int] = []

    mutating func p95(_ n: Int) -> Double {
      asked.append(n)
      return base + perLoad * Double(n)
    }

    /// The largest load within `budget`.
    func limit(_ budget: Double) -> Int { Int(((budget - base) / perLoad).rounded(.down)) }
  }

  /// Doubling from 1,000 passes the budget, and bisection closes in to within 5 % below
  /// the true limit, in fewer probes than the bound.
  @Test(arguments: [2_500, 117_000, 333_333, 999_000])
  func findsTheLimitWithinItsPrecision(limit: Int) {
    // Half an animation past `limit`, so that rounding cannot put the edge on either side.
    var m = Linear(base: 5, perLoad: 11.7 / (Double(limit) + 0.5))
    let search = LimitSearch(cap: 1_000_000, budget: 16.7)
    let truth = m.limit(16.7)
    var seen: [LimitSearch.Probe] = []
    let r = search.run(measure: { m.p95($0) }, progress: { seen.append($0) })
    #expect(r.held <= truth, "held \(r.held), limit \(truth)")
    #expect(Double(truth - r.held) <= 0.05 * Double(r.held), "held \(r.held), limit \(truth)")
    let over = try? #require(r.over)
    #expect((over?.load ?? 0) > truth && !(over?.held ?? true))
    #expect(!r.capped && r.probes == seen && r.probes.count <= search.maxProbes)
    #expect(m.asked == r.probes.map(\.load), "each probe measured once, in order")
    #expect(m.asked.prefix(2) == [1_000, 2_000], "the load doubles from 1,000")
    #expect(r.heldProbe?.load == r.held && r.heldProbe?.held == true)
  }

  /// A machine that holds every view: the load stops at the scene's views, and the
  /// result says the limit is higher.
  @Test func stopsAtTheViewsAndSaysSo() {
    var m = Linear(base: 1, perLoad: 0)
    let r = LimitSearch(cap: 5_000, budget: 16.7).run { m.p95($0) }
    #expect(m.asked == [1_000, 2_000, 4_000, 5_000])
    #expect(r.held == 5_000 && r.capped && r.over == nil)
  }

  /// When the first load is already over, the load halves until one holds, then bisects;
  /// a budget nothing meets ends at a single animation with nothing held.
  @Test func goesDownWhenTheFirstLoadIsOver() {
    var m = Linear(base: 5, perLoad: 0.04)  // limit 292
    let r = LimitSearch(cap: 1_000_000, budget: 16.7).run { m.p95($0) }
    #expect(m.asked.prefix(3) == [1_000, 500, 250])
    #expect(r.held <= 292 && Double(292 - r.held) <= 0.05 * Double(r.held), "\(r.held)")
    var never = Linear(base: 20, perLoad: 0)
    let none = LimitSearch(cap: 1_000_000, budget: 16.7).run { never.p95($0) }
    #expect(none.held == 0 && none.heldProbe == nil && never.asked.last == 1)
    #expect(none.over?.load == 1 && !none.capped)
  }

  /// The probe count bounds the time: the search stops there with the best found so far.
  @Test func neverTakesMoreThanItsProbes() {
    var m = Linear(base: 5, perLoad: 11.7 / 700_000)
    let r = LimitSearch(cap: 1_000_000, budget: 16.7, maxProbes: 5).run { m.p95($0) }
    #expect(r.probes.count == 5 && r.held == 16_000 && !r.capped)
  }

  /// A measure that does not grow evenly (a shared machine): the bisection halves the gap
  /// between the largest load held and the smallest over, whatever each probe says, until
  /// it is within 5 % of the load held.
  @Test func bisectsBetweenTheLargestHeldAndTheSmallestOver() {
    let answers: [Int: Double] = [
      1_000: 5, 2_000: 5, 4_000: 20, 3_000: 20, 2_500: 5, 2_750: 5, 2_875: 20,
    ]
    var asked: [Int] = []
    let r = LimitSearch(cap: 1_000_000, budget: 16.7).run { n in
      asked.append(n)
      return answers[n] ?? 100
    }
    // The last probe looks at the smallest load over once more.
    #expect(asked == [1_000, 2_000, 4_000, 3_000, 2_500, 2_750, 2_875, 2_875])
    #expect(r.held == 2_750 && r.over?.load == 2_875 && r.over?.p95 == 20)
  }

  /// A burst of work from elsewhere that fails a load far below the limit (long enough to
  /// fail the bench's second probe too: one call of the measure) is caught by the last
  /// look at the edge: the load holds then, and the search carries on up from it to the
  /// real limit.
  @Test func aBurstBelowTheLimitIsCaughtByTheLastLook() {
    var m = Linear(base: 5, perLoad: 11.7 / 100_000.5)  // limit 100,000
    var bursts = 1
    let r = LimitSearch(cap: 1_000_000, budget: 16.7).run { n in
      if n == 8_000 && bursts > 0 {
        bursts -= 1
        return 40
      }
      return m.p95(n)
    }
    #expect(r.held <= 100_000 && r.held >= 95_000, "\(r.probes.map(\.load))")
    #expect(r.over.map { $0.load > 100_000 } == true)
    #expect(r.probes.count <= LimitSearch.defaultMaxProbes)
  }

  /// A measure that fails stops the search with its error.
  @Test func aFailingMeasureStopsTheSearch() {
    struct Broken: Error {}
    var calls = 0
    #expect(throws: Broken.self) {
      _ = try LimitSearch(cap: 100, budget: 16.7).run { (n: Int) throws(Broken) -> Double in
        calls += 1
        throw Broken()
      }
    }
    #expect(calls == 1)
  }
}

/// The scene `bench limit` searches over without `--grid`: as many views as half the
/// memory available holds, all of them animating, up to the most a scene holds.
@Suite struct LimitSceneSizeTests {
  @Test func theSceneFitsHalfTheMemoryUpToTheMost() {
    let most = 16_777_216
    let gib = 1 << 30
    #expect(LimitSearch.sceneViews(availableBytes: 22 * gib, bytesPerView: 24, most: most) == most)
    let small = LimitSearch.sceneViews(availableBytes: gib / 4, bytesPerView: 24, most: most)
    #expect(small == gib / 8 / 24 && small < most)
    #expect(LimitSearch.sceneViews(availableBytes: nil, bytesPerView: 24, most: most) == most)
    #expect(LimitSearch.sceneViews(availableBytes: 0, bytesPerView: 24, most: most) == 1)
  }
}
