import CSDL2
import TickGeometry
import TickScene

/// The compose path: the window's pixels live in memory; each frame, changed cells are
/// copied in from a read-back sprite atlas and only the band of changed rows is uploaded
/// through a streaming texture. Then one quad, and the fallback geometry on top.
///
/// Sprites are opaque and the background is one colour, so composing is row copies
/// (`memcpy`-class work) with no blending; a full-window upload plus one quad measured
/// 7.2–8.8 ms on llvmpipe, the floor for a frame that changes everywhere
/// (docs/performance.md, "Getting a frame to the window").
public final class Compositor {
  private let screen: Screen
  /// The frame's size: the screen's when the compositor was made (the presenter makes a
  /// new one when the window is resized).
  public let width: Int
  public let height: Int
  /// The streaming texture the renderer draws the frame from, made when the renderer first
  /// draws it: a shared-route screen never needs it (it would hold 8 MB at 1280×800, in
  /// SDL's copy for locking and in the driver).
  private var madeTexture: OpaquePointer?
  /// The compositor's number for `Screen.copyFrame`.
  private let source: Int
  /// The frame, ARGB8888, `width` pixels a row.
  private var frame: [UInt32]
  /// Rows changed since the last upload; nil when none did.
  private var dirtyRows: Range<Int>?
  /// Bytes sent to the GPU by the last `present`.
  public private(set) var bytesUploaded = 0
  /// Seconds the last `present` spent composing on the CPU (fills and copies).
  public private(set) var composeSeconds = 0.0
  /// Whether the texture holds the last frame `repaint` painted: no `present`
  /// since, which may have changed any part of it.
  private var holdsRepaint = false
  /// Whether the frame and the texture hold the last frame `repaint` painted, as
  /// `presentRepaint` left it: nothing has drawn into either since.
  var holdsLastRepaint: Bool { holdsRepaint }
  /// Whether frames went to the shared image since the texture was last brought up to
  /// date: the renderer must then upload the whole frame.
  private var textureStale = true

  public init(screen: Screen) throws(SDLError) {
    self.screen = screen
    width = screen.width
    height = screen.height
    source = screen.newFrameSource()
    frame = [UInt32](repeating: 0, count: screen.width * screen.height)
  }

  deinit { if let madeTexture { SDL_DestroyTexture(madeTexture) } }

  /// The texture, made now if it is not yet.
  private func texture() throws(SDLError) -> OpaquePointer {
    if let madeTexture { return madeTexture }
    let t = try screen.makeFrameTexture(
      SDL_TEXTUREACCESS_STREAMING, width: width, height: height, named: "compose")
    madeTexture = t
    return t
  }

  /// Composes `list` into the frame, uploads the changed rows, copies the frame to the
  /// window and draws the fallback geometry over it.
  public func present(_ list: DrawList, atlas: SpriteAtlas?) throws(SDLError) {
    let composeStart = SDLSystem.now()
    let bg = list.background
    let fill = 0xFF00_0000 | UInt32(bg.r) << 16 | UInt32(bg.g) << 8 | UInt32(bg.b)
    if list.fullRedraw {
      frame.withUnsafeMutableBufferPointer { $0.update(repeating: fill) }
      markRows(0, height)
    }
    for r in list.clears { fillRect(r, fill) }
    if let atlas, !atlas.pixels.isEmpty, !list.sprites.isEmpty {
      blit(list.sprites, atlas, size: Int(list.spriteSize))
    }
    composeSeconds = SDLSystem.now() - composeStart
    holdsRepaint = false
    try uploadAndCopy()
    let drawn: PixelRect?
    if screen.route == .shared {
      drawn = screen.drawMeshShared(list.mesh)
    } else {
      SDL_SetRenderDrawBlendMode(screen.renderer, SDL_BLENDMODE_BLEND)
      try screen.drawMesh(list.mesh)
      drawn = list.mesh.pixelBounds
    }
    // The geometry is drawn over the window, not into the frame (hover, press and focus
    // feedback with no clear under it): the next copy restores what it covers.
    if let drawn { screen.markOverdrawn(drawn) }
  }

