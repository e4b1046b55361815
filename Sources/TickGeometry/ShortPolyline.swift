/// A polyline of at most three points held inline: the tick, the dash and the morphs
/// between them, trimmed and stroked with no array (`Stroker.strokeRound(_:width:…)`).
public struct ShortPolyline: RandomAccessCollection, Equatable, Sendable {
  private var p0 = Point.zero
  private var p1 = Point.zero
  private var p2 = Point.zero
  public private(set) var count = 0

  /// An empty polyline.
  public init() {}

  /// The polyline through `points`, which must number three or fewer.
  public init(_ points: Point...) {
    precondition(points.count <= 3, "ShortPolyline: at most three points")
    for p in points { append(p) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(i: Int) -> Point {
    precondition(i >= 0 && i < count, "ShortPolyline: index out of range")
    return i == 0 ? p0 : (i == 1 ? p1 : p2)
  }

  /// Adds a point after the last; a fourth is a programming error.
  public mutating func append(_ p: Point) {
    switch count {
    case 0: p0 = p
    case 1: p1 = p
    case 2: p2 = p
    default: preconditionFailure("ShortPolyline: at most three points")
    }
    count += 1
  }

  /// Every point moved by `offset`.
  public func offset(by offset: Point) -> ShortPolyline {
    var moved = self
    moved.p0 = p0 + offset
    moved.p1 = p1 + offset
    moved.p2 = p2 + offset
    return moved
  }

  /// The part between arc-length fractions `start` and `end` (clamped to [0, 1]): empty
  /// when that has no length (`end <= start`, a polyline of no length, a non-finite
  /// point), as `Polyline.trimmed` does.
  public func trimmed(start: Float = 0, end: Float) -> ShortPolyline {
    guard count >= 2 else { return ShortPolyline() }
    // Each segment's length worked out once; the sums are those a walk from 0 would make.
    let l0 = (p1 - p0).length
    let l1 = count == 3 ? (p2 - p1).length : 0
    let total = count == 3 ? l0 + l1 : l0
    let s = Swift.max(0, Swift.min(start, 1)) * total
    let e = Swift.max(0, Swift.min(end, 1)) * total
    guard total > 0, e > s else { return ShortPolyline() }
    // The first kept point where the trim starts, then the end of each segment kept, the
    // last cut where the trim ends.
    var out = ShortPolyline()
    if l0 >= s, 0 <= e, l0 > 0 {
      out.append(p0.lerp(to: p1, Swift.max(0, s / l0)))
      out.append(p0.lerp(to: p1, Swift.min(1, e / l0)))
      if l0 >= e { return out }
    }
    if count == 3, l0 + l1 >= s, l0 <= e, l1 > 0 {
      if out.isEmpty { out.append(p1.lerp(to: p2, Swift.max(0, (s - l0) / l1))) }
      out.append(p1.lerp(to: p2, Swift.min(1, (e - l0) / l1)))
    }
    return out
  }
}
