import CSDL2
import CSDL2TTF

/// One block of text rendered by SDL2_ttf into a texture, rebuilt only when its text or
/// wrap width changes: the HUD's lines change a few times a second, not every frame.
final class TextLabel {
  private let renderer: OpaquePointer
  private let font: OpaquePointer
  private var text = ""
  private var wrap: Int32 = 0
  private var texture: OpaquePointer?
  /// The rendered size in pixels (zero when empty).
  private(set) var width: Int32 = 0
  private(set) var height: Int32 = 0

  init(renderer: OpaquePointer, font: OpaquePointer) {
    self.renderer = renderer
    self.font = font
  }

  deinit { if let texture { SDL_DestroyTexture(texture) } }

  /// Sets the text, wrapped at `wrap` pixels (0: only at newlines).
  func set(_ newText: String, wrap newWrap: Int32 = 0) {
    guard newText != text || newWrap != wrap || (texture == nil && !newText.isEmpty) else {
      return
    }
    text = newText
    wrap = newWrap
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    width = 0
    height = 0
    guard !text.isEmpty,
      let surface = TTF_RenderUTF8_Blended_Wrapped(
        font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255), UInt32(max(0, wrap)))
    else { return }
    defer { SDL_FreeSurface(surface) }
    texture = SDL_CreateTextureFromSurface(renderer, surface)
    width = surface.pointee.w
    height = surface.pointee.h
  }

  /// Draws the text with its top-left corner at (`x`, `y`), at opacity `alpha` (0…255).
  func draw(x: Int32, y: Int32, alpha: UInt8 = 255) {
    guard let texture else { return }
    SDL_SetTextureAlphaMod(texture, alpha)
    var dst = SDL_Rect(x: x, y: y, w: width, h: height)
    SDL_RenderCopy(renderer, texture, nil, &dst)
  }
}
