/// How much of a view's sprite the overview draws, by the view's size on screen.
public enum DetailLevel: Int, CaseIterable, Sendable {
  /// The sprite itself, `spriteSize` texels square.
  case full = 0
  /// The sprite's 2×2 area average.
  case quarters = 1
  /// The sprite's mean colour, one texel.
  case mean = 2

  /// The level for a screen pitch of `pitch` window pixels: a level's texels are never
  /// drawn smaller than a pixel each except at the full level (which the box filter
  /// minifies), so that a pixel averages the views under it rather than picking one.
  public init(pitch: Double) {
    self = pitch >= Self.fullFrom ? .full : pitch > Self.meanUpTo ? .quarters : .mean
  }

  /// The pitch from which views are drawn in full: from here down to 1 px, a 2×2 texel
  /// is a pixel or more.
  public static let fullFrom = 2.0
  /// The pitch at and below which a view is one texel, its mean: a pixel then covers a
  /// view or more.
  public static let meanUpTo = 1.0

  /// Texels per side of a sprite at this level.
  public func side(spriteSize: Int) -> Int {
    switch self {
    case .full: spriteSize
    case .quarters: 2
    case .mean: 1
    }
  }
}

/// A complete sprite sheet's sprites at three levels of detail, for the overview: the
/// sprites themselves, their 2×2 area averages, and their mean colours.
///
/// Texels are `SIMD4<Float>` holding a pixel's stored 8-bit values in ARGB8888's byte
/// order, (blue, green, red, alpha), from 0 to 255. Averages are taken on those stored
/// sRGB values, not on linear light: the sprites' anti-aliased edges were blended on the
/// stored values by the renderer that drew them, so averaging the same values is what
/// drawing the shape smaller would give; and it keeps exactly the stored mean, which is
/// what a level switch must not change (a linear-light average would brighten a dark mark
/// on a light background, a visible pop at the switch). Each level's mean is the
/// sprite's mean, since an area average keeps the mean.
public struct SpriteLOD: Sendable {
  /// A sprite's side at the full level, in texels.
  public let spriteSize: Int
  /// The sprites.
  public let count: Int
  /// The texels of each level (`DetailLevel.rawValue`), sprite after sprite, each one
  /// row after row.
  let levels: [[SIMD4<Float>]]

  /// Reads `count` sprites of `spriteSize` px square from `pixels` (ARGB8888,
  /// `rowStride` pixels a row), sprite `i` with its top-left at `origin(i)`: a
  /// `SpriteAtlas`'s `pixels`, `width` and `origin(of:)`.
  /// - Precondition: every sprite lies inside `pixels`.
  public init(
    pixels: UnsafeBufferPointer<UInt32>, rowStride: Int, spriteSize: Int, count: Int,
    origin: (Int) -> (x: Int, y: Int)
  ) {
    precondition(spriteSize > 0 && count > 0 && rowStride >= spriteSize)
    let area = spriteSize * spriteSize
    var full = [SIMD4<Float>](repeating: .zero, count: count * area)
    for i in 0..<count {
      let (x, y) = origin(i)
      precondition(
        x >= 0 && y >= 0 && x + spriteSize <= rowStride
          && (y + spriteSize) * rowStride <= pixels.count, "sprite \(i) lies outside the pixels")
      for r in 0..<spriteSize {
        for c in 0..<spriteSize {
          full[i * area + r * spriteSize + c] = Self.texel(pixels[(y + r) * rowStride + x + c])
        }
      }
    }
    self.spriteSize = spriteSize
    self.count = count
    levels = [
      full,
      Self.areaAverage(full, size: spriteSize, count: count, to: 2),
      Self.areaAverage(full, size: spriteSize, count: count, to: 1),
    ]
  }

  /// The same from an array of pixels.
  public init(
    pixels: [UInt32], rowStride: Int, spriteSize: Int, count: Int,
    origin: (Int) -> (x: Int, y: Int)
  ) {
    self = pixels.withUnsafeBufferPointer {
      SpriteLOD(
        pixels: $0, rowStride: rowStride, spriteSize: spriteSize, count: count, origin: origin)
    }
  }

  /// Texels per side at `level`.
  @inlinable public func side(_ level: DetailLevel) -> Int { level.side(spriteSize: spriteSize) }

  /// Texel `(x, y)` of `sprite` at `level`.
  public func texel(_ level: DetailLevel, sprite: Int, x: Int, y: Int) -> SIMD4<Float> {
    let n = side(level)
    return levels[level.rawValue][(sprite * n + y) * n + x]
  }

  /// The mean of `sprite`'s stored values, (blue, green, red, alpha).
  public func mean(of sprite: Int) -> SIMD4<Float> { levels[DetailLevel.mean.rawValue][sprite] }

  /// A stored ARGB8888 pixel as a texel.
  @inlinable static func texel(_ p: UInt32) -> SIMD4<Float> {
    SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
  }

  /// Each `size`-square sprite of `full` box-averaged to `side` texels square.
  static func areaAverage(_ full: [SIMD4<Float>], size: Int, count: Int, to side: Int)
    -> [SIMD4<Float>]
  {
    var axis = AreaWeights()
    axis.rebuild(origin: 0, step: Double(side) / Double(size), count: size, length: side)
    var out = [SIMD4<Float>](repeating: .zero, count: count * side * side)
    for i in 0..<count {
      for v in 0..<side {
        for u in 0..<side {
          var sum = SIMD4<Double>.zero
          axis.forEachTap(ofOutput: v, count: size) { r, wr in
            axis.forEachTap(ofOutput: u, count: size) { c, wc in
              let t = full[(i * size + r) * size + c]
              sum +=
                SIMD4<Double>(Double(t.x), Double(t.y), Double(t.z), Double(t.w))
                * (Double(wr) * Double(wc))
            }
          }
          out[(i * side + v) * side + u] = SIMD4<Float>(
            Float(sum.x), Float(sum.y), Float(sum.z), Float(sum.w))
        }
      }
    }
    return out
  }
}
