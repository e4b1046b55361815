import CSDL2
import CSDL2TTF

/// One block of text rendered by SDL2_ttf, rebuilt only when its text or wrap width
/// changes: the HUD's lines change a few times a second, not every frame. Its pixels are
/// kept in memory, for frames drawn on the CPU (`FrameRoute.shared`), and a texture of
/// them is made when the renderer first draws it.
final class TextLabel {
  private let font: OpaquePointer
  private var text = ""
  private var wrap: Int32 = 0
  /// The text, ARGB8888, `width` a row: the text's colour, its coverage in alpha.
  private(set) var pixels: [UInt32] = []
  /// The pixels as a texture, and the renderer it belongs to; made when first drawn.
  private var texture: OpaquePointer?
  /// The rendered size in pixels (zero when empty).
  private(set) var width: Int32 = 0
  private(set) var height: Int32 = 0

  init(font: OpaquePointer) {
    self.font = font
  }

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// Sets the text, wrapped at `wrap` pixels (0: only at newlines).
  func set(_ newText: String, wrap newWrap: Int32 = 0) {
    guard newText != text || newWrap != wrap || (pixels.isEmpty && !newText.isEmpty) else {
      return
    }
    text = newText
    wrap = newWrap
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    pixels = []
    width = 0
    height = 0
    guard !text.isEmpty,
      let rendered = TTF_RenderUTF8_Blended_Wrapped(
        font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255), UInt32(max(0, wrap)))
    else { return }
    defer { SDL_FreeSurface(rendered) }
    guard let surface = SDL_ConvertSurfaceFormat(rendered, csdl_pixelformat_argb8888(), 0),
      let base = surface.pointee.pixels
    else {
      return
    }
    defer { SDL_FreeSurface(surface) }
    let w = Int(surface.pointee.w)
    let h = Int(surface.pointee.h)
    let pitch = Int(surface.pointee.pitch)
    pixels = [UInt32](unsafeUninitializedCapacity: w * h) { buffer, count in
      guard let out = buffer.baseAddress else { return count = 0 }
      for y in 0..<h {
        let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
        (out + y * w).initialize(from: row, count: w)
      }
      count = w * h
    }
    width = Int32(w)
    height = Int32(h)
  }

  /// The text as a texture of `renderer`, blending by its alpha; nil when empty.
  func texture(for renderer: OpaquePointer) -> OpaquePointer? {
    if let texture { return texture }
    guard width > 0, height > 0,
      let t = SDL_CreateTexture(
        renderer, csdl_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue), width,
        height)
    else { return nil }
    pixels.withUnsafeBytes { _ = SDL_UpdateTexture(t, nil, $0.baseAddress, width * 4) }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
    texture = t
    return t
  }
}
