import TickGeometry
import TickScene

/// Draws an overview layout (`GridLayout.isOverview`: views smaller than their whole-pixel
/// sprites) into a frame in memory: `OverviewRenderer` resamples the sheet's sprites at the
/// level of detail of the views' size, the upper half of the rows on the calling thread
/// and the lower half on a second one.
///
/// The level-of-detail tables are made from the sheet's pixels, again whenever the sheet
/// or the number of its sprites drawn changes (a few hundred sprites of 4–5 px: well
/// under a millisecond). A view whose sprite is not drawn yet shows its settled sprite
/// (`Scene.sheetIndices`).
final class OverviewPainter {
  /// The sheet the tables were made from.
  private struct Source: Equatable {
    var atlas: ObjectIdentifier
    var available: Int
  }

  private var renderer: OverviewRenderer?
  private var source: Source?
  /// One scratch per band, kept across frames so that a frame allocates nothing.
  private let scratches = [OverviewScratch(), OverviewScratch()]
  /// The second thread, started with the first overview frame.
  private var worker: BandWorker?

  deinit { worker?.stop() }

  /// Paints `scene` at fractional step `present` into `frame` (`width × height`, every
  /// pixel written) from `atlas`'s read-back pixels.
  func paint(
    _ scene: Scene, present: Double, atlas: SpriteAtlas, frame: UnsafeMutablePointer<UInt32>,
    width: Int, height: Int
  ) {
    let l = scene.layout
    let geometry = OverviewGeometry(
      originX: l.screenX(ofColumn: 0), originY: l.screenY(ofRow: 0), pitch: l.screenPitch,
      columns: l.columns, rows: l.rows, width: width, height: height)
    guard geometry.isValid, atlas.sheet.available > 0, !atlas.pixels.isEmpty else {
      let bg = scene.style.background
      frame.update(repeating: Self.argb(bg), count: width * height)
      return
    }
    let renderer = prepared(geometry, atlas: atlas, background: scene.style.background)
    let sheet = atlas.sheet
    let sprites: @Sendable (Int, Range<Int>, UnsafeMutableBufferPointer<Int32>) -> Void = {
      row, columns, out in
      scene.sheetIndices(row: row, columns: columns, atStep: present, sheet: sheet, into: out)
    }
    let half = height / 2
    let shared = SharedFrame(frame)
    let lower = scratches[1]
    let worker = self.worker ?? BandWorker()
    self.worker = worker
    worker.run {
      renderer.render(rows: half..<height, into: shared.base, sprites: sprites, scratch: lower)
    }
    renderer.render(rows: 0..<half, into: frame, sprites: sprites, scratch: scratches[0])
    worker.wait()
  }

  /// The renderer for this geometry, sheet and background, its tables remade only when
  /// the sheet's drawn sprites changed.
  private func prepared(_ geometry: OverviewGeometry, atlas: SpriteAtlas, background: Color)
    -> OverviewRenderer
  {
    let now = Source(atlas: ObjectIdentifier(atlas), available: atlas.sheet.available)
    if var r = renderer, now == source {
      r.update(geometry: geometry, lod: r.lod, background: background)
      renderer = r
      return r
    }
    let lod = SpriteLOD(
      pixels: atlas.pixels, rowStride: atlas.width, spriteSize: atlas.sheet.spriteSize,
      count: now.available, origin: { atlas.origin(of: $0) })
    if var r = renderer {
      r.update(geometry: geometry, lod: lod, background: background)
      renderer = r
    } else {
      renderer = OverviewRenderer(geometry: geometry, lod: lod, background: background)
    }
    source = now
    return renderer!
  }

  /// An opaque colour as an ARGB8888 pixel.
  static func argb(_ c: Color) -> UInt32 {
    0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
  }
}

/// The frame both bands write, each its own rows.
private final class SharedFrame: @unchecked Sendable {
  let base: UnsafeMutablePointer<UInt32>
  init(_ base: UnsafeMutablePointer<UInt32>) { self.base = base }
}
