import CSDL2
import CX11Title
import TickGeometry
import TickScene

/// A window and its renderer.
///
/// What a render path keeps between frames (a backing store, a composed frame) belongs to
/// the `Presenter`, not to the screen; the screen only draws into whatever target is set.
public final class Screen {
  public private(set) var width: Int
  public private(set) var height: Int
  let window: OpaquePointer
  let renderer: OpaquePointer
  /// A hidden screen's stand-in for the window: a target texture of the screen's size that
  /// frames are drawn into and read back from. Headless video drivers do not follow a
  /// window resize (the offscreen driver keeps its first EGL surface), a texture does.
  var canvas: OpaquePointer?
  /// What the window holds between frames, for copies of only what changed
  /// (`Screen+FrameCopy.swift`).
  var memory: WindowMemory
  /// How the frame being drawn reaches the window (`chooseRoute`).
  public internal(set) var route = FrameRoute.renderer
  /// The shared route's image and memory (`Screen+Shared.swift`).
  let shared: SharedRoute
  /// Whether the window was resized since the last present: the renderer's back buffer
  /// may keep the old size until a frame is drawn into it (`backBufferSettling`).
  var resizedSincePresent = false
  /// Whether a frame is being drawn aside (`drawAside`): it leaves what the window holds
  /// as it was.
  var drawingAside = false
  /// The streaming texture `drawAside` puts the window's pixels back with, kept for the
  /// next time, and its size.
  var putBackTexture: OpaquePointer?
  var putBackWidth = 0
  var putBackHeight = 0
  /// The render driver SDL picked ("opengl", "software", …).
  public let rendererName: String
  /// The OpenGL implementation behind an opengl renderer ("llvmpipe (LLVM 15.0.6, 256
  /// bits)", a GPU's name), or nil for other renderers.
  public let glRenderer: String?
  /// The largest texture side the renderer takes.
  public let maxTextureSize: Int
  /// OpenGL's glFlush, for `flushRenderer`; nil on other renderers.
  private let glFlush: GLFlush?
  private typealias GLFlush = @convention(c) () -> Void

  /// Opens a window of exactly `width × height` and a renderer for it. A `hidden` screen
  /// draws into a canvas texture of that size instead of the window.
  public init(title: String, width: Int, height: Int, hidden: Bool = false, vsync: Bool = false)
    throws(SDLError)
  {
    self.width = width
    self.height = height
    // Shown only once the renderer exists: an opengl renderer makes SDL destroy the window
    // and create another (SDL_RecreateWindow), and a window shown before that would be
    // found by tools (xdotool search) and then disappear under them.
    var flags = SDL_WINDOW_HIDDEN.rawValue
    if !hidden { flags |= SDL_WINDOW_RESIZABLE.rawValue }
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
    Self.drawInWindowPoints(r, width: width, height: height)
    // Every render path draws into target textures (a backing store, a sheet): a renderer
    // without them (Mesa's GL without framebuffer objects) cannot draw a frame.
    guard SDL_RenderTargetSupported(r) == SDL_TRUE else {
      let e = SDLError("SDL_CreateRenderer", message: "the renderer has no render targets")
      SDL_DestroyRenderer(r)
      SDL_DestroyWindow(w)
      throw e
    }
    // A canvas is a texture, which keeps its pixels; a window is asked before it is shown,
    // so that the probe's colours are never seen.
    let keepsPixels = hidden || Self.probeKeepsPixels(r)
    if !hidden { SDL_ShowWindow(w) }
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(r, &info)
    rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    glRenderer = rendererName.hasPrefix("opengl") ? Self.glRendererString() : nil
    glFlush = rendererName.hasPrefix("opengl") ? Self.glFunction("glFlush") : nil
    maxTextureSize =
      Int(min(info.max_texture_width, info.max_texture_height)) > 0
      ? Int(min(info.max_texture_width, info.max_texture_height)) : 4096
    window = w
    renderer = r
    memory = WindowMemory(keepsPixels: keepsPixels)
    shared = SharedRoute(allowed: !hidden && Self.sharedRouteAllowed)
    SDL_AddEventWatch(Self.exposureWatch, Unmanaged.passUnretained(shared).toOpaque())
    cx11_set_wm_name_utf8(w, title)  // the first title, as `setTitle` writes the others
    if hidden {
      canvas = try makeCanvas()
      SDL_SetRenderTarget(r, canvas)
    }
  }

