import CSDL2
import CSDL2TTF
import TickApp
import TickGeometry
import TickScene

/// Draws what the window shows besides the views: the HUD — a panel docked to the
/// right or a strip docked to the bottom, in the window margin the scene keeps free of
/// views (`Scene.margins`) — the help overlay, and toasts.
///
/// Everything here is drawn after `Presenter.draw`, over its frame: the frame check,
/// which runs inside it, compares only the views. The docked HUD is opaque and covers its
/// whole margin every frame, so nothing drawn there before shows through. Text goes
/// through SDL2_ttf into textures rebuilt only when it changes; the frame-time graph is
/// 240 bars of geometry, redrawn every frame.
public final class HUD {
  private let screen: Screen
  private let font: OpaquePointer
  /// The panel's text, a label per line: when one figure changes (rain changes the
  /// counts every frame) only its line is rendered again.
  private var panelText: [TextLabel] = []
  /// Each panel label's line before it was cut to the panel's width: a line cut again
  /// only when it changes, not measured every frame.
  private var panelSource: [String?] = []
  /// The width the panel's lines were last cut to.
  private var panelSourceWidth: Int32 = -1
  private let stripText: TextLabel
  private let helpText: TextLabel
  private let toastText: TextLabel
  private let noticeText: TextLabel
  private var graph = Mesh()
  /// The compact strip's fields and width its text was last chosen for (`stripText`).
  private var stripFields: [CompactField] = []
  private var stripWidth: Int32 = -1
  /// The toast's text before it was cut to the width, and that width (`toastText`).
  private var toastSource = ""
  private var toastWidth: Int32 = -1
  /// The font file in use, for the record.
  public let fontPath: String

  /// Padding inside the panel, strip and boxes, in pixels.
  static let pad: Int32 = 8
  /// The graph's height in the panel.
  static let graphHeight: Int32 = 60
  /// The docked panel's and strip's background: a dark grey that sets white text apart
  /// from the views' white background.
  static let dockColour = Color(r: 28, g: 32, b: 38)
  /// The help's and toasts' boxes, under their own alpha: darker than the dock, so a box
  /// over the views reads as one.
  static let boxColour = Color(r: 20, g: 24, b: 28)

  /// The text's size in points: 13-point DejaVu Sans Mono is about 8 px a character
  /// (`HUDMode.panelWidth`).
  public static let pointSize: Int32 = 13

  /// Opens a monospace font found through fontconfig. Throws when none can be opened.
  public init(screen: Screen, pointSize: Int32 = HUD.pointSize) throws(SDLError) {
    if TTF_WasInit() == 0 && TTF_Init() != 0 { throw SDLError("TTF_Init") }
    guard let path = FontLocator.file(matching: "monospace") else {
      throw SDLError("fontconfig", message: "no monospace font found (install fonts-dejavu-core)")
    }
    guard let f = TTF_OpenFont(path, pointSize) else { throw SDLError("TTF_OpenFont(\(path))") }
    self.screen = screen
    font = f
    fontPath = path
    stripText = TextLabel(font: f)
    helpText = TextLabel(font: f)
    toastText = TextLabel(font: f)
    noticeText = TextLabel(font: f)
  }

  deinit { TTF_CloseFont(font) }