  /// Lets `paint` write every pixel of the frame (`width` a row): the overview, where any
  /// pixel may change every frame. `paint` returns the part of the frame that may differ
  /// from the frame it painted last, or nil for all of it, which `presentRepaint` takes.
  /// Whatever the frame held before is gone, so the next `present` of a draw list must be
  /// a full redraw.
  func repaint(_ paint: (UnsafeMutablePointer<UInt32>) -> PixelRect?) -> PixelRect? {
    let start = SDLSystem.now()
    // A frame always has pixels; were it empty, nil says everything changed.
    let changed = frame.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap(paint) }
    composeSeconds = SDLSystem.now() - start
    return changed
  }

  /// Uploads the frame `repaint` painted and copies it to the window: only `changed` (nil:
  /// all of it) when the texture holds the last frame painted (the overview's grid, not
  /// the still background round it).
  func presentRepaint(changed: PixelRect?) throws(SDLError) {
    guard holdsRepaint, let changed, screen.route == .shared || !textureStale else {
      markRows(0, height)
      try uploadAndCopy(whole: true)
      holdsRepaint = true
      return
    }
    dirtyRows = nil
    if screen.route == .shared {
      textureStale = true
      copyShared(changed: [changed])
      return
    }
    try upload(changed)
    screen.copyFrame(try texture(), owner: source, changed: [changed])
  }

  /// Copies `changed` of the frame (nil: all of it) into the screen's shared image.
  private func copyShared(changed: [PixelRect]?) {
    frame.withUnsafeBufferPointer {
      guard let pixels = $0.baseAddress else { return }
      screen.copyFrameShared(pixels, owner: source, changed: changed)
    }
  }

  /// Uploads the part of the frame inside `rect` (clipped to the frame).
  private func upload(_ rect: PixelRect) throws(SDLError) {
    bytesUploaded = 0
    guard let c = rect.intersection(bounds) else { return }
    let t = try texture()
    var r = SDL_Rect(x: Int32(c.x), y: Int32(c.y), w: Int32(c.width), h: Int32(c.height))
    let rc = frame.withUnsafeBytes { buf in
      buf.baseAddress.map {
        SDL_UpdateTexture(t, &r, $0 + (c.y * width + c.x) * 4, Int32(width * 4))
      } ?? 0
    }
    guard rc == 0 else { throw SDLError("SDL_UpdateTexture") }
    bytesUploaded = c.width * c.height * 4
  }

  /// Uploads the band of changed rows and copies it to the window (`whole`: the whole
  /// frame).
  private func uploadAndCopy(whole wholeAsked: Bool = false) throws(SDLError) {
    bytesUploaded = 0
    var whole = wholeAsked
    if textureStale, screen.route == .renderer {
      markRows(0, height)
      textureStale = false
      whole = true
    }
    var changed: [PixelRect] = []
    if let rows = dirtyRows {
      changed.append(PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count))
    }
    if screen.route == .shared {
      // Nothing goes to the texture: it is brought up to date whole if the renderer
      // draws this frame again.
      textureStale = true
      dirtyRows = nil
      copyShared(changed: whole ? nil : changed)
      return
    }
    if let band = changed.first { try upload(band) }
    dirtyRows = nil
    screen.copyFrame(try texture(), owner: source, changed: whole ? nil : changed)
  }

  // MARK: - Private

  /// Which source column or row each destination one samples, for scaled sprites.
  private var sampleMap: [Int] = []

  private func markRows(_ top: Int, _ bottom: Int) {
    guard top < bottom else { return }
    guard let rows = dirtyRows else { return dirtyRows = top..<bottom }
    dirtyRows = min(rows.lowerBound, top)..<max(rows.upperBound, bottom)
  }

  /// The whole frame, to clip rectangles to.
  private var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  private func fillRect(_ r: PixelRect, _ value: UInt32) {
    guard let c = r.intersection(bounds) else { return }
    frame.withUnsafeMutableBufferPointer { f in
      for y in c.y..<(c.y + c.height) {
        UnsafeMutableBufferPointer(rebasing: f[(y * width + c.x)..<(y * width + c.x + c.width)])
          .update(repeating: value)
      }
    }
    markRows(c.y, c.y + c.height)
  }

  /// Copies every sprite into the frame, clipped to it, `size` pixels square: row copies
  /// when that is the sheet's own size, else nearest samples (a sheet of another size
  /// standing in while a zoom moves).
  private func blit(_ sprites: [DrawList.SpriteDraw], _ atlas: SpriteAtlas, size: Int) {
    let src = atlas.sheet.spriteSize
    guard size > 0, src > 0 else { return }
    if size != src {
      // Nearest samples for a stand-in sheet; the map is unused otherwise.
      sampleMap.removeAll(keepingCapacity: true)
      for d in 0..<size { sampleMap.append(min(src - 1, (2 * d + 1) * src / (2 * size))) }
    } else if sampleMap.isEmpty {
      sampleMap.append(0)  // a valid pointer for SpriteCopy, never read
    }
    let w = width
    let h = height
    let rows = frame.withUnsafeMutableBufferPointer { f in
      atlas.pixels.withUnsafeBufferPointer { a in
        sampleMap.withUnsafeBufferPointer { map in
          sprites.withUnsafeBufferPointer { s -> Range<Int>? in
            // None is empty: a sheet, a frame and the map (given an entry above) have one.
            guard let a = a.baseAddress, let m = map.baseAddress, let f = f.baseAddress else {
              return nil
            }
            return SpriteCopy(
              atlas: a, atlasWidth: atlas.width, spriteSize: src, perRow: atlas.perRow,
              size: size, map: m
            ).copy(s, into: f, width: w, height: h)
          }
        }
      }
    }
    if let rows { markRows(rows.lowerBound, rows.upperBound) }
  }
}
