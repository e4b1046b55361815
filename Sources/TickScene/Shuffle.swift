/// A random order of the numbers `0..<count` that keeps nothing per number: a bijection of
/// the `bits`-bit numbers (a xor with the key, odd multiplications and xor-shifts, each
/// one invertible), applied again to a result outside `0..<count` until one falls inside
/// (cycle walking), so that `cell(at:)` over `0..<count` is a permutation of it.
///
/// `bench frame` (`BenchFrame.Workload`) walks a scene of millions of views in this order
/// to start them at random phases without a list of them.
public struct Shuffle: Sendable {
  public let count: Int
  /// The fewest bits that hold `count - 1`, so that a walk leaves `0..<count` less than
  /// half the time.
  private let bits: Int
  private let key: UInt64

  public init(count: Int, seed: UInt64) {
    self.count = max(count, 1)
    bits = max(1, Int.bitWidth - (self.count - 1).leadingZeroBitCount)
    key = seed & Self.mask(bits)
  }

  /// The number at `place` (in `0..<count`) of the order.
  public func cell(at place: Int) -> Int {
    var x = UInt64(place)
    repeat { x = mix(x) } while x >= UInt64(count)
    return Int(x)
  }

  /// Odd multipliers (SplitMix64's), whose products modulo a power of two are bijections.
  private static let multipliers: (first: UInt64, second: UInt64) = (
    0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB
  )

  private static func mask(_ bits: Int) -> UInt64 {
    bits >= 64 ? UInt64.max : (1 << UInt64(bits)) - 1
  }

  /// One round of the bijection on `bits`-bit numbers.
  private func mix(_ v: UInt64) -> UInt64 {
    let mask = Self.mask(bits)
    let shift = UInt64(max(1, bits / 2))
    var x = (v ^ key) & mask
    x = (x &* Self.multipliers.first) & mask
    x ^= x >> shift
    x = (x &* Self.multipliers.second) & mask
    x ^= x >> shift
    return x
  }
}
