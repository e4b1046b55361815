/// An axis-aligned box in pixels, by its corners: the bounding box of points, vertices and
/// shapes. Empty (`lo` past `hi`) until something is included.
struct Rect: Equatable, Sendable {
  var lo: Point
  var hi: Point

  init(lo: Point, hi: Point) {
    self.lo = lo
    self.hi = hi
  }

  /// The box holding nothing.
  static let empty = Rect(lo: Point(.infinity, .infinity), hi: Point(-.infinity, -.infinity))

  /// The bounding box of `points` (empty when there are none).
  init<S: Sequence<Point>>(around points: S) {
    self = .empty
    for p in points { include(p) }
  }

  /// Whether the box holds no point.
  var isEmpty: Bool { !(lo.x <= hi.x && lo.y <= hi.y) }

  /// Grows the box to hold `p`.
  @inline(__always)
  mutating func include(_ p: Point) {
    lo = Point(min(lo.x, p.x), min(lo.y, p.y))
    hi = Point(max(hi.x, p.x), max(hi.y, p.y))
  }

  /// The box grown by `d` on every side.
  func outset(_ d: Float) -> Rect { Rect(lo: lo - Point(d, d), hi: hi + Point(d, d)) }

  /// The box moved by `offset`.
  func offset(by o: Point) -> Rect { Rect(lo: lo + o, hi: hi + o) }

  /// The centre.
  var centre: Point { Point((lo.x + hi.x) / 2, (lo.y + hi.y) / 2) }

  func contains(_ p: Point) -> Bool { p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y }

  func contains(_ r: Rect) -> Bool {
    r.lo.x >= lo.x && r.lo.y >= lo.y && r.hi.x <= hi.x && r.hi.y <= hi.y
  }

  func intersects(_ r: Rect) -> Bool {
    r.hi.x >= lo.x && r.hi.y >= lo.y && r.lo.x <= hi.x && r.lo.y <= hi.y
  }

  /// The shortest distance between a point of this box and a point of `r` (0 when they
  /// meet).
  func distance(to r: Rect) -> Float {
    let gx = max(0, r.lo.x - hi.x, lo.x - r.hi.x)
    let gy = max(0, r.lo.y - hi.y, lo.y - r.hi.y)
    return (gx * gx + gy * gy).squareRoot()
  }
}

extension Rect {
  /// The box with corners `a` and `b`, in either order.
  init(_ a: Point, _ b: Point) {
    self.init(
      lo: Point(min(a.x, b.x), min(a.y, b.y)), hi: Point(max(a.x, b.x), max(a.y, b.y)))
  }
}
