import CSDL2
import TickFrame
import TickGeometry
import TickScene

/// A sprite sheet's frames: rendered on the CPU (`SheetPixels`: the settled looks and the
/// leading frames at once, the whole sheet on the worker's thread), and for the atlas path
/// uploaded into textures of one row of sprites each.
///
/// Building never stalls a frame: the main thread renders about a millisecond's worth of
/// sprites when the atlas is made, and afterwards only takes in the worker's finished
/// pixels (`update`) and uploads them a bounded number of bytes a frame
/// (`upload(budget:)`). The compose path reads `pixels` directly; `sheet(for:)` says which
/// sprites each path may use, and a view whose sprite is not there yet is drawn directly
/// meanwhile.
///
/// A texture a row, made when its first sprite is uploaded: a sheet of large sprites
/// would otherwise cost tens of milliseconds to allocate in one frame (40 MB at 216-px
/// cells), and the compose path needs none.
///
/// Sprites are opaque: each is rendered over the scene's background, so copying one needs
/// no blending, on the GPU (atlas) or the CPU (compose).
public final class SpriteAtlas {
  private let image: SheetPixels
  /// One texture per row of sprites, made as the rows are uploaded.
  private(set) var rowTextures: [OpaquePointer] = []
  /// Sprites uploaded into `rowTextures`, from the first.
  private var uploaded = 0
  /// The leading frames of each kind uploaded beyond `uploaded` (while the sheet is being
  /// rendered, those rendered when the atlas was made).
  private var uploadedLeading = 0
  /// Whether anything was uploaded yet.
  private var uploadStarted = false
  private let screen: Screen

  /// The most memory a sheet may take; larger (very zoomed-in) scenes use the direct path.
  public static let byteLimit = 96 << 20

  /// Renders the settled looks and the leading frames now and the whole sheet on
  /// `worker` (every sprite now without one).
  init(screen: Screen, sheet full: SpriteSheet, worker: SheetWorker?) throws(SDLError) {
    let size = full.spriteSize
    guard size > 0, full.count * size * size * 4 <= Self.byteLimit else {
      throw SDLError(
        "SpriteAtlas", message: "a \(full.count)-sprite sheet of \(size) px is too large")
    }
    self.screen = screen
    image = SheetPixels(
      sheet: full, layout: SpriteSheetLayout(sheet: full, maxWidth: screen.maxTextureSize),
      worker: worker)
  }

  deinit { for t in rowTextures { SDL_DestroyTexture(t) } }

  /// The sheet, with how many of its sprites are rendered (what the compose path may use).
  public var sheet: SpriteSheet { image.sheet }

  /// The sheet with as many sprites available as `path` may use: the rendered ones for
  /// compose, the uploaded ones for atlas.
  public func sheet(for path: RenderPath) -> SpriteSheet {
    guard path == .atlas else { return image.sheet }
    return image.sheet.with(available: uploaded, leadingFrames: uploadedLeading)
  }

  /// Whether every sprite is rendered.
  public var isComplete: Bool { image.isComplete }

  /// The atlas as ARGB8888 pixels, row by row (`width` per row). Only rendered sprites'
  /// pixels are meaningful.
  public var pixels: [UInt32] { image.pixels }

  /// Sprites per atlas row.
  var perRow: Int { image.layout.perRow }
  /// The whole atlas's size: the rows stacked.
  public var width: Int { image.layout.width }
  public var height: Int { image.layout.height }

  /// The memory the sheet takes: its pixels and its textures.
  public var bytes: Int {
    width * height * 4 + rowTextures.count * width * image.layout.spriteSize * 4
  }

  /// Takes in the worker's pixels if they are ready; never waits. Returns whether the
  /// sheet became complete.
  @discardableResult
  public func update() -> Bool { image.poll() }

  /// Completes the sheet now, on this thread (a headless render, which has no frame rate
  /// to keep and must not depend on the worker's timing).
  public func finishNow() { image.finishNow() }

  /// Uploads rendered sprites not yet in the textures: while the sheet is being rendered,
  /// the ones rendered when the atlas was made, one by one; once it is whole, the rest,
  /// whole rows at a time, until `budget` bytes are sent (at least one row's worth, so
  /// that it always progresses). Returns the bytes sent.
  @discardableResult
  public func upload(budget: Int) throws(SDLError) -> Int {
    var sent = 0
    if !uploadStarted, !image.isComplete {
      let early = image.sheet
      let kinds = (0..<3).map { 4 + $0 * early.framesPerKind }
      for run in [0..<early.available] + kinds.map({ $0..<($0 + early.leadingFrames) }) {
        sent += try upload(run)
      }
      uploaded = early.available
      uploadedLeading = early.leadingFrames
    }
    uploadStarted = true
    let end = image.sheet.available
    while uploaded < end, sent == 0 || sent < budget {
      let rowEnd = min(end, (uploaded / perRow + 1) * perRow)
      sent += try uploadInRow(uploaded..<rowEnd)
      uploaded = rowEnd
    }
    return sent
  }

  /// Uploads sprites `range` row by row, one call a row; returns the bytes sent.
  private func upload(_ range: Range<Int>) throws(SDLError) -> Int {
    var sent = 0
    var i = range.lowerBound
    while i < range.upperBound {
      let rowEnd = min(range.upperBound, (i / perRow + 1) * perRow)
      sent += try uploadInRow(i..<rowEnd)
      i = rowEnd
    }
    return sent
  }

