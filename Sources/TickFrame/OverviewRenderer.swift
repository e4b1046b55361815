import TickGeometry
import TickScene

/// Where the overview draws the grid in the window.
public struct OverviewGeometry: Equatable, Sendable {
  /// The window coordinates of the top-left of cell 0's paint rect (the cell and its
  /// share of the gap: paint rects tile the grid).
  public var originX: Double
  public var originY: Double
  /// Window pixels from one view to the next: the side of a paint rect on screen.
  public var pitch: Double
  public var columns: Int
  public var rows: Int
  /// The window, and the frame the overview fills, in pixels.
  public var width: Int
  public var height: Int

  public init(
    originX: Double, originY: Double, pitch: Double, columns: Int, rows: Int, width: Int,
    height: Int
  ) {
    self.originX = originX
    self.originY = originY
    self.pitch = pitch
    self.columns = columns
    self.rows = rows
    self.width = width
    self.height = height
  }

  /// Whether the overview can draw this: finite coordinates, a positive pitch and
  /// positive counts and window.
  public var isValid: Bool {
    originX.isFinite && originY.isFinite && pitch.isFinite && pitch > 0 && columns > 0
      && rows > 0 && width > 0 && height > 0
  }
}

/// Fills its buffer with the sheet index of each view of grid row `row`, columns
/// `columns` (one entry a column, in order): the scene's `sheetIndices` at the frame's
/// step. An index outside the sheet draws sprite 0 (the settled off look).
public typealias OverviewSprites = (
  _ row: Int, _ columns: Range<Int>, _ into: UnsafeMutableBufferPointer<Int32>
) -> Void

/// Draws a grid of views too small for their sprites into a window-sized frame in memory:
/// the overview, which shows every view at once when the grid is zoomed out below its
/// base pitch.
///
/// The frame is an area-weighted (box) resample of a picture in which each view is its
/// sprite at the `DetailLevel` of the pitch, and everything outside the grid is the
/// background: each pixel is the average of that picture over the pixel's square, so a
/// pixel the grid's edge crosses blends with the background by the area it covers, and a
/// pixel over several views averages them by area. A box resample keeps the mean, and
/// every level's sprite has its full sprite's mean, so the grid's mean colour does not
/// jump when the pitch crosses a level switch.
///
/// The resample is separable: each row of the level's texels is resampled across (once
/// per frame and thread, kept in a ring of rows), then the rows down. The weights depend
/// only on the geometry and are rebuilt, into the same storage, only when it changes.
/// A frame is rendered in row ranges, each needing its own `OverviewScratch`: any split
/// gives the same bytes, since a row depends only on the geometry, the sprites and the
/// indices. `update` must not run while a `render` does.
public struct OverviewRenderer: Sendable {
  public private(set) var geometry: OverviewGeometry
  public private(set) var lod: SpriteLOD
  public private(set) var background: Color
  /// The level the pitch draws views at.
  public private(set) var level: DetailLevel
  /// The resample across (window columns from texel columns) and down.
  private(set) var horizontal = AreaWeights()
  private(set) var vertical = AreaWeights()
  /// The grid columns whose texels the horizontal resample reads.
  private(set) var columnsSeen: Range<Int> = 0..<0

  /// - Precondition: `geometry.isValid`.
  public init(geometry: OverviewGeometry, lod: SpriteLOD, background: Color) {
    self.geometry = geometry
    self.lod = lod
    self.background = background
    level = DetailLevel(pitch: geometry.pitch)
    rebuild()
  }

  /// The window pixels the grid reaches (wholly or in part); every other pixel is the
  /// background.
  public var gridPixels: PixelRect {
    let x = horizontal.outputs
    let y = vertical.outputs
    guard !x.isEmpty, !y.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
    return PixelRect(x: x.lowerBound, y: y.lowerBound, width: x.count, height: y.count)
  }

  /// Sets what the next frames draw; rebuilds the weights only when the geometry or the
  /// sprite size changed.
  /// - Precondition: `geometry.isValid`.
  public mutating func update(geometry: OverviewGeometry, lod: SpriteLOD, background: Color) {
    let changed = geometry != self.geometry || lod.spriteSize != self.lod.spriteSize
    self.geometry = geometry
    self.lod = lod
    self.background = background
    if changed { rebuild() }
  }

  /// Fills window rows `rows` (clamped to the window) of `frame` — ARGB8888, `width`
  /// pixels a row, `height` rows — with the grid, asking `sprites` for the indices of the
  /// grid rows they show. Allocates nothing once `scratch` has served this geometry.
  public func render(
    rows: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, sprites: OverviewSprites,
    scratch: OverviewScratch
  ) {
    withoutActuallyEscaping(sprites) { sprites in
      render(rows: rows, into: frame, source: ClosureSprites(sprites: sprites), scratch: scratch)
    }
  }

  /// Fills rows `rows` of `frame` as `render(rows:into:sprites:scratch:)` does with the
  /// sprites `scene.sheetIndices` gives at fractional step `present` in `sheet`, but
  /// reads them straight from the views' records: at one texel a view, no index is
  /// stored between.
  public func render(
    rows: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, scene: Scene,
    atStep present: Double, sheet: SpriteSheet, scratch: OverviewScratch
  ) {
    render(
      rows: rows, into: frame, source: SceneSprites(scene: scene, present: present, sheet: sheet),
      scratch: scratch)
  }

  private func render<Source: OverviewSpriteSource>(
    rows: Range<Int>, into frame: UnsafeMutablePointer<UInt32>, source: Source,
    scratch: OverviewScratch
  ) {
    let rows = rows.clamped(to: 0..<geometry.height)
    guard !rows.isEmpty else { return }
    scratch.prepare(for: self)
    horizontal.withTable { h in
      vertical.withTable { v in
        lod.levels[level.rawValue].withUnsafeBufferPointer { texels in
          let pass = OverviewPass(
            renderer: self, source: source, h: h, v: v, texels: texels.baseAddress!,
            scratch: scratch)
          for y in rows { pass.row(y, into: frame + y * geometry.width) }
        }
      }
    }
  }

  /// The picture's texel size and the weights for the current geometry.
  private mutating func rebuild() {
    let g = geometry
    precondition(g.isValid, "an overview needs a positive pitch, counts and window")
    level = DetailLevel(pitch: g.pitch)
    let k = lod.side(level)
    let step = g.pitch / Double(k)
    horizontal.rebuild(origin: g.originX, step: step, count: g.columns * k, length: g.width)
    vertical.rebuild(origin: g.originY, step: step, count: g.rows * k, length: g.height)
    columnsSeen = Self.cells(seenBy: horizontal, side: k, count: g.columns)
  }

  /// The cells whose texels fill `axis`'s padded source (one texel either side of the
  /// sources seen), `k` texels a cell, `n` cells.
  static func cells(seenBy axis: AreaWeights, side k: Int, count n: Int) -> Range<Int> {
    guard !axis.sources.isEmpty else { return 0..<0 }
    let lo = max(0, axis.sources.lowerBound - 1) / k
    let hi = (min(n * k, axis.sources.upperBound + 1) + k - 1) / k
    return lo..<hi
  }
}

extension Color {
  /// This colour as an opaque ARGB8888 pixel.
  var opaquePixel: UInt32 { 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }
}
