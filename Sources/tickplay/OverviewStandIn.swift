import TickGeometry
import TickSDL
import TickScene

/// What the window shows of an overview layout (`GridLayout.isOverview`, views smaller than
/// their whole-pixel sizes) until a renderer draws overviews: the background, and the
/// grid's area as a tint of the ring colour, so the whole grid's place and size show.
///
/// The frame builder and the presenter place views at base pixels, one to a window pixel:
/// handed an overview they would draw its views where they are not, and every visible
/// view — a million of them at `--fit` — each frame (tessellated on the direct path, that
/// is minutes a frame). So neither sees an overview; a layout back at scale 1 is a layout
/// change, which redraws every visible view.
enum OverviewStandIn {
  /// How much of the ring colour tints the grid's area: enough to see, faint enough not
  /// to be taken for views.
  static let tint: Float = 0.25

  /// Draws the stand-in over the layout's window (the docked HUD draws its own margin).
  static func draw(_ scene: Scene, on screen: Screen) throws(SDLError) {
    let l = scene.layout
    let bg = scene.style.background
    var mesh = Mesh()
    quad(
      x0: 0, y0: 0, x1: Float(l.windowWidth), y1: Float(l.windowHeight),
      Color(r: bg.r, g: bg.g, b: bg.b), into: &mesh)
    let x0 = l.screenX(ofColumn: 0)
    let y0 = l.screenY(ofRow: 0)
    quad(
      x0: Float(x0), y0: Float(y0), x1: Float(x0 + Double(l.columns) * l.screenPitch),
      y1: Float(y0 + Double(l.rows) * l.screenPitch), mix(scene.style.ringColor, over: bg),
      into: &mesh)
    try screen.drawMesh(mesh)
  }

  /// `c` at `tint` of its alpha over opaque `bg`, as one opaque colour (whatever blend
  /// mode the renderer is in).
  static func mix(_ c: Color, over bg: Color) -> Color {
    let a = tint * Float(c.a) / 255
    func channel(_ f: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Float(f) * a + Float(b) * (1 - a)).rounded())
    }
    return Color(r: channel(c.r, bg.r), g: channel(c.g, bg.g), b: channel(c.b, bg.b))
  }

  private static func quad(
    x0: Float, y0: Float, x1: Float, y1: Float, _ c: Color, into mesh: inout Mesh
  ) {
    let a = mesh.addVertex(Point(x0, y0), c)
    let b = mesh.addVertex(Point(x1, y0), c)
    let d = mesh.addVertex(Point(x1, y1), c)
    let e = mesh.addVertex(Point(x0, y1), c)
    mesh.addQuad(a, b, d, e)
  }
}
