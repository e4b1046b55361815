import CSDL2
import TickGeometry
import TickScene

/// A sprite sheet's frames, tessellated and rendered a slice at a time into textures of
/// one row of sprites each; for the compose path also read back into memory.
///
/// Building never stalls a frame: the settled looks are drawn when the atlas is made (four
/// sprites), the rest in slices within a per-frame budget (`build(budget:)`), in the
/// order they are reached (enter frames first). `sheet.available` says how many are
/// ready; a view whose sprite is not is drawn directly meanwhile.
///
/// A texture a row, made when its first sprite is drawn: a sheet of large sprites would
/// otherwise cost tens of milliseconds to allocate in one frame (40 MB at 216-px cells).
///
/// Sprites are opaque: each is drawn over the scene's background, so copying one needs no
/// blending, on the GPU (atlas) or the CPU (compose).
public final class SpriteAtlas {
  /// The sheet, with how many of its sprites are ready.
  public private(set) var sheet: SpriteSheet
  /// One texture per row of sprites, made as the rows are reached.
  private(set) var rowTextures: [OpaquePointer] = []
  private let screen: Screen
  /// Sprites per atlas row.
  let perRow: Int
  /// The whole atlas's size: the rows' textures stacked.
  public let width: Int
  public let height: Int
  /// The atlas as ARGB8888 pixels, row by row (`width` per row); empty unless read back.
  /// Only drawn sprites' pixels are meaningful.
  public private(set) var pixels: [UInt32] = []
  private var builder = FrameBuilder()
  private var mesh = Mesh()
  private var rects: [SDL_Rect] = []

  /// The most memory a sheet may take; larger (very zoomed-in) scenes use the direct path.
  public static let byteLimit = 96 << 20

  /// The settled looks: drawn at once, so settled views never wait for a sprite.
  static let settledCount = 4

  /// Draws the settled looks; with `readBack`, keeps the pixels in memory too.
  public init(screen: Screen, sheet full: SpriteSheet, readBack: Bool) throws(SDLError) {
    let size = full.spriteSize
    guard size > 0, full.count * size * size * 4 <= Self.byteLimit else {
      throw SDLError(
        "SpriteAtlas", message: "a \(full.count)-sprite sheet of \(size) px is too large")
    }
    // Square-ish, so that a row texture stays small.
    var side = 1
    while side * side < full.count { side += 1 }
    let perRow = max(1, min(side, screen.maxTextureSize / size))
    let rows = (full.count + perRow - 1) / perRow
    self.screen = screen
    self.perRow = perRow
    width = perRow * size
    height = rows * size
    sheet = full.with(available: 0)
    if readBack { pixels = Self.uninitialisedPixels(width * height) }
    try draw(upTo: min(Self.settledCount, full.count))
  }

  deinit { for t in rowTextures { SDL_DestroyTexture(t) } }

  /// Whether every sprite is drawn.
  public var isComplete: Bool { sheet.isComplete }

  /// The memory the sheet takes: its textures, and its pixels when read back.
  public var bytes: Int {
    rowTextures.count * width * sheet.spriteSize * 4 + (pixels.isEmpty ? 0 : width * height * 4)
  }

  /// Draws the next sprites, as many as an estimate says fit in `budget` seconds (at least
  /// one). Returns how many it drew.
  @discardableResult
  public func build(budget: Double) throws(SDLError) -> Int {
    guard !isComplete else { return 0 }
    // llvmpipe's costs (DESIGN.md): about 1 µs a small triangle and 10 ns a blended
    // pixel; a sprite is about 150 triangles, and its look covers about half its area.
    let size = Double(sheet.spriteSize)
    let perSprite = 150e-6 + size * size * 0.5 * 10e-9
    let n = budget.isFinite ? max(1, Int(budget / perSprite)) : sheet.count
    let first = sheet.available
    try draw(upTo: min(sheet.count, first + n))
    return sheet.available - first
  }

  /// From now on keeps the pixels in memory too (the compose path), reading back what is
  /// drawn so far.
  public func startReadingBack() throws(SDLError) {
    guard pixels.isEmpty else { return }
    pixels = Self.uninitialisedPixels(width * height)
    try readBack(0..<sheet.available)
  }

  /// The top-left of sprite `index` in the whole atlas (and in `pixels`).
  public func origin(of index: Int) -> (x: Int, y: Int) {
    ((index % perRow) * sheet.spriteSize, (index / perRow) * sheet.spriteSize)
  }

