import Testing
import TickApp

@Suite struct PercentileTests {
  @Test func theValueAtRankFloorOfCountTimesP() {
    let values = (1...10).map(Double.init).shuffled()
    #expect(Percentile.of(values, 0) == 1)
    #expect(Percentile.of(values, 0.5) == 6, "rank 5 of 0…9")
    #expect(Percentile.of(values, 0.95) == 10, "rank 9")
    #expect(Percentile.of(values, 0.99) == 10)
    #expect(Percentile.of(values, 1) == 10, "the largest, not past the end")
  }

  @Test func aSortedSliceAndNothingAtAll() {
    let sorted: [Double] = [0, 2, 4, 6, 8]
    #expect(Percentile.of(sorted: sorted[1...], 0.5) == 6, "ranks counted from the slice's start")
    #expect(Percentile.of([], 0.5) == 0)
  }
}
