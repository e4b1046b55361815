/// One `OverviewRenderer.render` call's inner loops, on pointers to its tables.
struct OverviewPass {
  let h: AxisTable
  let v: AxisTable
  /// The level's texels, sprite after sprite, `side` × `side` each.
  let texels: UnsafePointer<SIMD4<Float>>
  let side: Int
  let spriteCount: Int
  let columnsSeen: Range<Int>
  /// The texel columns (rows) the horizontal (vertical) resample sees, and how many the
  /// grid has.
  let hSources: Range<Int>
  let hCount: Int
  let vSources: Range<Int>
  let vCount: Int
  let width: Int
  let backgroundTexel: SIMD4<Float>
  let backgroundPixel: UInt32
  let scratch: OverviewScratch

  init(
    renderer r: OverviewRenderer, h: AxisTable, v: AxisTable,
    texels: UnsafePointer<SIMD4<Float>>, scratch: OverviewScratch
  ) {
    self.h = h
    self.v = v
    self.texels = texels
    side = r.lod.side(r.level)
    spriteCount = r.lod.count
    columnsSeen = r.columnsSeen
    hSources = r.horizontal.sources
    hCount = r.geometry.columns * side
    vSources = r.vertical.sources
    vCount = r.geometry.rows * side
    width = r.geometry.width
    backgroundPixel = r.background.opaquePixel
    backgroundTexel = SpriteLOD.texel(backgroundPixel)
    self.scratch = scratch
  }

  /// Fills window row `y`.
  func row(_ y: Int, into out: UnsafeMutablePointer<UInt32>, _ sprites: OverviewSprites) {
    guard v.outputs.contains(y) else {
      out.update(repeating: backgroundPixel, count: width)
      return
    }
    let xs = h.outputs.lowerBound
    let n = h.outputs.count
    out.update(repeating: backgroundPixel, count: xs)
    (out + xs + n).update(repeating: backgroundPixel, count: width - xs - n)
    let i = y - v.outputs.lowerBound
    let q0 = Int(v.first[i])
    let acc = scratch.acc.base
    var started = false
    for t in 0..<v.taps {
      let w = v.weights[i * v.taps + t]
      if w == 0 { continue }
      let src = resampledRow(q0 + t, sprites)
      if started {
        for x in 0..<n { acc[x] += w * src[x] }
      } else {
        for x in 0..<n { acc[x] = w * src[x] }
        started = true
      }
    }
    Self.pack(acc, into: out + xs, count: n)
  }

  /// Padded texel row `q` of the picture resampled across, from the ring when this call
  /// has made it already.
  func resampledRow(_ q: Int, _ sprites: OverviewSprites) -> UnsafePointer<SIMD4<Float>> {
    let n = h.outputs.count
    let slot = q % v.taps
    let row = scratch.ring.base + slot * n
    if scratch.tags.base[slot] == q { return UnsafePointer(row) }
    scratch.tags.base[slot] = q
    let texelRow = vSources.lowerBound - 1 + q
    if texelRow < 0 || texelRow >= vCount {
      row.update(repeating: backgroundTexel, count: n)
    } else {
      let line = texelLine(texelRow, sprites)
      let taps = h.taps
      for x in 0..<n {
        let src = line + Int(h.first[x])
        let w = h.weights + x * taps
        var sum = w[0] * src[0]
        for t in 1..<taps { sum += w[t] * src[t] }
        row[x] = sum
      }
    }
    return UnsafePointer(row)
  }

  /// Texel row `texelRow` of the picture across the columns seen, padded: the returned
  /// pointer is padded index 0 (texel column `hSources.lowerBound - 1`).
  func texelLine(_ texelRow: Int, _ sprites: OverviewSprites) -> UnsafePointer<SIMD4<Float>> {
    let gridRow = texelRow / side
    let indices = scratch.indices.base
    if scratch.indexRow != gridRow {
      sprites(
        gridRow, columnsSeen, UnsafeMutableBufferPointer(start: indices, count: columnsSeen.count))
      scratch.indexRow = gridRow
    }
    // The line has `side` spare texels before padded index 0 and after its end, where
    // the cells straddling the ends of the sources seen write their other texels.
    let padded = scratch.line.base + side
    var dst = padded + (columnsSeen.lowerBound * side - (hSources.lowerBound - 1))
    let area = side * side
    let rowTexels = texels + (texelRow % side) * side
    for c in 0..<columnsSeen.count {
      let s = Int(indices[c])
      let src = rowTexels + (s >= 0 && s < spriteCount ? s : 0) * area
      for i in 0..<side { dst[i] = src[i] }
      dst += side
    }
    if hSources.lowerBound == 0 { padded[0] = backgroundTexel }
    if hSources.upperBound == hCount { padded[hSources.count + 1] = backgroundTexel }
    return UnsafePointer(padded)
  }

  /// Adding 1.5 × 2²³ to a float in [0, 256) rounds it to the nearest integer (ties to
  /// even), which then sits in the low bits of the sum's mantissa: a rounding with no
  /// conversion, four lanes at a time.
  static let roundingBias = SIMD4<Float>(repeating: 12_582_912)

  /// Writes `count` accumulated texels as opaque ARGB8888 pixels.
  static func pack(
    _ acc: UnsafePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<UInt32>, count: Int
  ) {
    for x in 0..<count {
      let bits = unsafeBitCast(acc[x] + roundingBias, to: SIMD4<UInt32>.self) & 0xFF
      out[x] = 0xFF00_0000 | bits[2] << 16 | bits[1] << 8 | bits[0]
    }
  }
}