  /// Writes a textured quad per sprite into `quads` (replacing its contents), `size`
  /// pixels square on screen (scaled when that is not the sheet's own size), grouped in
  /// one batch per row texture.
  func quads(for sprites: [DrawList.SpriteDraw], size: Int32, into quads: inout SpriteQuads) {
    quads.reset(rows: rowTextures.count)
    let s = Float(size)
    let iw = 1 / Float(width)
    let white = Color.white
    for d in sprites {
      let index = Int(d.index)
      // SDL refuses a uv past 1 by a rounding error.
      let u0 = Float((index % perRow) * sheet.spriteSize) * iw
      let u1 = min(1, Float((index % perRow + 1) * sheet.spriteSize) * iw)
      let x = Float(d.x)
      let y = Float(d.y)
      quads.rows[index / perRow].add(
        Vertex(x: x, y: y, color: white, u: u0, v: 0),
        Vertex(x: x + s, y: y, color: white, u: u1, v: 0),
        Vertex(x: x + s, y: y + s, color: white, u: u1, v: 1),
        Vertex(x: x, y: y + s, color: white, u: u0, v: 1))
    }
  }

  // MARK: - Private

  /// Draws sprites `sheet.available..<end` over the background, each clipped to its own
  /// square, row texture by row texture, and reads them back when keeping pixels.
  private func draw(upTo end: Int) throws(SDLError) {
    let first = sheet.available
    guard end > first else { return }
    let size = sheet.spriteSize
    let key = sheet.key
    let r = screen.renderer
    defer { screen.targetWindow() }
    let bg = key.style.background
    var i = first
    while i < end {
      let row = i / perRow
      let rowEnd = min(end, (row + 1) * perRow)
      // Tessellate the row's new sprites in the row texture's coordinates.
      mesh.removeAll()
      rects.removeAll(keepingCapacity: true)
      for k in i..<rowEnd {
        let (look, mark) = sheet.look(at: k)
        let x = (k % perRow) * size
        rects.append(SDL_Rect(x: Int32(x), y: 0, w: Int32(size), h: Int32(size)))
        let (v0, i0) = (mesh.vertices.count, mesh.indices.count)
        builder.draw(
          look, at: Point(Float(x + sheet.cellOffset), Float(sheet.cellOffset)),
          size: Float(key.cell), style: key.style, mark: mark, into: &mesh)
        mesh.clip(
          fromVertex: v0, fromIndex: i0, to: PixelRect(x: x, y: 0, width: size, height: size))
      }
      while rowTextures.count <= row { rowTextures.append(try makeRowTexture()) }
      guard SDL_SetRenderTarget(r, rowTextures[row]) == 0 else {
        throw SDLError("SDL_SetRenderTarget(atlas)")
      }
      SDL_SetRenderDrawColor(r, bg.r, bg.g, bg.b, 255)
      SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE)
      SDL_RenderFillRects(r, rects, Int32(rects.count))
      SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
      try screen.drawMesh(mesh)
      i = rowEnd
    }
    sheet = sheet.with(available: end)
    if !pixels.isEmpty { try readBack(first..<end) }
  }

  /// Copies sprites `range` into `pixels`, one read per row texture they occupy.
  private func readBack(_ range: Range<Int>) throws(SDLError) {
    guard !range.isEmpty else { return }
    let r = screen.renderer
    defer { screen.targetWindow() }
    let size = sheet.spriteSize
    var i = range.lowerBound
    while i < range.upperBound {
      let rowEnd = min(range.upperBound, (i / perRow + 1) * perRow)
      let o = origin(of: i)
      guard SDL_SetRenderTarget(r, rowTextures[i / perRow]) == 0 else {
        throw SDLError("SDL_SetRenderTarget(atlas)")
      }
      var rect = SDL_Rect(x: Int32(o.x), y: 0, w: Int32((rowEnd - i) * size), h: Int32(size))
      let rc = pixels.withUnsafeMutableBytes { buf in
        SDL_RenderReadPixels(
          r, &rect, csdl_pixelformat_argb8888(), buf.baseAddress! + (o.y * width + o.x) * 4,
          Int32(width * 4))
      }
      guard rc == 0 else { throw SDLError("SDL_RenderReadPixels(atlas)") }
      i = rowEnd
    }
  }

  /// A texture for one row of sprites.
  private func makeRowTexture() throws(SDLError) -> OpaquePointer {
    guard
      let t = SDL_CreateTexture(
        screen.renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(width), Int32(sheet.spriteSize))
    else { throw SDLError("SDL_CreateTexture(atlas row)") }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
    return t
  }

  /// A pixel buffer left as the allocator gives it: a large one comes straight from the
  /// kernel as untouched pages, so making it costs nothing until sprites are read into it
  /// (only drawn sprites are ever read from it).
  private static func uninitialisedPixels(_ n: Int) -> [UInt32] {
    [UInt32](unsafeUninitializedCapacity: n) { _, count in count = n }
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
