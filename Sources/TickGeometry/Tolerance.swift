/// How finely curves are flattened: segment counts come from a maximum deviation in pixels.
public enum Tolerance {
  /// The default maximum distance, in pixels, between a true arc and its chords.
  public static let defaultPixels: Float = 0.25

  /// The fewest segments any full circle gets, however small.
  public static let minimumFullCircleSegments = 8

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
}