  /// HiDPI: when the drawable has more pixels than the window (`width × height`) has
  /// points, draws in window coordinates and lets SDL scale, so layout, hit testing and
  /// mouse events agree.
  private static func drawInWindowPoints(_ r: OpaquePointer, width: Int, height: Int) {
    var outW: Int32 = 0
    var outH: Int32 = 0
    SDL_GetRendererOutputSize(r, &outW, &outH)
    if Int(outW) != width || Int(outH) != height {
      SDL_RenderSetLogicalSize(r, Int32(width), Int32(height))
    }
  }

  /// The OpenGL function `name` of type `F`, through SDL's loader.
  private static func glFunction<F>(_ name: String) -> F? {
    SDL_GL_GetProcAddress(name).map { unsafeBitCast($0, to: F.self) }
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
    if let canvas { SDL_DestroyTexture(canvas) }
    if let putBackTexture { SDL_DestroyTexture(putBackTexture) }
    SDL_DelEventWatch(Self.exposureWatch, Unmanaged.passUnretained(shared).toOpaque())
    shared.image = nil  // detached while the window and its display connection are open
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// Draws at `w × h` from now on (the window already has that size). Render paths see the
  /// new size and make their targets anew.
  private func resize(width w: Int, height h: Int) {
    guard w > 0, h > 0, w != width || h != height else { return }
    width = w
    height = h
    if let old = canvas {
      if let c = try? makeCanvas() {
        canvas = c
        SDL_DestroyTexture(old)
        SDL_SetRenderTarget(renderer, c)
      }
      return
    }
    // A canvas is made anew at the new size; a window's back buffer may lag behind.
    resizedSincePresent = true
    Self.drawInWindowPoints(renderer, width: w, height: h)
  }

  /// Whether a resize of the window is waiting in the event queue. The X server resizes
  /// the drawable before the program has seen the event (Mesa asks the server for the
  /// drawable's size, and by X's ordering the ConfigureNotify is then already queued), so a
  /// frame drawn meanwhile is read back from a drawable of another size than drawn for.
  public var resizePending: Bool {
    guard canvas == nil else { return false }
    SDL_PumpEvents()
    var events = [SDL_Event](repeating: SDL_Event(), count: 32)
    let n = SDL_PeepEvents(
      &events, 32, SDL_PEEKEVENT, SDL_WINDOWEVENT.rawValue, SDL_WINDOWEVENT.rawValue)
    return events.prefix(Int(max(n, 0))).contains {
      $0.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
        || $0.window.event == UInt8(SDL_WINDOWEVENT_RESIZED.rawValue)
    }
  }

  /// Has the renderer draw what was submitted so far, now: SDL's queued commands go to the
  /// driver, and an OpenGL driver is told to flush. llvmpipe's flush returns once the
  /// triangles are rasterised, so the work lands in the frame that asked for it rather
  /// than in a later present.
  func flushRenderer() {
    SDL_RenderFlush(renderer)
    glFlush?()
  }

  /// Makes drawing go to the window (or a hidden screen's canvas) again, after drawing
  /// into a texture.
  func targetWindow() { SDL_SetRenderTarget(renderer, canvas) }

  func makeCanvas() throws(SDLError) -> OpaquePointer {
    try makeFrameTexture(SDL_TEXTUREACCESS_TARGET, width: width, height: height, named: "canvas")
  }

  /// An ARGB8888 texture for a whole frame, `width × height`, with `access` (a target, or
  /// streaming), that copies replace rather than blend into; `name` names it in an error.
  func makeFrameTexture(_ access: SDL_TextureAccess, width: Int, height: Int, named name: String)
    throws(SDLError) -> OpaquePointer
  {
    guard
      let t = SDL_CreateTexture(
        renderer, csdl_pixelformat_argb8888(), Int32(access.rawValue), Int32(width),
        Int32(height))
    else { throw SDLError("SDL_CreateTexture(\(name))") }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE)
    return t
  }

