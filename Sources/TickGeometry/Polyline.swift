/// An open polyline with its arc-length table, built once and trimmed many times.
///
/// Non-finite points are dropped when the polyline is made; repeated points are kept (they
/// add no length, and the stroker skips them).
public struct Polyline: Sendable {
  /// The points, in order.
  public let points: [Point]
  /// `cumulative[i]` is the arc length from the first point to point `i`.
  public let cumulative: [Float]

  public init(_ points: [Point]) {
    let finite = points.filter(\.isFinite)
    var lengths: [Float] = []
    lengths.reserveCapacity(finite.count)
    var total: Float = 0
    for (i, p) in finite.enumerated() {
      if i > 0 {
        let step = (p - finite[i - 1]).length
        total += step.isFinite ? step : 0
      }
      lengths.append(total)
    }
    self.points = finite
    self.cumulative = lengths
  }

  /// The total arc length.
  public var length: Float { cumulative.last ?? 0 }

  /// The point at arc-length fraction `t` (clamped to [0, 1]); nil for an empty polyline.
  public func point(atFraction t: Float) -> Point? {
    guard let first = points.first else { return nil }
    let total = length
    guard total > 0 else { return first }
    let d = clampUnit(t) * total
    let i = segmentIndex(atDistance: d)
    let span = cumulative[i + 1] - cumulative[i]
    let f = span > 0 ? (d - cumulative[i]) / span : 0
    return points[i].lerp(to: points[i + 1], f)
  }

  /// Writes the part between arc-length fractions `start` and `end`, moved by `offset`, into
  /// `out`, replacing its contents; `out` keeps its capacity, so a reused buffer allocates
  /// nothing.
  ///
  /// Fractions are clamped to [0, 1]. When the trimmed length is zero (`end <= start`, or a
  /// polyline of no length) `out` is left empty and nothing is drawn, as Skia's and Lottie's
  /// trim paths do; a zero-length round-capped dot is never produced by trimming.
  public func trimmed(
    start: Float = 0, end: Float, offset: Point = .zero, into out: inout [Point]
  ) {
    let total = length
    let s = clampUnit(start) * total
    let e = clampUnit(end) * total
    guard points.count >= 2, total > 0, e > s else {
      out.removeAll(keepingCapacity: true)
      return
    }
    let i0 = segmentIndex(atDistance: s)
    let i1 = segmentIndex(atDistance: e)
    // Resized only when the count changes: a buffer reused for the same polyline is
    // written in place, with no appends.
    let count = i1 - i0 + 2
    if out.count != count {
      out.removeAll(keepingCapacity: true)
      out.append(contentsOf: repeatElement(Point.zero, count: count))
    }
    out.withUnsafeMutableBufferPointer { o in
      o[0] = pointOnSegment(i0, distance: s) + offset
      for k in 1..<(count - 1) { o[k] = points[i0 + k] + offset }
      o[count - 1] = pointOnSegment(i1, distance: e) + offset
    }
  }

  // MARK: - Private

  private func clampUnit(_ t: Float) -> Float { t.isFinite ? min(max(t, 0), 1) : 0 }

  /// The index `i` of the segment `points[i] → points[i+1]` that holds distance `d`.
  private func segmentIndex(atDistance d: Float) -> Int {
    // Binary search for the last i with cumulative[i] <= d, among segment starts.
    var lo = 0
    var hi = points.count - 2
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if cumulative[mid] <= d { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  private func pointOnSegment(_ i: Int, distance d: Float) -> Point {
    let span = cumulative[i + 1] - cumulative[i]
    let f = span > 0 ? min(max((d - cumulative[i]) / span, 0), 1) : 0
    return points[i].lerp(to: points[i + 1], f)
  }
}
