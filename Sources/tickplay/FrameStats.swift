import TickApp

/// Frame work times (events to present, without the pacing sleep), summarised on exit.
struct FrameStats {
  private var times: [Double] = []

  init() { times.reserveCapacity(1 << 16) }

  mutating func add(_ seconds: Double) {
    if times.count < 1 << 20 { times.append(seconds) }
  }

  /// "frame work mean 1.23 ms, p95 2.00 ms, worst 9.10 ms", or "no frames".
  var summary: String {
    guard !times.isEmpty else { return "no frames" }
    let sorted = times.sorted()
    let mean = times.reduce(0, +) / Double(times.count)
    let p95 = Percentile.of(sorted: sorted, 0.95)
    return "frame work mean \(ms(mean)), p95 \(ms(p95)), worst \(ms(sorted.last!))"
  }

  private func ms(_ s: Double) -> String { String(format2: s * 1000) + " ms" }
}
