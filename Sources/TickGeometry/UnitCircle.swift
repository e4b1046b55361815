/// Directions around the unit circle in equal steps, tabulated once per step count, so that
/// drawing a round shape rotates table entries instead of calling `sin` and `cos`.
///
/// The table for `n` steps holds `(cos 2πk/n, sin 2πk/n)` for `k` in `0..<n`; a half circle
/// of `m` steps is the first `m + 1` entries of the table for `2m`, a quarter the first
/// `m + 1` of `4m`. Counts up to `maximumCount` are tabulated (every shape whose arcs need
/// fewer than 128 chords a turn: radii up to about 800 px at the default tolerance, see
/// `UnitCircleTests`); larger counts are computed per call.
///
/// The tables are one global `let`, built on first use: Swift initialises globals once and
/// thread-safely, and the array is immutable and `Sendable` afterwards.
enum UnitCircle {
  /// The largest tabulated step count.
  static let maximumCount = 128

  /// Every table end to end: the one for `n` steps starts at `n·(n − 1) / 2`.
  static let directions: [Point] = {
    var out: [Point] = []
    out.reserveCapacity(maximumCount * (maximumCount + 1) / 2)
    for n in 1...maximumCount {
      for k in 0..<n {
        // In double precision, so that every entry is the float nearest the true value.
        let a = 2 * Double.pi * Double(k) / Double(n)
        out.append(Point(Float(Math.cosDouble(a)), Float(Math.sinDouble(a))))
      }
    }
    return out
  }()

  /// Whether `n` steps around the circle are tabulated.
  @inline(__always)
  static func isTabulated(_ n: Int) -> Bool { n >= 1 && n <= maximumCount }

  /// Calls `body` with the `n` directions of the table for `n` steps (`n` tabulated).
  @inline(__always)
  static func withTable<R>(_ n: Int, _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
    // One check covers the slice: every tabulated table lies inside `directions`.
    precondition(isTabulated(n), "UnitCircle: \(n) steps are not tabulated")
    return directions.withUnsafeBufferPointer { all in
      body(
        UnsafeBufferPointer(start: all.baseAddress.unsafelyUnwrapped + n &* (n &- 1) / 2, count: n))
    }
  }

  /// Calls `body` with the `n` directions around the circle in order, from the table when
  /// it is there.
  @inline(__always)
  static func forEach(_ n: Int, _ body: (Point) -> Void) {
    if isTabulated(n) {
      withTable(n) { table in
        for d in table { body(d) }
      }
    } else {
      for k in 0..<n { body(direction(k, of: n)) }
    }
  }

  /// The direction `k` steps of `n` around the circle, from the table when it is there.
  @inline(__always)
  static func direction(_ k: Int, of n: Int) -> Point {
    if isTabulated(n) { return directions[n * (n - 1) / 2 + k % n] }
    let a = 2 * Float.pi * Float(k) / Float(n)
    return Point(Math.cos(a), Math.sin(a))
  }

  /// How far to push a chord polygon's vertices out so that its area equals the circle's
  /// (`Tolerance.chordAreaScale`), for a step of `φ = 2π / n`.
  @inline(__always)
  static func areaScale(_ n: Int) -> Float {
    let s = direction(1, of: n).y
    let phi = 2 * Float.pi / Float(n)
    return s > 0 ? Tolerance.chordAreaScale(angle: phi, sine: s) : 1
  }
}