  /// Draws the HUD in the margin `scene` keeps free: the full panel (`lines` and
  /// `model`'s graph) when it has the right margin, the compact strip (`strip`, each field
  /// in the longest form that fits the window: `CompactStrip.fit`) when it has the bottom
  /// one, nothing when it has neither. The text is the caller's, refreshed when what it
  /// shows changes; a label rebuilds its texture only when its text changes.
  public func draw(_ model: HUDModel, lines: [String], strip: [CompactField], in scene: Scene) {
    let area = scene.layout
    let m = scene.margins
    if m.right > 0 {
      let panel = PixelRect(
        x: area.windowWidth, y: 0, width: m.right, height: scene.windowHeight)
      screen.fillOverlay(panel, Self.dockColour, blend: false)
      drawPanel(model, lines: lines, x: Int32(panel.x), width: Int32(panel.width))
    } else if m.bottom > 0 {
      let rect = PixelRect(
        x: 0, y: area.windowHeight, width: scene.windowWidth, height: m.bottom)
      screen.fillOverlay(rect, Self.dockColour, blend: false)
      let room = Int32(rect.width) - 2 * Self.pad
      if strip != stripFields || room != stripWidth {
        stripFields = strip
        stripWidth = room
        stripText.set(CompactStrip.fit(strip, width: Int(room), measure: textWidth))
      }
      screen.drawLabel(
        stripText, x: rect.x + Int(Self.pad), y: rect.y + (rect.height - Int(stripText.height)) / 2,
        clip: rect)
    }
  }

  /// The full panel at `x`, `width` wide: the text lines (each on one row), then the
  /// graph of the frame times.
  private func drawPanel(_ model: HUDModel, lines: [String], x: Int32, width: Int32) {
    let pad = Self.pad
    let textHeight = drawPanelText(lines, x: x + pad, width: width - 2 * pad)
    // The graph: one bar per frame, 16.7 ms at two thirds of its height.
    let graphH = Float(Self.graphHeight)
    let x0 = Float(x + pad)
    let base = Float(textHeight + 2 * pad) + graphH
    let scale = graphH * 2 / 3 / (1000.0 / 60)
    let n = min(HUDModel.graphFrames, Int(width - 2 * pad))
    graph.removeAll()
    for k in 0..<n {
      // The newest `n` frames, oldest on the left.
      let i = (model.graphIndex + HUDModel.graphFrames - n + k) % HUDModel.graphFrames
      let ms = Float(model.frameTimes[i] * 1000)
      let h = min(ms * scale, graphH)
      guard h > 0 else { continue }
      let c = ms > 1000.0 / 60 ? Color(r: 255, g: 90, b: 80) : Color(r: 120, g: 220, b: 140)
      bar(x: x0 + Float(k), y: base - h, width: 1, height: h, c)
    }
    bar(
      x: x0, y: base - (1000.0 / 60) * scale, width: Float(n), height: 1,
      Color(r: 255, g: 255, b: 255, a: 160))
    try? screen.drawOverlayMesh(graph)
  }

  /// Draws `lines` from the panel's top at `x`, each on one row (cut with an ellipsis
  /// where wider than `width` pixels, never wrapped) and set `TTF_FontLineSkip` below the
  /// one before, as one label of them all would set them; the text's height.
  private func drawPanelText(_ lines: [String], x: Int32, width: Int32) -> Int32 {
    while panelText.count < lines.count {
      panelText.append(TextLabel(font: font))
      panelSource.append(nil)
    }
    if width != panelSourceWidth {
      panelSourceWidth = width
      panelSource = panelSource.map { _ in nil }
    }
    // A label is its rows a line skip apart and its last row the font's height tall.
    let skip = TTF_FontLineSkip(font)
    let height = TTF_FontHeight(font)
    var y = Self.pad
    for (k, line) in lines.enumerated() {
      let label = panelText[k]
      if line != panelSource[k] {
        panelSource[k] = line
        label.set(CompactStrip.truncated(line, width: Int(width), measure: textWidth))
      }
      screen.drawLabel(label, x: Int(x), y: Int(y))
      y += max(label.height, height) - height + skip
    }
    return lines.isEmpty ? 0 : y - Self.pad - skip + height
  }

  private func bar(x: Float, y: Float, width: Float, height: Float, _ c: Color) {
    let a = graph.addVertex(Point(x, y), c)
    let b = graph.addVertex(Point(x + width, y), c)
    let d = graph.addVertex(Point(x + width, y + height), c)
    let e = graph.addVertex(Point(x, y + height), c)
    graph.addQuad(a, b, d, e)
  }

