#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few libm functions the pure modules need, behind one name.
///
/// The Swift standard library has no trigonometry; the platform C library's `libm` does.
/// This file is the only place TickGeometry touches it, so the module stays free of SDL and
/// Foundation.
public enum Math {
  @inlinable public static func sin(_ x: Float) -> Float { sinf(x) }
  @inlinable public static func cos(_ x: Float) -> Float { cosf(x) }
  @inlinable public static func tan(_ x: Float) -> Float { tanf(x) }
  @inlinable public static func atan2(_ y: Float, _ x: Float) -> Float { atan2f(y, x) }
  /// `acos`, with the argument clamped to [-1, 1] so rounding never yields NaN.
  @inlinable public static func acos(_ x: Float) -> Float { acosf(min(max(x, -1), 1)) }
  /// `atan(x)` for x ≥ 0 without libm: Abramowitz and Stegun's polynomial 4.4.47 on [0, 1]
  /// (error under 2·10⁻⁸), and `π/2 − atan(1/x)` above.
  static func atanSeries(_ x: Float) -> Float {
    let inverted = x > 1
    let t = inverted ? 1 / x : x
    let t2 = t * t
    var p: Float = -0.004_054_058_0
    p = p * t2 + 0.021_861_228_8
    p = p * t2 - 0.055_909_886_1
    p = p * t2 + 0.096_420_044_1
    p = p * t2 - 0.139_085_335_1
    p = p * t2 + 0.199_465_359_9
    p = p * t2 - 0.333_298_560_5
    p = p * t2 + 0.999_999_332_9
    let a = p * t
    return inverted ? .pi / 2 - a : a
  }

  /// `1 − cos(x)` for |x| ≤ π/4 from its series, with no cancellation for small x (relative
  /// error under 10⁻⁶). The divisions are by constants, folded into multiplications: a
  /// chain of divisions cost the fast stroker more than the rest of a join.
  static func versineSeries(_ x: Float) -> Float {
    let x2 = x * x
    return x2 * 0.5
      * (1 - x2 * (1 / 12) * (1 - x2 * (1 / 30) * (1 - x2 * (1 / 56) * (1 - x2 * (1 / 90)))))
  }

  /// `(cos x, sin x)` for |x| ≤ π/4 from their series (error under 10⁻⁷).
  static func unitSeries(_ x: Float) -> Point {
    let x2 = x * x
    let s = x * (1 - x2 * (1 / 6) * (1 - x2 * (1 / 20) * (1 - x2 * (1 / 42) * (1 - x2 * (1 / 72)))))
    return Point(1 - versineSeries(x), s)
  }

  /// `x.rounded()` (halves away from zero) without a call into libm, which the default
  /// x86-64 target makes for every rounding: the hot paths round a few values per shape.
  @inline(__always) static func round(_ x: Float) -> Float {
    // Floats this large are whole already; NaN fails the test and is returned as it is.
    guard abs(x) < 8_388_608 else { return x }
    let t = Float(Int32(x))
    let f = x - t  // exact: the fraction of a float is a float
    return f >= 0.5 ? t + 1 : (f <= -0.5 ? t - 1 : t)
  }

  /// `Int(x.rounded(.up))` for a finite `x` well inside `Int`'s range, without libm.
  @inline(__always) static func ceilInt(_ x: Float) -> Int {
    let t = Int(x)
    return Float(t) < x ? t + 1 : t
  }

  /// Double-precision `sin` and `cos`, for tables built once.
  static func sinDouble(_ x: Double) -> Double { libmSin(x) }
  static func cosDouble(_ x: Double) -> Double { libmCos(x) }
}

// At file scope, where `sin` and `cos` are libm's rather than `Math`'s own.
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
