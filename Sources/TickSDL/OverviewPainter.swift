import TickFrame
import TickGeometry
import TickScene
import TickThreads

#if canImport(Glibc)
  import Glibc
#endif

/// Draws an overview layout (`GridLayout.isOverview`: views smaller than their whole-pixel
/// sprites) into a frame in memory: `OverviewRenderer` resamples the sheet's sprites at the
/// level of detail of the views' size, its rows in bands, one a thread of the pool, the
/// first on the calling thread.
///
/// The level-of-detail tables are made from the sheet's pixels, again whenever the sheet
/// or the number of its sprites drawn changes (a few hundred sprites of 4–5 px: well
/// under a millisecond). A view whose sprite is not drawn yet shows its settled sprite
/// (`Scene.sheetIndices`).
public final class OverviewPainter {
  /// The sheet the tables were made from.
  private struct Source: Equatable {
    var atlas: ObjectIdentifier
    var available: Int
  }

  /// What decides the pixels outside the grid: the same in two frames, only the grid's
  /// pixels can differ between them.
  private struct Surround: Equatable {
    var geometry: OverviewGeometry
    var background: Color
  }

  private var renderer: OverviewRenderer?
  private var source: Source?
  /// The last frame's surround, when the last frame was painted by the renderer.
  private var painted: Surround?
  /// The moment of the scene's timeline the last frame painted showed.
  private var paintedMoment: Moment?

  /// What, besides the views' records, decides an overview's pixels: the scene's step and
  /// the fractional present, unless nothing animates (a settled view looks the same at any
  /// moment).
  private struct Moment: Equatable {
    var step: Int64
    var present: Double
    var settled: Bool

    /// Whether a frame at `other` shows the views as a frame at this moment did, their
    /// records unchanged: both settled, or the same step and present (paused, or a frame
    /// drawn twice at one moment).
    func looksLike(_ other: Moment) -> Bool { (settled && other.settled) || self == other }
  }
  /// One scratch per band, kept across frames so that a frame allocates nothing.
  private let scratches: [OverviewScratch]
  /// The threads the bands are painted on, the caller's among them.
  private let pool: WorkerPool

  /// Each band's CPU time, written by its own thread: made once, not a frame.
  private let times: BandTimes

  /// The bands the last `paint` split the frame into.
  public var bandCount: Int { times.bands }
  /// The thread CPU time, in seconds, the last `paint` spent on its busiest band: what it
  /// cost that band's core, however loaded the machine (`bench overview`).
  public var busiestBandSeconds: Double { times.seconds[..<times.bands].max() ?? 0 }

  /// A painter that paints a band of rows on each of `pool`'s threads.
  public init(pool: WorkerPool) {
    self.pool = pool
    scratches = (0..<pool.threads).map { _ in OverviewScratch() }
    times = BandTimes(count: pool.threads)
  }

  /// Paints `scene` at fractional step `present` into `frame` (`width × height`, every
  /// pixel written) from `atlas`'s read-back pixels, or the background alone without an
  /// atlas. Returns the part of the frame that may differ from the last frame painted:
  /// the grid's pixels when nothing round it changed, else nil (all of it).
  func paint(
    _ scene: Scene, present: Double, atlas: SpriteAtlas?, frame: UnsafeMutablePointer<UInt32>,
    width: Int, height: Int
  ) -> PixelRect? {
    let geometry = Self.geometry(scene.layout, width: width, height: height)
    guard let atlas, geometry.isValid, atlas.sheet.available > 0, !atlas.pixels.isEmpty else {
      let bg = scene.style.background
      frame.update(repeating: Self.argb(bg), count: width * height)
      painted = nil
      paintedMoment = nil
      return nil
    }
    let renderer = prepared(geometry, atlas: atlas, background: scene.style.background)
    return paint(scene, present: present, renderer: renderer, sheet: atlas.sheet, frame: frame)
  }

