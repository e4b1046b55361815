import CSDL2
import TickFrame
import TickGeometry
import TickScene

extension Screen {
  /// The sprites of `sheet` drawn by this renderer rather than the CPU, laid out by
  /// `layout`: each sprite's geometry (`SpriteSheetRenderer.geometry`, the very mesh the
  /// CPU rasterizes) drawn with `SDL_RenderGeometryRaw` over the background in a texture of
  /// its own, then read back. `bench sheets` holds the CPU's sprites against these.
  public func renderSheetOnGPU(_ sheet: SpriteSheet, layout: SpriteSheetLayout)
    throws(SDLError) -> [UInt32]
  {
    let size = sheet.spriteSize
    guard
      let target = SDL_CreateTexture(
        renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
        Int32(size), Int32(size))
    else { throw SDLError("SDL_CreateTexture(sheet reference)") }
    defer {
      targetWindow()
      SDL_DestroyTexture(target)
    }
    var pixels = [UInt32](repeating: 0, count: layout.width * layout.height)
    var tessellator = SpriteSheetRenderer()
    let bg = sheet.key.style.background
    for i in 0..<sheet.count {
      let mesh = tessellator.geometry(i, of: sheet)
      guard SDL_SetRenderTarget(renderer, target) == 0 else {
        throw SDLError("SDL_SetRenderTarget(sheet reference)")
      }
      SDL_SetRenderDrawColor(renderer, bg.r, bg.g, bg.b, 255)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
      SDL_RenderClear(renderer)
      SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
      try drawMesh(mesh)
      let o = layout.origin(of: i)
      let rc = pixels.withUnsafeMutableBytes { buf in
        buf.baseAddress.map {
          SDL_RenderReadPixels(
            renderer, nil, csdl_pixelformat_argb8888(),
            $0 + (o.y * layout.width + o.x) * 4, Int32(layout.width * 4))
        } ?? 0
      }
      guard rc == 0 else { throw SDLError("SDL_RenderReadPixels(sheet reference)") }
    }
    return pixels
  }
}