  /// Draws `lines` in a dark box centred over the views' area (the help overlay): lines
  /// of at most `overlayColumns` characters, and `overlayRows` of them, fit inside it.
  public func drawCentered(_ lines: [String], in scene: Scene) {
    drawCentered(lines, with: helpText, in: scene)
  }

  /// Draws `lines` as `drawCentered` does (a refused style file's error), with a label of
  /// its own: with the help shown too, neither rebuilds the other's text every frame.
  public func drawNotice(_ lines: [String], in scene: Scene) {
    drawCentered(lines, with: noticeText, in: scene)
  }

  /// How many characters of the HUD's monospace font a row of a centred box holds in the
  /// views' area: what the help and a notice are wrapped to, so that their boxes fit.
  public func overlayColumns(in scene: Scene) -> Int {
    let advance = max(1, textWidth("0"))
    let room = scene.layout.windowWidth - 2 * Int(Self.pad + Self.boxPad + Self.boxMargin)
    return max(1, room / advance)
  }

  /// How many rows of text a centred box holds in the views' area (`HelpPages`).
  public func overlayRows(in scene: Scene) -> Int {
    let room = Int32(scene.layout.windowHeight) - 2 * (Self.pad + Self.boxPad + Self.boxMargin)
    return max(1, Int((room - TTF_FontHeight(font)) / max(1, TTF_FontLineSkip(font))) + 1)
  }

  private func drawCentered(_ lines: [String], with label: TextLabel, in scene: Scene) {
    label.set(lines.joined(separator: "\n"))
    let w = Int32(scene.layout.windowWidth)
    let h = Int32(scene.layout.windowHeight)
    let x = (w - label.width) / 2
    let y = (h - label.height) / 2
    box(x: x, y: y, width: label.width, height: label.height, alpha: 225)
    screen.drawLabel(label, x: Int(x), y: Int(y))
  }

  /// Draws a toast — one line in a dark box at the bottom centre of the views' area — at
  /// opacity `alpha` (0…1).
  public func drawToast(_ text: String, alpha: Double, in scene: Scene) {
    let a = min(max(alpha, 0), 1)
    guard a > 0 else { return }
    let w = Int32(scene.layout.windowWidth)
    // Cut to the views' area with its box's padding: a long error in a narrow window.
    let room = w - 2 * (Self.pad + Self.boxPad)
    if text != toastSource || room != toastWidth {
      toastSource = text
      toastWidth = room
      toastText.set(CompactStrip.truncated(text, width: Int(room), measure: textWidth))
    }
    let h = Int32(scene.layout.windowHeight)
    let x = (w - toastText.width) / 2
    let y = max(Self.pad, h - toastText.height - 4 * Self.pad)
    box(x: x, y: y, width: toastText.width, height: toastText.height, alpha: UInt8(220 * a))
    screen.drawLabel(toastText, x: Int(x), y: Int(y), alpha: UInt8(255 * a))
  }

  /// The width in pixels of `text` in the HUD's font, as a label would render it.
  public func textWidth(_ text: String) -> Int {
    var w: Int32 = 0
    var h: Int32 = 0
    guard !text.isEmpty, TTF_SizeUTF8(font, text, &w, &h) == 0 else { return 0 }
    return Int(w)
  }

  /// A box's padding round its text beyond `pad`.
  static let boxPad: Int32 = 4
  /// The least room between a centred box and the edges of the views' area: the box
  /// reads as one laid over the views, not as a part of the window cut off.
  static let boxMargin: Int32 = 4

  /// A dark, translucent box round a `width × height` block at (`x`, `y`).
  private func box(x: Int32, y: Int32, width: Int32, height: Int32, alpha: UInt8) {
    let pad = Self.pad + Self.boxPad
    let rect = PixelRect(
      x: Int(x - pad), y: Int(y - pad), width: Int(width + 2 * pad), height: Int(height + 2 * pad))
    var colour = Self.boxColour
    colour.a = alpha
    screen.fillOverlay(rect, colour, blend: true)
  }
}