  /// Paints `scene` as `paint(_:present:atlas:frame:width:height:)` does, from the levels
  /// of detail `lod` of the complete sheet `sheet`, made by the caller.
  /// - Precondition: the scene's layout is an overview (`isOverview`).
  @discardableResult
  public func paint(
    _ scene: Scene, present: Double, sheet: SpriteSheet, lod: SpriteLOD,
    frame: UnsafeMutablePointer<UInt32>, width: Int, height: Int
  ) -> PixelRect? {
    let geometry = Self.geometry(scene.layout, width: width, height: height)
    let bg = scene.style.background
    var r = renderer ?? OverviewRenderer(geometry: geometry, lod: lod, background: bg)
    if renderer != nil { r.update(geometry: geometry, lod: lod, background: bg) }
    renderer = r
    source = nil
    return paint(scene, present: present, renderer: r, sheet: sheet, frame: frame)
  }

  /// Where `layout` puts the grid in a window of `width × height`.
  static func geometry(_ l: GridLayout, width: Int, height: Int) -> OverviewGeometry {
    OverviewGeometry(
      originX: l.screenX(ofColumn: 0), originY: l.screenY(ofRow: 0), pitch: l.screenPitch,
      columns: l.columns, rows: l.rows, width: width, height: height)
  }

  /// The rows in a band a thread (the first on this one); returns the grid's pixels when
  /// the surround is the last frame's.
  private func paint(
    _ scene: Scene, present: Double, renderer: OverviewRenderer, sheet: SpriteSheet,
    frame: UnsafeMutablePointer<UInt32>
  ) -> PixelRect? {
    let height = renderer.geometry.height
    let bands = max(1, min(pool.threads, height))
    let times = self.times
    times.bands = bands
    pool.forEachPart(bands) { k in
      let start = Self.threadSeconds()
      renderer.render(
        rows: (k * height / bands)..<((k + 1) * height / bands), into: frame, scene: scene,
        atStep: present, sheet: sheet, scratch: scratches[k])
      times.seconds[k] = Self.threadSeconds() - start
    }
    let surround = Surround(geometry: renderer.geometry, background: renderer.background)
    defer {
      painted = surround
      paintedMoment = Moment(
        step: scene.step, present: present, settled: scene.animatingCount == 0)
    }
    return painted == surround ? renderer.gridPixels : nil
  }

  /// Whether painting `scene` at `present` into a frame of `width × height` from `atlas`
  /// would paint the last frame again, no view having changed since: the renderer painted
  /// it at a moment that looks the same (`Moment.looksLike`: nothing animating then and
  /// now, or the same step and present, as while paused), and the sheet with its drawn
  /// sprites, the grid's place and the background are the same.
  func repaintsLast(
    _ scene: Scene, present: Double, atlas: SpriteAtlas?, width: Int, height: Int
  ) -> Bool {
    guard let atlas, let painted, let paintedMoment else { return false }
    let now = Moment(step: scene.step, present: present, settled: scene.animatingCount == 0)
    guard paintedMoment.looksLike(now) else { return false }
    let sheet = Source(atlas: ObjectIdentifier(atlas), available: atlas.sheet.available)
    let surround = Surround(
      geometry: Self.geometry(scene.layout, width: width, height: height),
      background: scene.style.background)
    return sheet == source && surround == painted
  }

  /// The CPU time the calling thread has used, in seconds.
  static func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
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
    var r = renderer ?? OverviewRenderer(geometry: geometry, lod: lod, background: background)
    if renderer != nil { r.update(geometry: geometry, lod: lod, background: background) }
    renderer = r
    source = now
    return r
  }

  /// An opaque colour as an ARGB8888 pixel.
  static func argb(_ c: Color) -> UInt32 {
    0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
  }
}

/// Each band's CPU time, written by its own thread into its own slot and read once every
/// band is done; `bands` of the slots are the last frame's.
private final class BandTimes {
  let seconds: UnsafeMutableBufferPointer<Double>
  var bands = 0
  init(count: Int) {
    seconds = .allocate(capacity: count)
    seconds.initialize(repeating: 0)
  }
  deinit { seconds.deallocate() }
}
