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
  /// Double-precision `sin` and `cos`, for tables built once.
  public static func sinDouble(_ x: Double) -> Double { libmSin(x) }
  public static func cosDouble(_ x: Double) -> Double { libmCos(x) }
}

// At file scope, where `sin` and `cos` are libm's rather than `Math`'s own.
private func libmSin(_ x: Double) -> Double { sin(x) }
private func libmCos(_ x: Double) -> Double { cos(x) }
