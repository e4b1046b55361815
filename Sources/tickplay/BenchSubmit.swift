import TickCommandLine
import TickGeometry
import TickSDL
import TickScene

/// `tickplay bench submit`: one frame's mesh, built once as the direct path builds it, drawn
/// again and again through `SDL_RenderGeometryRaw` in each layout `RawGeometry` offers,
/// into a target texture of the window's size, on opengl and then opengles2.
///
/// The scene is `bench frame --path direct --cell 8 --gap 0 --views 16000 --animating
/// 16000`'s: every view animating at a phase of its own. A round draws every layout once,
/// starting one later each round, so that the machine's drift falls on all alike; the
/// first round is not timed: it compares every layout's picture with the first's. Each
/// layout prints a JSON line, and each renderer a `model` line: the cost of a vertex, an
/// index and a call, from layouts that differ in only one of them.
enum BenchSubmit {
  /// The 8-px case: views of 8 px with no gap, 160 × 100 of them filling the
  /// default 1280 × 800 window.
  static let cell = 8
  static let gap = 0
  static let defaultViews = 16_000
  /// Timed rounds without `--frames`: enough for a stable median on a shared machine, at
  /// about a tenth of a second a draw of the default scene on llvmpipe.
  static let defaultRounds = 15
  /// Times each layout is made from the mesh to time its making (the median is kept).
  static let prepRuns = 5

  static func run(_ options: LaunchOptions) -> Int32 {
    if options.frames == 0 {
      Console.err("tickplay: invalid value for --frames: bench submit times at least 1 round")
      return 2
    }
    if BenchFrame.getenvString("DISPLAY") == nil { SDLSystem.defaultVideoDriver("offscreen") }
    do { try SDLSystem.start() } catch { return fail("bench submit: \(error.message)") }
    defer { SDLSystem.stop() }
    let frame = Frame(options)
    Console.err(
      "bench submit: \(frame.views) views, \(frame.mesh.vertices.count) vertices, "
        + "\(frame.mesh.indices.count) indices; making the layouts…")
    let variants = Variant.all(frame)
    let renderers =
      options.renderer == .auto ? ["opengl", "opengles2"] : [options.renderer.rawValue]
    for name in renderers {
      Console.err("bench submit: \(name)…")
      do {
        let run = try RendererRun(
          renderer: name, options: options, background: frame.background)
        let measured = try run.measure(variants, rounds: options.frames ?? defaultRounds)
        for line in measured.lines(frame) { Console.out(line.text) }
      } catch {
        return fail(error.description)
      }
    }
    return 0
  }

  /// The frame whose triangles are submitted: the draw list's mesh, and what grouping its
  /// triangles by view needs.
  struct Frame {
    var mesh: Mesh
    var background: Color
    var views: Int
    var animating: Int
    var layout: GridLayout

    /// Builds the scene, steps it a transition's length so that every view animates at a
    /// phase of its own, and builds one full frame as the direct path does.
    init(_ options: LaunchOptions) {
      let wanted = options.views ?? BenchSubmit.defaultViews
      let c = BenchFrame.Case(
        cell: BenchSubmit.cell, gap: BenchSubmit.gap, views: wanted, animating: wanted,
        path: .direct)
      let o = BenchFrame.sceneOptions(c, options)
      var scene = Scene(options: o, softwareRenderer: false)
      let load = BenchFrame.Workload(scene, wanted: wanted, seed: options.seed)
      var events: [ValueChange] = []
      for _ in 0..<load.length { load.step(&scene, events: &events) }
      var changes = SceneChanges()
      scene.takeChanges(into: &changes)
      var builder = FrameBuilder()
      var list = DrawList()
      builder.build(scene, changes: changes, full: true, present: Double(scene.step), into: &list)
      mesh = list.mesh
      background = list.background
      views = scene.count
      animating = scene.animatingCount
      layout = scene.layout
    }

    /// The view whose cell holds the point (`x`, `y`): each view's triangles are clipped
    /// to its paint rect, so a triangle's centroid names its view.
    func view(x: Float, y: Float) -> Int {
      let pitch = layout.screenPitch
      let column = ((Double(x) - layout.screenX(ofColumn: 0)) / pitch).rounded(.down)
      let row = ((Double(y) - layout.screenY(ofRow: 0)) / pitch).rounded(.down)
      return Int(row) * layout.columns + Int(column)
    }
  }
}
