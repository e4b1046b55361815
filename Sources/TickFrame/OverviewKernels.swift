/// The overview's inner loops, on raw pointers and with wrapping index arithmetic (the
/// tables they read were checked when they were built).
enum OverviewKernels {
  /// Copies the texels of row `texelRow` (0..<side) of each view's sprite, `side` texels
  /// a view: the texel line of a grid row. An index outside `0..<spriteCount` reads
  /// sprite 0.
  static func gather(
    _ indices: UnsafePointer<Int32>, count: Int, texels: UnsafePointer<SIMD4<Float>>,
    side: Int, texelRow: Int, spriteCount: Int, into dst: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    let limit = UInt(spriteCount)
    if side == 1 {
      for c in 0..<count {
        let s = Int(indices[c])
        dst[c] = texels[UInt(bitPattern: s) < limit ? s : 0]
      }
      return
    }
    let area = side &* side
    let rowTexels = texels + texelRow &* side
    var d = dst
    for c in 0..<count {
      let s = Int(indices[c])
      let src = rowTexels + (UInt(bitPattern: s) < limit ? s : 0) &* area
      for i in 0..<side { d[i] = src[i] }
      d += side
    }
  }

  /// `row[x]` = the weighted sum of `taps` texels of `line` from `first[x]`, weights
  /// `weights[x * taps ..< (x + 1) * taps]`.
  static func resample(
    _ line: UnsafePointer<SIMD4<Float>>, first: UnsafePointer<Int32>,
    weights: UnsafePointer<Float>, taps: Int, into row: UnsafeMutablePointer<SIMD4<Float>>,
    count n: Int
  ) {
    switch taps {
    case 1:
      for x in 0..<n { row[x] = weights[x] * line[Int(first[x])] }
    case 2:
      for x in 0..<n {
        let s = line + Int(first[x])
        let w = weights + x &* 2
        row[x] = w[0] * s[0] + w[1] * s[1]
      }
    case 3:
      for x in 0..<n {
        let s = line + Int(first[x])
        let w = weights + x &* 3
        row[x] = w[0] * s[0] + w[1] * s[1] + w[2] * s[2]
      }
    default:
      for x in 0..<n {
        let s = line + Int(first[x])
        let w = weights + x &* taps
        var sum = w[0] * s[0]
        for t in 1..<taps { sum += w[t] * s[t] }
        row[x] = sum
      }
    }
  }

  /// `acc[x]` = `w * src[x]`, or plus it when `adding`.
  static func accumulate(
    _ src: UnsafePointer<SIMD4<Float>>, weight w: Float,
    into acc: UnsafeMutablePointer<SIMD4<Float>>, count n: Int, adding: Bool
  ) {
    if adding {
      for x in 0..<n { acc[x] += w * src[x] }
    } else {
      for x in 0..<n { acc[x] = w * src[x] }
    }
  }

  /// Writes `count` opaque ARGB8888 pixels, pixel `x` the weighted sum of `rows[t][x]`
  /// with weights `weights[t]`, `t` in `0..<taps` (1 to `blendedTaps`), summed in order:
  /// the bytes `accumulate` over the rows and then `pack` give, in one pass and with no
  /// sums stored between.
  static func blend(
    _ rows: UnsafePointer<UnsafePointer<SIMD4<Float>>>, weights w: UnsafePointer<Float>,
    taps: Int, into out: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    let a = rows[0]
    let wa = w[0]
    switch taps {
    case 1:
      packEach(into: out, count: count) { wa * a[$0] }
    case 2:
      let (b, wb) = (rows[1], w[1])
      packEach(into: out, count: count) { wa * a[$0] + wb * b[$0] }
    default:
      let (b, wb, c, wc) = (rows[1], w[1], rows[2], w[2])
      packEach(into: out, count: count) { wa * a[$0] + wb * b[$0] + wc * c[$0] }
    }
  }

  /// The most rows `blend` sums; a pixel of more rows is accumulated, then packed.
  static let blendedTaps = 3

  /// Adding 1.5 × 2²³ to a float in [0, 256) rounds it to the nearest integer (ties to
  /// even), which then sits in the low bits of the sum's mantissa: a rounding with no
  /// conversion, four lanes at a time.
  static let roundingBias = SIMD4<Float>(repeating: 12_582_912)

  /// Writes `count` accumulated texels as opaque ARGB8888 pixels.
  static func pack(
    _ acc: UnsafePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    packEach(into: out, count: count) { acc[$0] }
  }

  /// Writes texel `texel(x)` as an opaque ARGB8888 pixel at `out[x]`, `x` in `0..<count`,
  /// four at a time.
  @inline(__always)
  static func packEach(
    into out: UnsafeMutablePointer<UInt32>, count: Int, _ texel: (Int) -> SIMD4<Float>
  ) {
    let raw = UnsafeMutableRawPointer(out)
    var x = 0
    while x &+ 4 <= count {
      let p = packed(texel(x), texel(x &+ 1), texel(x &+ 2), texel(x &+ 3))
      raw.storeBytes(of: p, toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
      x &+= 4
    }
    while x < count {
      out[x] = packed(texel(x))
      x &+= 1
    }
  }

  /// Four texels as opaque ARGB8888 pixels: their lanes turned into a vector of blues,
  /// one of greens and one of reds, so that the packing is whole-vector shifts.
  @inline(__always)
  static func packed(
    _ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>
  ) -> SIMD4<UInt32> {
    let a = unsafeBitCast(p0 + roundingBias, to: SIMD4<UInt32>.self)
    let b = unsafeBitCast(p1 + roundingBias, to: SIMD4<UInt32>.self)
    let c = unsafeBitCast(p2 + roundingBias, to: SIMD4<UInt32>.self)
    let d = unsafeBitCast(p3 + roundingBias, to: SIMD4<UInt32>.self)
    let blue = SIMD4(a[0], b[0], c[0], d[0]) & 0xFF
    let green = SIMD4(a[1], b[1], c[1], d[1]) & 0xFF
    let red = SIMD4(a[2], b[2], c[2], d[2]) & 0xFF
    return SIMD4(repeating: 0xFF00_0000) | red &<< 16 | green &<< 8 | blue
  }

  /// One texel as an opaque ARGB8888 pixel.
  @inline(__always)
  static func packed(_ p: SIMD4<Float>) -> UInt32 {
    let bits = unsafeBitCast(p + roundingBias, to: SIMD4<UInt32>.self) & 0xFF
    return 0xFF00_0000 | bits[2] << 16 | bits[1] << 8 | bits[0]
  }
}