  /// Makes the screen `w × h`: the size the scene lays out in, which owns it
  /// (`Session.draw` passes it before each frame). A user's resize has already sized the
  /// window, and the screen only starts drawing at that size; a replayed resize (or a
  /// headless screen's) sizes the window first. Asking the window manager only when the
  /// window differs keeps a live resize from being answered with a resize of its own. A
  /// size of zero (minimised) is ignored.
  public func setSize(width w: Int, height h: Int) {
    guard w > 0, h > 0, w != width || h != height else { return }
    var windowW: Int32 = 0
    var windowH: Int32 = 0
    SDL_GetWindowSize(window, &windowW, &windowH)
    if Int(windowW) != w || Int(windowH) != h {
      SDL_SetWindowSize(window, Int32(w), Int32(h))
    }
    resize(width: w, height: h)
  }

  /// The whole window, to clip rectangles to.
  var windowRect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// Whether this is SDL's software renderer (no anti-aliasing there).
  public var isSoftware: Bool { rendererName == "software" }

  /// Sets the window title: _NET_WM_NAME through SDL, and on X11 WM_NAME as UTF-8 too,
  /// which SDL writes in an encoding tools such as `xdotool search --name` cannot read.
  public func setTitle(_ title: String) {
    SDL_SetWindowTitle(window, title)
    cx11_set_wm_name_utf8(window, title)
  }

  /// Draws a mesh with one `SDL_RenderGeometryRaw` call, straight from its buffers.
  public func drawMesh(_ mesh: Mesh, texture: OpaquePointer? = nil) throws(SDLError) {
    try drawRaw(mesh.vertices, mesh.indices, texture: texture)
  }

  /// Draws SDL-layout vertices and 32-bit indices with one `SDL_RenderGeometryRaw` call.
  func drawRaw(
    _ vertices: some Collection<Vertex>, _ indices: some Collection<UInt32>,
    texture: OpaquePointer?
  ) throws(SDLError) {
    guard !indices.isEmpty else { return }
    let stride = Int32(MemoryLayout<Vertex>.stride)
    let rc = vertices.withContiguousStorageIfAvailable { v in
      indices.withContiguousStorageIfAvailable { i -> Int32 in
        // Indices name vertices, so neither buffer is empty here.
        guard let first = v.baseAddress, let index = i.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(first)
        return SDL_RenderGeometryRaw(
          renderer, texture,
          raw.assumingMemoryBound(to: Float.self), stride,
          (raw + Vertex.colorOffset).assumingMemoryBound(to: SDL_Color.self), stride,
          (raw + Vertex.uvOffset).assumingMemoryBound(to: Float.self), stride,
          Int32(v.count), UnsafeRawPointer(index), Int32(i.count), 4)
      }
    }
    // Both are contiguous (arrays and mesh buffers): nil would mean a caller passed another
    // kind of collection.
    guard let rc = rc ?? nil else { throw SDLError("drawRaw: vertices not contiguous") }
    guard rc == 0 else { throw SDLError("SDL_RenderGeometryRaw") }
  }

  /// Shows the frame: puts what a shared-route frame wrote, or presents the renderer's.
  public func present() {
    if route == .shared, let image = shared.image {
      presentShared(image)
    } else {
      SDL_RenderPresent(renderer)
      shared.windowShowsImage = false
    }
    resizedSincePresent = false
  }
}
