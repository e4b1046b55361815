import TickScene

/// One `OverviewRenderer.render` call's inner loops, on pointers to its tables, with the
/// views' sprites from `source`.
struct OverviewPass<Source: OverviewSpriteSource> {
  let source: Source
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
    renderer r: OverviewRenderer, source: Source, h: AxisTable, v: AxisTable,
    texels: UnsafePointer<SIMD4<Float>>, scratch: OverviewScratch
  ) {
    self.source = source
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
  func row(_ y: Int, into out: UnsafeMutablePointer<UInt32>) {
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
    let weights = v.weights + i * v.taps
    // The taps with a weight are a run (zeros only pad its ends).
    var t0 = 0
    var t1 = v.taps - 1
    while t0 < t1, weights[t0] == 0 { t0 += 1 }
    while t1 > t0, weights[t1] == 0 { t1 -= 1 }
    let taps = t1 - t0 + 1
    if taps <= OverviewKernels.blendedTaps {
      let rows = scratch.rows.base
      for t in 0..<taps { rows[t] = resampledRow(q0 + t0 + t) }
      OverviewKernels.blend(rows, weights: weights + t0, taps: taps, into: out + xs, count: n)
      return
    }
    let acc = scratch.acc.base
    for t in t0...t1 {
      let src = resampledRow(q0 + t)
      OverviewKernels.accumulate(src, weight: weights[t], into: acc, count: n, adding: t > t0)
    }
    OverviewKernels.pack(acc, into: out + xs, count: n)
  }

  /// Padded texel row `q` of the picture resampled across, from the ring when this call
  /// has made it already.
  func resampledRow(_ q: Int) -> UnsafePointer<SIMD4<Float>> {
    let n = h.outputs.count
    let slot = q % v.taps
    let row = scratch.ring.base + slot * n
    if scratch.tags.base[slot] == q { return UnsafePointer(row) }
    scratch.tags.base[slot] = q
    let texelRow = vSources.lowerBound - 1 + q
    if texelRow < 0 || texelRow >= vCount {
      row.update(repeating: backgroundTexel, count: n)
    } else {
      OverviewKernels.resample(
        texelLine(texelRow), first: h.first, weights: h.weights, taps: h.taps,
        into: row, count: n)
    }
    return UnsafePointer(row)
  }

  /// Texel row `texelRow` of the picture across the columns seen, padded: the returned
  /// pointer is padded index 0 (texel column `hSources.lowerBound - 1`).
  func texelLine(_ texelRow: Int) -> UnsafePointer<SIMD4<Float>> {
    let gridRow = texelRow / side
    let indices = scratch.indices.base
    // The line has `side` spare texels before padded index 0 and after its end, where
    // the cells straddling the ends of the sources seen write their other texels.
    let padded = scratch.line.base + side
    let start = padded + (columnsSeen.lowerBound * side - (hSources.lowerBound - 1))
    if side == 1 {
      // One texel a view: each is its sprite's texel, written as its sprite is found.
      source.texels(
        row: gridRow, columns: columnsSeen, table: texels, count: spriteCount, into: start,
        indices: indices)
    } else {
      if scratch.indexRow != gridRow {
        source.indices(row: gridRow, columns: columnsSeen, into: indices)
        scratch.indexRow = gridRow
      }
      OverviewKernels.gather(
        indices, count: columnsSeen.count, texels: texels, side: side,
        texelRow: texelRow % side, spriteCount: spriteCount, into: start)
    }
    if hSources.lowerBound == 0 { padded[0] = backgroundTexel }
    if hSources.upperBound == hCount { padded[hSources.count + 1] = backgroundTexel }
    return UnsafePointer(padded)
  }
}

/// Where an overview's pass finds the views' sprites: a grid row's at a time.
protocol OverviewSpriteSource {
  /// Writes the sprite index of each view of grid row `row` in `columns`, in order, from
  /// `out[0]`.
  func indices(row: Int, columns: Range<Int>, into out: UnsafeMutablePointer<Int32>)

  /// Writes `table[sprite]` for each of those views, in order, from `out[0]` (a sprite
  /// outside `0..<count` reads `table[0]`), with `indices` as room for their indices.
  func texels(
    row: Int, columns: Range<Int>, table: UnsafePointer<SIMD4<Float>>, count: Int,
    into out: UnsafeMutablePointer<SIMD4<Float>>, indices: UnsafeMutablePointer<Int32>)
}

extension OverviewSpriteSource {
  func texels(
    row: Int, columns: Range<Int>, table: UnsafePointer<SIMD4<Float>>, count: Int,
    into out: UnsafeMutablePointer<SIMD4<Float>>, indices: UnsafeMutablePointer<Int32>
  ) {
    self.indices(row: row, columns: columns, into: indices)
    OverviewKernels.gather(
      indices, count: columns.count, texels: table, side: 1, texelRow: 0, spriteCount: count,
      into: out)
  }
}

/// Sprites from a closure (`OverviewSprites`).
struct ClosureSprites: OverviewSpriteSource {
  let sprites: OverviewSprites

  func indices(row: Int, columns: Range<Int>, into out: UnsafeMutablePointer<Int32>) {
    sprites(row, columns, UnsafeMutableBufferPointer(start: out, count: columns.count))
  }
}

/// A scene's sprites at a step: `Scene.sheetIndices`, and at one texel a view the texels
/// straight from the views' records (`Scene.sheetTexels`).
struct SceneSprites: OverviewSpriteSource {
  let scene: Scene
  let present: Double
  let sheet: SpriteSheet

  func indices(row: Int, columns: Range<Int>, into out: UnsafeMutablePointer<Int32>) {
    scene.sheetIndices(
      row: row, columns: columns, atStep: present, sheet: sheet,
      into: UnsafeMutableBufferPointer(start: out, count: columns.count))
  }

  func texels(
    row: Int, columns: Range<Int>, table: UnsafePointer<SIMD4<Float>>, count: Int,
    into out: UnsafeMutablePointer<SIMD4<Float>>, indices: UnsafeMutablePointer<Int32>
  ) {
    scene.sheetTexels(
      row: row, columns: columns, atStep: present, sheet: sheet, table: table, count: count,
      into: out)
  }
}
