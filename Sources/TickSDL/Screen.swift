import CSDL2
import TickGeometry
import TickScene

/// A window, its renderer, and a backing-store texture of settled cells.
///
/// Frames are drawn into the backing store incrementally (only what the draw list says
/// changed), then the whole store is copied to the window.
public final class Screen {
  public private(set) var width: Int
  public private(set) var height: Int
  let window: OpaquePointer
  let renderer: OpaquePointer
  private(set) var backing: OpaquePointer
  /// The render driver SDL picked ("opengl", "software", …).
  public let rendererName: String
  /// The OpenGL implementation behind an opengl renderer ("llvmpipe (LLVM 15.0.6, 256
  /// bits)", a GPU's name), or nil for other renderers.
  public let glRenderer: String?
  /// The largest texture side the renderer takes.
  public let maxTextureSize: Int
  /// Reused quads for the atlas path.
  private var spriteQuads = SpriteQuads()

  /// Opens a window of exactly `width × height` and a renderer for it.
  public init(title: String, width: Int, height: Int, hidden: Bool = false, vsync: Bool = false)
    throws(SDLError)
  {
    self.width = width
    self.height = height
    var flags = SDL_WINDOW_SHOWN.rawValue | SDL_WINDOW_RESIZABLE.rawValue
    if hidden { flags = SDL_WINDOW_HIDDEN.rawValue }
    guard
      let w = SDL_CreateWindow(
        title, csdl_windowpos_centered(), csdl_windowpos_centered(), Int32(width),
        Int32(height), flags)
    else { throw SDLError("SDL_CreateWindow") }
    var rflags = SDL_RENDERER_TARGETTEXTURE.rawValue
    if vsync { rflags |= SDL_RENDERER_PRESENTVSYNC.rawValue }
    guard let r = SDL_CreateRenderer(w, -1, rflags) else {
      let e = SDLError("SDL_CreateRenderer")
      SDL_DestroyWindow(w)
      throw e
    }
    // HiDPI: when the drawable has more pixels than the window has points, draw in window
    // coordinates and let SDL scale, so layout, hit testing and mouse events agree.
    var outW: Int32 = 0
    var outH: Int32 = 0
    SDL_GetRendererOutputSize(r, &outW, &outH)
    if Int(outW) != width || Int(outH) != height {
      SDL_RenderSetLogicalSize(r, Int32(width), Int32(height))
    }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(r, &info)
    rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    glRenderer = rendererName.hasPrefix("opengl") ? Self.glRendererString() : nil
    maxTextureSize =
      Int(min(info.max_texture_width, info.max_texture_height)) > 0
      ? Int(min(info.max_texture_width, info.max_texture_height)) : 4096
    guard
      let t = SDL_CreateTexture(
        r, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width),
        Int32(height))
    else {
      let e = SDLError("SDL_CreateTexture(backing store)")
      SDL_DestroyRenderer(r)
      SDL_DestroyWindow(w)
      throw e
    }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
    window = w
    renderer = r
    backing = t
  }

  /// GL_RENDERER from the renderer's current GL context, through SDL's loader.
  private static func glRendererString() -> String? {
    guard let p = SDL_GL_GetProcAddress("glGetString") else { return nil }
    typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
    let getString = unsafeBitCast(p, to: GetString.self)
    guard let s = getString(0x1F01) else { return nil }  // GL_RENDERER
    return String(cString: s)
  }

  deinit {
    SDL_DestroyTexture(backing)
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// Follows a window resize: a new backing store of the new size (the caller redraws
  /// everything). A size of zero (minimised) keeps the old store.
  public func resize(width w: Int, height h: Int) throws(SDLError) {
    guard w > 0, h > 0, w != width || h != height else { return }
    guard
      let t = SDL_CreateTexture(
        renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(w), Int32(h))
    else { throw SDLError("SDL_CreateTexture(backing store)") }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
    SDL_DestroyTexture(backing)
    backing = t
    width = w
    height = h
    var outW: Int32 = 0
    var outH: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &outW, &outH)
    if Int(outW) != w || Int(outH) != h {
      SDL_RenderSetLogicalSize(renderer, Int32(w), Int32(h))
    }
  }

  /// Whether this is SDL's software renderer (no anti-aliasing there).
  public var isSoftware: Bool { rendererName == "software" }

  /// Sets the window title.
  public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

  /// Executes a draw list into the backing store, then copies the store to the window.
  /// Sprites (atlas path) are textured quads from `atlas`, in one batched call.
  public func draw(_ list: DrawList, atlas: SpriteAtlas? = nil) throws(SDLError) {
    if !list.isEmpty {
      guard SDL_SetRenderTarget(renderer, backing) == 0 else {
        throw SDLError("SDL_SetRenderTarget")
      }
      let bg = list.background
      SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, 255)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      if list.fullRedraw { SDL_RenderClear(renderer) }
      fillRects(list.clears)
      if let atlas, !list.sprites.isEmpty {
        atlas.quads(for: list.sprites, into: &spriteQuads)
        try drawRaw(spriteQuads.vertices, spriteQuads.indices, texture: atlas.texture)
      }
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      try drawMesh(list.mesh)
      SDL_SetRenderTarget(renderer, nil)
    }
    SDL_RenderCopy(renderer, backing, nil, nil)
  }

  /// Draws a mesh with one `SDL_RenderGeometryRaw` call, straight from its buffers.
  public func drawMesh(_ mesh: Mesh, texture: OpaquePointer? = nil) throws(SDLError) {
    try drawRaw(mesh.vertices, mesh.indices, texture: texture)
  }

  /// Draws SDL-layout vertices and 32-bit indices with one `SDL_RenderGeometryRaw` call.
  func drawRaw(_ vertices: [Vertex], _ indices: [UInt32], texture: OpaquePointer?)
    throws(SDLError)
  {
    guard !indices.isEmpty else { return }
    let stride = Int32(MemoryLayout<Vertex>.stride)
    let rc = vertices.withUnsafeBufferPointer { v in
      indices.withUnsafeBufferPointer { i -> Int32 in
        let raw = UnsafeRawPointer(v.baseAddress!)
        return SDL_RenderGeometryRaw(
          renderer, texture,
          raw.assumingMemoryBound(to: Float.self), stride,
          (raw + Vertex.colorOffset).assumingMemoryBound(to: SDL_Color.self), stride,
          (raw + Vertex.uvOffset).assumingMemoryBound(to: Float.self), stride,
          Int32(v.count), UnsafeRawPointer(i.baseAddress!), Int32(i.count), 4)
      }
    }
    guard rc == 0 else { throw SDLError("SDL_RenderGeometryRaw") }
  }

  /// Shows the frame.
  public func present() { SDL_RenderPresent(renderer) }

  // MARK: - Private

  private func fillRects(_ rects: [PixelRect]) {
    guard !rects.isEmpty else { return }
    // SDL_Rect is four Int32s; convert in small batches on the stack-free path.
    var buffer = [SDL_Rect]()
    buffer.reserveCapacity(min(rects.count, 256))
    for chunkStart in stride(from: 0, to: rects.count, by: 256) {
      buffer.removeAll(keepingCapacity: true)
      for r in rects[chunkStart..<min(chunkStart + 256, rects.count)] {
        buffer.append(
          SDL_Rect(x: Int32(r.x), y: Int32(r.y), w: Int32(r.width), h: Int32(r.height)))
      }
      SDL_RenderFillRects(renderer, buffer, Int32(buffer.count))
    }
  }
}