  /// Uploads sprites `range`, all in one row, into their row's texture (made if it is not
  /// yet); returns the bytes sent.
  private func uploadInRow(_ range: Range<Int>) throws(SDLError) -> Int {
    let size = image.layout.spriteSize
    let row = range.lowerBound / perRow
    while rowTextures.count <= row { rowTextures.append(try makeRowTexture()) }
    let o = image.layout.origin(of: range.lowerBound)
    let w = range.count * size
    var rect = SDL_Rect(x: Int32(o.x), y: 0, w: Int32(w), h: Int32(size))
    let rc = image.pixels.withUnsafeBytes { buf in
      buf.baseAddress.map {
        SDL_UpdateTexture(rowTextures[row], &rect, $0 + (o.y * width + o.x) * 4, Int32(width * 4))
      } ?? 0
    }
    guard rc == 0 else { throw SDLError("SDL_UpdateTexture(atlas row)") }
    return w * size * 4
  }

  /// The top-left of sprite `index` in the whole atlas (and in `pixels`).
  public func origin(of index: Int) -> (x: Int, y: Int) { image.layout.origin(of: index) }

  /// Writes a textured quad per sprite into `quads` (replacing its contents), `size`
  /// pixels square on screen (scaled when that is not the sheet's own size), grouped in
  /// one batch per row texture.
  func quads(for sprites: [DrawList.SpriteDraw], size: Int32, into quads: inout SpriteQuads) {
    quads.reset(rows: rowTextures.count)
    let s = Float(size)
    let iw = 1 / Float(width)
    let white = Color.white
    let spriteSize = image.layout.spriteSize
    let window = (x: Float(screen.width), y: Float(screen.height))
    for d in sprites {
      let index = Int(d.index)
      // SDL refuses a uv past 1 by a rounding error.
      let u0 = Float((index % perRow) * spriteSize) * iw
      let u1 = min(1, Float((index % perRow + 1) * spriteSize) * iw)
      // Cut to the window: a vertex outside it sends the whole call through llvmpipe's
      // clipping stage (docs/performance.md). A side not cut keeps its coordinates exactly.
      guard let x = Self.cut(Float(d.x), s, to: window.x, u0, u1),
        let y = Self.cut(Float(d.y), s, to: window.y, 0, 1)
      else { continue }
      quads.rows[index / perRow].add(
        Vertex(x: x.lo, y: y.lo, color: white, u: x.uLo, v: y.uLo),
        Vertex(x: x.hi, y: y.lo, color: white, u: x.uHi, v: y.uLo),
        Vertex(x: x.hi, y: y.hi, color: white, u: x.uHi, v: y.uHi),
        Vertex(x: x.lo, y: y.hi, color: white, u: x.uLo, v: y.uHi))
    }
  }

  /// One axis of a sprite's quad, cut to the window, with the texture coordinates of its
  /// ends.
  struct QuadSpan {
    var lo: Float
    var hi: Float
    var uLo: Float
    var uHi: Float
  }

  /// The span `start ..< start + size`, its texture running from `u0` to `u1`, cut to
  /// `0 ... extent`; nil when nothing of it is inside.
  static func cut(_ start: Float, _ size: Float, to extent: Float, _ u0: Float, _ u1: Float)
    -> QuadSpan?
  {
    let (lo, hi) = (max(start, 0), min(start + size, extent))
    guard lo < hi else { return nil }
    let perPixel = (u1 - u0) / size
    return QuadSpan(
      lo: lo, hi: hi, uLo: lo == start ? u0 : u0 + (lo - start) * perPixel,
      uHi: hi == start + size ? u1 : u0 + (hi - start) * perPixel)
  }

  // MARK: - Private

  /// A texture for one row of sprites, filled by uploads.
  private func makeRowTexture() throws(SDLError) -> OpaquePointer {
    guard
      let t = SDL_CreateTexture(
        screen.renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
        Int32(width), Int32(image.layout.spriteSize))
    else { throw SDLError("SDL_CreateTexture(atlas row)") }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
    return t
  }
}

/// Textured quads for the atlas path, in `SDL_Vertex` layout, one batch per atlas row.
struct SpriteQuads {
  /// The quads of one row texture.
  struct Batch {
    var vertices: [Vertex] = []
    var indices: [UInt32] = []

    mutating func add(_ a: Vertex, _ b: Vertex, _ c: Vertex, _ d: Vertex) {
      let base = UInt32(vertices.count)
      vertices.append(a)
      vertices.append(b)
      vertices.append(c)
      vertices.append(d)
      indices.append(base)
      indices.append(base + 1)
      indices.append(base + 2)
      indices.append(base)
      indices.append(base + 2)
      indices.append(base + 3)
    }
  }

  var rows: [Batch] = []

  /// Empties every batch, keeping their storage, with at least one batch per row.
  mutating func reset(rows n: Int) {
    while rows.count < n { rows.append(Batch()) }
    for i in rows.indices {
      rows[i].vertices.removeAll(keepingCapacity: true)
      rows[i].indices.removeAll(keepingCapacity: true)
    }
  }
}
