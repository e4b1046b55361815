/// One GIF frame's colour table (at most 256 colours, GIF's own limit) and the entry each
/// colour of the frame takes.
///
/// A frame of 256 colours or fewer keeps every colour exactly. A frame of more keeps
/// exactly the colours it must (`exact`: the style's fill, tick, ring and background) and
/// the most common others (flat areas), up to `exactLimit` entries; the rest — the
/// anti-aliased blends along edges, each a few pixels — share the remaining entries by
/// median cut, each the mean of the colours it stands for.
struct GIFPalette {
  /// GIF's largest colour table.
  static let maxColors = 256
  /// Entries kept for exact colours when a frame has more than `maxColors`: half the
  /// table, so that the blends keep 128 entries to spread over their range.
  static let exactLimit = 128

  /// The table, `0xRRGGBB` each, most used first.
  private(set) var colors: [UInt32] = []
  /// Each colour of the frame (`0xRRGGBB`) and its entry in `colors`.
  private(set) var entry: [UInt32: UInt8] = [:]

  /// The palette of `pixels` (ARGB8888; alpha ignored), keeping each of `exact`
  /// (`0xRRGGBB`) that the pixels hold exactly.
  init(_ pixels: some Sequence<UInt32>, exact: [UInt32]) {
    var counts: [UInt32: Int] = [:]
    for p in pixels { counts[p & 0xFF_FFFF, default: 0] += 1 }
    // Most used first, then by value: the same frame always gives the same table.
    var byUse = counts.map { ColorCount(color: $0.key, count: $0.value) }
    byUse.sort { $0.count != $1.count ? $0.count > $1.count : $0.color < $1.color }
    guard byUse.count > Self.maxColors else {
      for c in byUse { add(c.color) }
      return
    }
    let must = Set(exact.map { $0 & 0xFF_FFFF }).filter { counts[$0] != nil }
    for c in exact.map({ $0 & 0xFF_FFFF }) where must.contains(c) && entry[c] == nil { add(c) }
    for c in byUse where colors.count < Self.exactLimit && entry[c.color] == nil { add(c.color) }
    var rest = byUse.filter { entry[$0.color] == nil }
    let boxes = MedianCut.split(&rest, into: Self.maxColors - colors.count)
    for box in boxes {
      let index = UInt8(colors.count)
      colors.append(MedianCut.mean(rest[box]))
      for c in rest[box] { entry[c.color] = index }
    }
  }

  /// The table padded with black to a power of two of at least 2 entries, as giflib's
  /// colour maps must be.
  var padded: [UInt32] {
    var size = 2
    while size < colors.count { size *= 2 }
    return colors + Array(repeating: 0, count: size - colors.count)
  }

  private mutating func add(_ color: UInt32) {
    entry[color] = UInt8(colors.count)
    colors.append(color)
  }
}

/// A colour and how many pixels have it.
struct ColorCount {
  var color: UInt32
  var count: Int

  /// Channel `c` (0 red, 1 green, 2 blue).
  func channel(_ c: Int) -> Int { Int((color >> UInt32(16 - 8 * c)) & 0xFF) }
}

/// Heckbert's median cut over counted colours: the box with the widest channel range is
/// split at the pixel-weighted median of that channel, until there are enough boxes.
enum MedianCut {
  /// Reorders `colors` so that each returned range is one box; at most `count` boxes
  /// (fewer when every box holds one colour).
  static func split(_ colors: inout [ColorCount], into count: Int) -> [Range<Int>] {
    guard !colors.isEmpty, count > 0 else { return [] }
    var boxes = [0..<colors.count]
    while boxes.count < count {
      var widest: (box: Int, channel: Int, range: Int)?
      for (b, box) in boxes.enumerated() where box.count > 1 {
        for c in 0..<3 {
          let values = colors[box].map { $0.channel(c) }
          let range = values.max()! - values.min()!
          if range > (widest?.range ?? 0) { widest = (b, c, range) }
        }
      }
      guard let widest else { break }
      let box = boxes[widest.box]
      colors[box].sort { $0.channel(widest.channel) < $1.channel(widest.channel) }
      let half = colors[box].reduce(0) { $0 + $1.count } / 2
      var seen = 0
      var cut = box.lowerBound + 1
      for i in box.dropLast() {
        seen += colors[i].count
        cut = i + 1
        if seen >= half { break }
      }
      boxes[widest.box] = box.lowerBound..<cut
      boxes.append(cut..<box.upperBound)
    }
    return boxes
  }

  /// The pixel-weighted mean of `colors`, rounded, as `0xRRGGBB`.
  static func mean(_ colors: ArraySlice<ColorCount>) -> UInt32 {
    let total = colors.reduce(0) { $0 + $1.count }
    var out: UInt32 = 0
    for c in 0..<3 {
      let sum = colors.reduce(0) { $0 + $1.channel(c) * $1.count }
      out = out << 8 | UInt32((sum + total / 2) / max(total, 1))
    }
    return out
  }
}
