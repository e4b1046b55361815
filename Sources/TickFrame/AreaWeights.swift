/// A one-dimensional box resample: how much of each output pixel each source pixel covers.
///
/// The source is `count` pixels laid end to end from window coordinate `origin`, each
/// `step` window pixels long; the outputs are the window pixels `0..<length`, each one long.
/// An output's weights are the lengths of its overlaps with the source pixels, and with
/// the background on either side of the source, so they sum to one (its area): the
/// average over the pixel of a picture that is the source inside its span and the
/// background outside. Each source pixel's weights, summed over all outputs, are its
/// length `step`, so the resample keeps the mean.
///
/// Taps are read from a *padded* source: padded index `q` is source pixel
/// `sources.lowerBound - 1 + q`, and a pixel outside `0..<count` is the background. Every
/// output has `taps` weights from its `first` padded index (zero where it needs fewer), so
/// the inner loops have no branches. Rebuilding reuses the tables' storage.
public struct AreaWeights: Sendable {
  /// The outputs the source reaches; the others see only the background.
  public private(set) var outputs: Range<Int> = 0..<0
  /// The source pixels those outputs see.
  public private(set) var sources: Range<Int> = 0..<0
  /// Weights per output.
  public private(set) var taps = 0
  /// For output `outputs.lowerBound + i`, the padded index of its first tap.
  public private(set) var first: [Int32] = []
  /// `taps` weights per output, in output order.
  public private(set) var weights: [Float] = []

  public init() {}

  /// The padded source's length: the sources seen and one pixel either side.
  @inlinable public var paddedCount: Int { sources.isEmpty ? 0 : sources.count + 2 }

  /// The source pixel at padded index `q` (outside `0..<count`: the background).
  @inlinable public func source(atPadded q: Int) -> Int { sources.lowerBound - 1 + q }

  /// Recomputes the tables for a source of `count` pixels of `step` window pixels from
  /// `origin`, into outputs `0..<length`.
  /// - Precondition: finite `origin`, positive finite `step`, non-negative counts.
  public mutating func rebuild(origin: Double, step: Double, count: Int, length: Int) {
    precondition(origin.isFinite && step.isFinite && step > 0 && count >= 0 && length >= 0)
    let span = Span(origin: origin, step: step, count: count)
    first.removeAll(keepingCapacity: true)
    weights.removeAll(keepingCapacity: true)
    let lo = span.window(span.origin.rounded(.down), clampedTo: length)
    let hi = span.window(span.end.rounded(.up), clampedTo: length)
    guard count > 0, lo < hi else {
      (outputs, sources, taps) = (0..<0, 0..<0, 0)
      return
    }
    outputs = lo..<hi
    // The sources seen, and the widest run of padded pixels one output covers.
    var s0 = Int.max
    var s1 = Int.min
    var widest = 0
    for x in outputs {
      let run = span.covered(byOutput: x)
      s0 = min(s0, run.lowerBound)
      s1 = max(s1, run.upperBound + 1)
      widest = max(widest, run.count)
    }
    sources = max(0, s0)..<min(count, s1)
    taps = widest
    for x in outputs { appendTaps(of: x, span) }
  }

  /// Calls `body` with each source pixel output `x` sees and its weight (background
  /// taps and zero weights left out). For building and checking, not for inner loops.
  public func forEachTap(ofOutput x: Int, count: Int, _ body: (Int, Float) -> Void) {
    guard outputs.contains(x) else { return }
    let i = x - outputs.lowerBound
    for t in 0..<taps {
      let w = weights[i * taps + t]
      let j = source(atPadded: Int(first[i]) + t)
      if w != 0, j >= 0, j < count { body(j, w) }
    }
  }

  /// Appends output `x`'s first padded index and its `taps` weights.
  private mutating func appendTaps(of x: Int, _ span: Span) {
    let run = span.covered(byOutput: x)
    // Shifted back so that every tap lies inside the padded source.
    let q0 = min(run.lowerBound - source(atPadded: 0), paddedCount - taps)
    first.append(Int32(q0))
    let base = weights.count
    weights.append(contentsOf: repeatElement(0, count: taps))
    var lengths = 0.0
    for j in run { lengths += span.overlap(ofSource: j, withOutput: x) }
    for j in run {
      let q = j - source(atPadded: 0)
      weights[base + q - q0] = Float(span.overlap(ofSource: j, withOutput: x) / lengths)
    }
  }
}

/// A source laid along a window axis: where its pixels and the background on either side
/// fall. Source pixel `-1` stands for the background before the source, `count` for the
/// background after it, each as long as needed.
struct Span {
  let origin: Double
  let step: Double
  let count: Int

  /// The window coordinate where the source ends.
  var end: Double { origin + Double(count) * step }

  /// Whole window coordinate `x` clamped to `0...length`, as an output index.
  func window(_ x: Double, clampedTo length: Int) -> Int {
    Int(max(0, min(Double(length), x)))
  }

  /// The window coordinate of source pixel `j`'s leading edge.
  func edge(_ j: Int) -> Double { origin + Double(j) * step }

  /// The source pixels (and background, as `-1` and `count`) output `x` overlaps.
  func covered(byOutput x: Int) -> ClosedRange<Int> {
    // Clamped before converting, so that no window coordinate can overflow an Int.
    let limit = Double(count) + 1
    let a = Int(min(max(((Double(x) - origin) / step).rounded(.down), -1), limit))
    let b = Int(min(max(((Double(x + 1) - origin) / step).rounded(.up), -1), limit)) - 1
    // The division may land a pixel off; the overlaps decide.
    var lo = min(max(a - 1, -1), count)
    var hi = max(min(b + 1, count), -1)
    while lo < hi, overlap(ofSource: lo, withOutput: x) <= 0 { lo += 1 }
    while hi > lo, overlap(ofSource: hi, withOutput: x) <= 0 { hi -= 1 }
    return lo...hi
  }

  /// The length of output `x`'s overlap with source pixel `j` (or the background).
  func overlap(ofSource j: Int, withOutput x: Int) -> Double {
    let a = j < 0 ? -Double.infinity : edge(j)
    let b = j >= count ? Double.infinity : edge(j + 1)
    return max(0, min(Double(x + 1), b) - max(Double(x), a))
  }
}

/// An `AreaWeights`' tables as pointers, for inner loops; valid only inside `withTable`.
struct AxisTable {
  let outputs: Range<Int>
  let taps: Int
  let first: UnsafePointer<Int32>
  let weights: UnsafePointer<Float>
}

extension AreaWeights {
  /// Calls `body` with the tables as pointers.
  func withTable<R>(_ body: (AxisTable) -> R) -> R {
    first.withUnsafeBufferPointer { f in
      weights.withUnsafeBufferPointer { w in
        // An empty array may have no storage; no output reads it then.
        let none = UnsafePointer<Int32>(bitPattern: MemoryLayout<Int32>.alignment)!
        let noWeight = UnsafePointer<Float>(bitPattern: MemoryLayout<Float>.alignment)!
        return body(
          AxisTable(
            outputs: outputs, taps: taps, first: f.baseAddress ?? none,
            weights: w.baseAddress ?? noWeight))
      }
    }
  }
}
