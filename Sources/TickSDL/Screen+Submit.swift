import CSDL2
import TickGeometry

extension Screen {
  /// Draws `g` into the current target, blended, with one `SDL_RenderGeometryRaw` call for
  /// each of its calls.
  public func submit(_ g: RawGeometry) throws(SDLError) {
    let rc =
      switch g.layout {
      case .interleaved: submitInterleaved(g)
      case .packed: submitPacked(g)
      }
    guard rc == 0 else { throw SDLError("SDL_RenderGeometryRaw") }
  }

  /// `SDL_Vertex`es: position, colour and texture coordinate at their offsets in one stride.
  private func submitInterleaved(_ g: RawGeometry) -> Int32 {
    let stride = MemoryLayout<Vertex>.stride
    return g.vertices.withUnsafeBytes { v in
      Self.eachCall(g) { call, indices in
        guard let first = v.baseAddress else { return 0 }  // no vertices: nothing to draw
        let base = first + call.firstVertex * stride
        return SDL_RenderGeometryRaw(
          renderer, nil,
          base.assumingMemoryBound(to: Float.self), Int32(stride),
          (base + Vertex.colorOffset).assumingMemoryBound(to: SDL_Color.self), Int32(stride),
          (base + Vertex.uvOffset).assumingMemoryBound(to: Float.self), Int32(stride),
          Int32(call.vertexCount), indices, Int32(call.indexCount), Int32(g.indexWidth.rawValue))
      }
    }
  }

  /// Packed positions and colours, and no texture coordinates.
  private func submitPacked(_ g: RawGeometry) -> Int32 {
    let xyStride = 2 * MemoryLayout<Float>.stride
    let colorStride = MemoryLayout<Color>.stride
    return g.xy.withUnsafeBufferPointer { xy in
      g.colors.withUnsafeBytes { colors in
        Self.eachCall(g) { call, indices in
          // No vertices: nothing to draw.
          guard let xy = xy.baseAddress, let colors = colors.baseAddress else { return 0 }
          return SDL_RenderGeometryRaw(
            renderer, nil,
            xy + 2 * call.firstVertex, Int32(xyStride),
            (colors + call.firstVertex * colorStride)
              .assumingMemoryBound(to: SDL_Color.self), Int32(colorStride),
            nil, 0,
            Int32(call.vertexCount), indices, Int32(call.indexCount),
            Int32(g.indexWidth.rawValue))
        }
      }
    }
  }

  /// Runs `body` for each of `g`'s calls with a pointer to the call's first index (nil
  /// without indices), and returns the first failure's code, or 0.
  private static func eachCall(
    _ g: RawGeometry, _ body: (RawGeometry.Call, UnsafeRawPointer?) -> Int32
  ) -> Int32 {
    func run(_ base: UnsafeRawPointer?, _ width: Int) -> Int32 {
      for call in g.calls {
        let rc = body(call, base.map { $0 + call.firstIndex * width })
        if rc != 0 { return rc }
      }
      return 0
    }
    switch g.indexWidth {
    case .none: return run(nil, 0)
    case .u16: return g.indices16.withUnsafeBytes { run($0.baseAddress, 2) }
    case .u32: return g.indices32.withUnsafeBytes { run($0.baseAddress, 4) }
    }
  }
}

/// A target texture of the screen's size that `tickplay bench submit` draws geometry into,
/// timing SDL's part (the calls, which queue), the flush (SDL's command queue run into
/// OpenGL) and the rasterisation (until OpenGL has finished).
public final class SubmitTarget {
  /// One draw's parts, in seconds.
  public struct Times: Sendable {
    /// The `SDL_RenderGeometryRaw` calls.
    public var submit: Double
    /// `SDL_RenderFlush`: the queue run through the back end into OpenGL's draw calls.
    public var flush: Double
    /// Until the renderer has drawn every triangle (`glFinish`).
    public var finish: Double
    /// The whole draw.
    public var total: Double { submit + flush + finish }
  }

  private let screen: Screen
  private let texture: OpaquePointer
  /// OpenGL's glFinish through SDL's loader; nil on other renderers, which a read of one
  /// pixel waits for instead.
  private let glFinish: GLFinish?
  private typealias GLFinish = @convention(c) () -> Void

  public init(screen: Screen) throws(SDLError) {
    self.screen = screen
    texture = try screen.makeFrameTexture(
      SDL_TEXTUREACCESS_TARGET, width: screen.width, height: screen.height,
      named: "submit target")
    glFinish =
      screen.rendererName.hasPrefix("opengl")
      ? SDL_GL_GetProcAddress("glFinish").map { unsafeBitCast($0, to: GLFinish.self) } : nil
  }

  deinit {
    screen.targetWindow()
    SDL_DestroyTexture(texture)
  }

  /// Clears the target to `color`, and waits until the renderer has.
  public func clear(_ color: Color) throws(SDLError) {
    guard SDL_SetRenderTarget(screen.renderer, texture) == 0 else {
      throw SDLError("SDL_SetRenderTarget")
    }
    SDL_SetRenderDrawColor(screen.renderer, color.r, color.g, color.b, 255)
    SDL_SetRenderDrawBlendMode(screen.renderer, SDL_BLENDMODE_NONE)
    SDL_RenderClear(screen.renderer)
    SDL_SetRenderDrawBlendMode(screen.renderer, SDL_BLENDMODE_BLEND)
    SDL_RenderFlush(screen.renderer)
    finish()
  }

  /// Draws `g` over what the target holds, blended as the direct path draws, and times it.
  public func draw(_ g: RawGeometry) throws(SDLError) -> Times {
    let t0 = SDLSystem.now()
    try screen.submit(g)
    let t1 = SDLSystem.now()
    SDL_RenderFlush(screen.renderer)
    let t2 = SDLSystem.now()
    finish()
    let t3 = SDLSystem.now()
    return Times(submit: t1 - t0, flush: t2 - t1, finish: t3 - t2)
  }

  /// The target's pixels, ARGB8888, `width` a row.
  public func read() throws(SDLError) -> [UInt32] {
    try readPixels(SDL_Rect(x: 0, y: 0, w: Int32(screen.width), h: Int32(screen.height)))
  }

  /// Waits until the renderer has drawn everything flushed to it.
  private func finish() {
    if let glFinish { return glFinish() }
    _ = try? readPixels(SDL_Rect(x: 0, y: 0, w: 1, h: 1))
  }

  private func readPixels(_ rect: SDL_Rect) throws(SDLError) -> [UInt32] {
    var r = rect
    var px = [UInt32](repeating: 0, count: Int(r.w * r.h))
    let rc = px.withUnsafeMutableBytes { buf in
      SDL_RenderReadPixels(
        screen.renderer, &r, csdl_pixelformat_argb8888(), buf.baseAddress, r.w * 4)
    }
    guard rc == 0 else { throw SDLError("SDL_RenderReadPixels") }
    return px
  }
}
