import CSDL2
import CSDL2TTF
import TickApp
import TickGeometry
import TickScene

/// Draws the HUD over the frame: text lines through SDL2_ttf and a frame-time graph.
///
/// The text is rendered into a texture only when it changes (the caller refreshes the lines
/// a few times a second); the graph is 240 bars of geometry, redrawn every frame.
public final class HUD {
  private let screen: Screen
  private let font: OpaquePointer
  private var texture: OpaquePointer?
  private var textSize = (w: Int32(0), h: Int32(0))
  private var text: [String] = []
  private var graph = Mesh()
  private var overlay: OpaquePointer?
  private var overlaySize = (w: Int32(0), h: Int32(0))
  private var overlayText: [String] = []
  /// The font file in use, for the record.
  public let fontPath: String

  /// Opens a monospace font found through fontconfig. Throws when none can be opened.
  public init(screen: Screen, pointSize: Int32 = 13) throws(SDLError) {
    if TTF_WasInit() == 0 && TTF_Init() != 0 { throw SDLError("TTF_Init") }
    guard let path = FontLocator.file(matching: "monospace") else {
      throw SDLError("fontconfig", message: "no monospace font found (install fonts-dejavu-core)")
    }
    guard let f = TTF_OpenFont(path, pointSize) else { throw SDLError("TTF_OpenFont(\(path))") }
    self.screen = screen
    font = f
    fontPath = path
  }

  deinit {
    if let texture { SDL_DestroyTexture(texture) }
    if let overlay { SDL_DestroyTexture(overlay) }
    TTF_CloseFont(font)
  }

  /// Draws `lines` in a dark panel centred in the window (the help overlay). The texture is
  /// cached like the HUD's own.
  public func drawCentered(_ lines: [String]) {
    if lines != overlayText {
      overlayText = lines
      if let overlay { SDL_DestroyTexture(overlay) }
      overlay = nil
      let joined = lines.joined(separator: "\n")
      if let surface = TTF_RenderUTF8_Blended_Wrapped(
        font, joined, SDL_Color(r: 255, g: 255, b: 255, a: 255), 0)
      {
        overlay = SDL_CreateTextureFromSurface(screen.renderer, surface)
        overlaySize = (surface.pointee.w, surface.pointee.h)
        SDL_FreeSurface(surface)
      }
    }
    guard let overlay else { return }
    let pad: Int32 = 14
    let x = (Int32(screen.width) - overlaySize.w) / 2
    let y = max(4, (Int32(screen.height) - overlaySize.h) / 2)
    let r = screen.renderer
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
    SDL_SetRenderDrawColor(r, 20, 24, 28, 225)
    var panel = SDL_Rect(
      x: x - pad, y: y - pad, w: overlaySize.w + 2 * pad, h: overlaySize.h + 2 * pad)
    SDL_RenderFillRect(r, &panel)
    var dst = SDL_Rect(x: x, y: y, w: overlaySize.w, h: overlaySize.h)
    SDL_RenderCopy(r, overlay, nil, &dst)
  }

  /// Replaces the text lines; the texture is rebuilt only when they differ.
  public func setLines(_ lines: [String]) {
    guard lines != text else { return }
    text = lines
    if let texture { SDL_DestroyTexture(texture) }
    texture = nil
    let joined = lines.joined(separator: "\n")
    guard !joined.isEmpty,
      let surface = TTF_RenderUTF8_Blended_Wrapped(
        font, joined, SDL_Color(r: 255, g: 255, b: 255, a: 255), 0)
    else { return }
    defer { SDL_FreeSurface(surface) }
    texture = SDL_CreateTextureFromSurface(screen.renderer, surface)
    textSize = (surface.pointee.w, surface.pointee.h)
  }

  /// Draws the panel, the text and the graph of `model`'s frame times.
  public func draw(_ model: HUDModel) {
    let pad: Int32 = 8
    let graphH: Int32 = 60
    let width = max(textSize.w, Int32(HUDModel.graphFrames)) + 2 * pad
    let height = textSize.h + graphH + 3 * pad
    let r = screen.renderer
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
    SDL_SetRenderDrawColor(r, 0, 0, 0, 170)
    var panel = SDL_Rect(x: 6, y: 6, w: width, h: height)
    SDL_RenderFillRect(r, &panel)
    if let texture {
      var dst = SDL_Rect(x: 6 + pad, y: 6 + pad, w: textSize.w, h: textSize.h)
      SDL_RenderCopy(r, texture, nil, &dst)
    }
    // The graph: one bar per frame, 16.7 ms at two thirds of its height.
    let x0 = Float(6 + pad)
    let base = Float(6 + height - pad)
    let scale = Float(graphH) * 2 / 3 / (1000.0 / 60)
    graph.removeAll()
    let n = HUDModel.graphFrames
    for k in 0..<n {
      let i = (model.graphIndex + k) % n
      let ms = Float(model.frameTimes[i] * 1000)
      let h = min(ms * scale, Float(graphH))
      guard h > 0 else { continue }
      let over = ms > 1000.0 / 60
      let c = over ? Color(r: 255, g: 90, b: 80) : Color(r: 120, g: 220, b: 140)
      let x = x0 + Float(k)
      let a = graph.addVertex(Point(x, base - h), c)
      let b = graph.addVertex(Point(x + 1, base - h), c)
      let d = graph.addVertex(Point(x + 1, base), c)
      let e = graph.addVertex(Point(x, base), c)
      graph.addQuad(a, b, d, e)
    }
    let lineY = base - (1000.0 / 60) * scale
    let w = Color(r: 255, g: 255, b: 255, a: 160)
    let a = graph.addVertex(Point(x0, lineY), w)
    let b = graph.addVertex(Point(x0 + Float(n), lineY), w)
    let d = graph.addVertex(Point(x0 + Float(n), lineY + 1), w)
    let e = graph.addVertex(Point(x0, lineY + 1), w)
    graph.addQuad(a, b, d, e)
    try? screen.drawMesh(graph)
  }
}
