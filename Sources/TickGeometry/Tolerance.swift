/// How finely curves are flattened: segment counts come from a maximum deviation in pixels.
public enum Tolerance {
  /// The default maximum distance, in pixels, between a true arc and its chords.
  public static let defaultPixels: Float = 0.25

  /// The fewest segments any full circle gets, however small.
  public static let minimumFullCircleSegments = 8

  /// The fewest segments the round cap of a line under a pixel wide gets: two, as nanovg's
  /// `curveDivs` allows. Such a line is drawn as a 1-px band at a fraction of its alpha
  /// (`Feather.band`), a blur rather than its exact shape, so its cap's outline is the
  /// band's and two chords from edge to tip hold it; the full circle's floor pro rata
  /// (four) drew the caps of an 8-px view's tick with twice the triangles its tolerance
  /// asks for. Wider lines keep the pro-rata floor: with two chords a hard-edged cap loses
  /// a fifth of its area (`StrokerTests`).
  public static let minimumThinCapSegments = 2

  /// The number of chords needed to keep an arc of `radius` spanning `angle` radians within
  /// `tolerance` pixels of the true arc.
  ///
  /// A chord spanning angle θ deviates from its arc by `r·(1 − cos(θ/2))`, so the largest
  /// step is `θ = 2·acos(1 − tol/r)` (the same bound nanovg's `curveDivs` uses). A full circle
  /// never gets fewer than `minimumFullCircleSegments`, and a partial arc gets its share of
  /// that floor, at least 1. Non-finite or non-positive inputs give the floor.
  public static func arcSegments(radius: Float, angle: Float, tolerance: Float = defaultPixels)
    -> Int
  {
    let a = abs(angle)
    guard a.isFinite, a > 0 else { return 1 }
    let twoPi = 2 * Float.pi
    let floorCount = max(1, Int((Float(minimumFullCircleSegments) * a / twoPi).rounded(.up)))
    guard radius.isFinite, radius > 0, tolerance.isFinite, tolerance > 0 else {
      return floorCount
    }
    if tolerance >= radius { return floorCount }
    let step = 2 * Math.acos(1 - tolerance / radius)
    guard step > 0 else { return floorCount }
    // Cap the count so a huge radius cannot ask for millions of vertices.
    let needed = min(Int((a / step).rounded(.up)), 1024)
    return max(needed, floorCount)
  }

  /// How far to push the inner vertices of an arc's chords out, as a factor on the radius,
  /// so that the chords enclose the arc's area: `√(θ / sin θ)` for chords spanning θ
  /// radians (`sine` = sin θ). A chord's triangle from the centre has area r²·sin θ / 2
  /// against its sector's r²·θ / 2, and scaling its radius by k scales its area by k²; the
  /// arc's end vertices stay on the radius, where whatever meets the arc meets them.
  @inline(__always)
  static func chordAreaScale(angle: Float, sine: Float) -> Float { (angle / sine).squareRoot() }

  /// `chordAreaScale(angle:sine:)`, the sine from libm.
  @inline(__always)
  static func chordAreaScale(angle: Float) -> Float {
    chordAreaScale(angle: angle, sine: Math.sin(angle))
  }

  /// The sweeps whose chord counts are tabulated: a full circle (discs, rings), half of one
  /// (round caps) and a quarter (rounded corners).
  public enum Sweep: Int, Sendable, CaseIterable {
    case full = 1
    case half = 2
    case quarter = 4

    /// The sweep in radians.
    public var angle: Float { 2 * .pi / Float(rawValue) }
  }

  /// `arcSegments(radius:angle:tolerance:)` for a tabulated sweep, without trigonometry:
  /// `n` chords keep within `tolerance` exactly when `tolerance ≥ radius · (1 − cos(a/2n))`
  /// (the chord's deviation), so the count is the first `n` whose threshold the ratio
  /// passes, found by bisection in a table built once (`ToleranceTests` checks the two
  /// agree).
  /// `floor`, when given, replaces the sweep's own floor (`minimumThinCapSegments`).
  public static func arcSegments(
    radius: Float, sweep: Sweep, tolerance: Float = defaultPixels, floor: Int? = nil
  ) -> Int {
    let floorCount = floor ?? Self.floor(sweep)
    guard radius.isFinite, radius > 0, tolerance.isFinite, tolerance > 0, tolerance < radius
    else { return floorCount }
    let ratio = Double(tolerance) / Double(radius)
    return deviations.withUnsafeBufferPointer { all in
      let base = (sweep.rawValue >> 1) * 1024
      // The first n (1-based) whose deviation per unit radius is at most `ratio`: counted
      // up from the floor, as shapes on screen need a few dozen at most; bisected beyond.
      var n = floorCount
      while n <= 64 {
        if all[base + n - 1] <= ratio { return n }
        n += 1
      }
      var lo = base + n - 1
      var hi = base + 1024
      while lo < hi {
        let mid = (lo + hi) / 2
        if all[mid] <= ratio { hi = mid } else { lo = mid + 1 }
      }
      return min(lo - base + 1, 1024)
    }
  }

  /// The chords for an arc of `angle` (at most π) whose half-angle tangent is `tanHalf`,
  /// without libm: the same rule as `arcSegments(radius:angle:tolerance:)` (the fewest
  /// chords deviating at most `tolerance`, at least the full circle's floor pro rata),
  /// counted up with the deviation `radius · versine(angle / 2n)` from its series. Returns
  /// the count and the unit rotation of one chord; nil past 64 chords.
  static func arcSegments(
    radius: Float, tanHalf: Float, tolerance: Float
  ) -> (count: Int, rotation: Point)? {
    let angle = 2 * Math.atanSeries(tanHalf)
    var n = max(1, Math.ceilInt(Float(minimumFullCircleSegments) * angle / (2 * .pi)))
    while radius * Math.versineSeries(angle / Float(2 * n)) > tolerance {
      n += 1
      guard n <= 64 else { return nil }
    }
    return (n, Math.unitSeries(angle / Float(n)))
  }

  /// The fewest chords of a tabulated sweep: the full circle's floor pro rata.
  public static func floor(_ sweep: Sweep) -> Int { minimumFullCircleSegments / sweep.rawValue }

  /// `1 − cos(a / 2n)` for n = 1…1024, for the full, half and quarter sweeps end to end.
  private static let deviations: [Double] = {
    var out: [Double] = []
    for sweep in [Sweep.full, .half, .quarter] {
      let a = 2 * Double.pi / Double(sweep.rawValue)
      for n in 1...1024 { out.append(1 - Math.cosDouble(a / Double(2 * n))) }
    }
    return out
  }()
}
