import CSDL2
import TickFrame
import TickGeometry

/// What is drawn over a frame — the HUD, toasts, the help — on either route: by the
/// renderer, or on the CPU into the shared image, as the renderer would blend it. Each
/// part drawn is noted as overdrawn, so that the next frame's copy restores what it
/// covered.
extension Screen {
  /// Notes that `rect` of the window was drawn over the frame (the HUD, a toast, geometry
  /// the frame does not keep), so that the next frame's copy restores it.
  public func markOverdrawn(_ rect: PixelRect) {
    guard !drawingAside else { return }
    if route == .shared {
      shared.memory.overdrawn.append(rect)
    } else {
      memory.overdrawn.append(rect)
    }
  }

  /// Fills `rect` with `colour`, blended by its alpha when `blend`, else replacing.
  public func fillOverlay(_ rect: PixelRect, _ colour: Color, blend: Bool) {
    markOverdrawn(rect)
    guard route == .shared else {
      SDL_SetRenderDrawBlendMode(renderer, blend ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
      SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a)
      var r = SDL_Rect(
        x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
      SDL_RenderFillRect(renderer, &r)
      return
    }
    guard let c = rect.intersection(windowRect) else { return }
    let target = cpuPixels
    let src = SIMD4<UInt32>(UInt32(colour.r), UInt32(colour.g), UInt32(colour.b), UInt32(colour.a))
    let opaque = 0xFF00_0000 | src.x << 16 | src.y << 8 | src.z
    for y in c.y..<(c.y + c.height) {
      let row = target.base + y * target.stride
      for x in c.x..<(c.x + c.width) {
        row[x] = blend ? Rasterizer.blend(src, over: row[x]) : opaque
      }
    }
    shared.puts.append(c)
  }

  /// Draws `label`'s text with its top-left corner at (`x`, `y`), at opacity `alpha`
  /// (0…255), inside `clip` when given.
  func drawLabel(_ label: TextLabel, x: Int, y: Int, alpha: UInt8 = 255, clip: PixelRect? = nil) {
    guard label.width > 0, label.height > 0 else { return }
    let placed = PixelRect(x: x, y: y, width: Int(label.width), height: Int(label.height))
    guard route == .shared else {
      guard let texture = label.texture(for: renderer) else { return }
      SDL_SetTextureAlphaMod(texture, alpha)
      var dst = SDL_Rect(x: Int32(x), y: Int32(y), w: label.width, h: label.height)
      if let clip {
        var c = SDL_Rect(
          x: Int32(clip.x), y: Int32(clip.y), w: Int32(clip.width), h: Int32(clip.height))
        SDL_RenderSetClipRect(renderer, &c)
      }
      SDL_RenderCopy(renderer, texture, nil, &dst)
      if clip != nil { SDL_RenderSetClipRect(renderer, nil) }
      return
    }
    let window = windowRect
    guard let c = placed.intersection(clip.flatMap { $0.intersection(window) } ?? window) else {
      return
    }
    let target = cpuPixels
    let mod = UInt32(alpha)
    label.pixels.withUnsafeBufferPointer { text in
      for ty in c.y..<(c.y + c.height) {
        let row = target.base + ty * target.stride
        let source = (ty - y) * Int(label.width) - x
        for tx in c.x..<(c.x + c.width) {
          let s = text[source + tx]
          // The texture's colour times the alpha modulation, as SDL's renderers apply it.
          let a = ((s >> 24) * mod + 127) / 255
          let src = SIMD4<UInt32>(s >> 16 & 0xFF, s >> 8 & 0xFF, s & 0xFF, a)
          row[tx] = Rasterizer.blend(src, over: row[tx])
        }
      }
    }
    shared.puts.append(c)
  }

  /// Draws `mesh` blended over the frame (the HUD's graph).
  func drawOverlayMesh(_ mesh: Mesh) throws(SDLError) {
    if route == .shared {
      if let touched = drawMeshShared(mesh) { markOverdrawn(touched) }
      return
    }
    guard let bounds = mesh.pixelBounds else { return }
    markOverdrawn(bounds)
    SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    try drawMesh(mesh)
  }
}
