/// An sRGB colour with straight (not premultiplied) 8-bit alpha, as `SDL_Color` holds it.
public struct Color: Equatable, Hashable, Sendable, BitwiseCopyable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  @inlinable public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// Parses `#rrggbb` or `#rrggbbaa` (the leading `#` is optional); nil for anything else.
  public init?(hex: String) {
    var s = Substring(hex)
    if s.hasPrefix("#") { s = s.dropFirst() }
    guard s.count == 6 || s.count == 8, s.allSatisfy(\.isHexDigit),
      let v = UInt32(s, radix: 16)
    else { return nil }
    if s.count == 6 {
      self.init(r: UInt8(v >> 16 & 0xff), g: UInt8(v >> 8 & 0xff), b: UInt8(v & 0xff))
    } else {
      self.init(
        r: UInt8(v >> 24 & 0xff), g: UInt8(v >> 16 & 0xff), b: UInt8(v >> 8 & 0xff),
        a: UInt8(v & 0xff))
    }
  }

  /// The same colour with its alpha multiplied by `factor` (clamped to [0, 1]).
  @inlinable public func scaledAlpha(_ factor: Float) -> Color {
    let f = factor.isFinite ? min(max(factor, 0), 1) : 0
    // Rounded half away from zero, as `rounded()` does, without a libm call: the value lies
    // in 0...255, its whole part converts exactly and the fraction is exact.
    let v = Float(a) * f
    let whole = UInt8(v)
    return Color(r: r, g: g, b: b, a: v - Float(whole) >= 0.5 ? whole + 1 : whole)
  }

  /// The four channels in one word (r in the low byte), for storing colours in SIMD lanes.
  var packed: UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
  }

  /// The colour whose channels `packed` holds.
  init(packed v: UInt32) {
    self.init(
      r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
      b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hexString: String {
    func h(_ v: UInt8) -> String {
      let s = String(v, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
  }

  public static let white = Color(r: 255, g: 255, b: 255)
  public static let black = Color(r: 0, g: 0, b: 0)
  public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
