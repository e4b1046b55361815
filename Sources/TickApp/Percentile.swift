/// The nearest-rank percentile every figure of frame times uses: the HUD's p50 and p99,
/// play's summary on exit and the benches.
///
/// The `p` percentile (0 to 1) of `n` values is the value at rank ⌊n·p⌋ in ascending
/// order, and the largest for `p` = 1: an actual sample, never an interpolation between
/// two, so a worst frame reported is a frame that happened.
public enum Percentile {
  /// The `p` percentile of `sorted`, which is in ascending order; 0 when it is empty.
  public static func of(sorted: some RandomAccessCollection<Double>, _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = min(sorted.count - 1, Int(Double(sorted.count) * p))
    return sorted[sorted.index(sorted.startIndex, offsetBy: rank)]
  }

  /// The `p` percentile of `values`, in any order; 0 when there are none.
  public static func of(_ values: [Double], _ p: Double) -> Double {
    of(sorted: values.sorted(), p)
  }
}
