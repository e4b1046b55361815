import TickApp
import TickCommandLine
import TickFiles
import TickFrame
import TickGeometry
import TickSDL
import TickScene
import TickThreads

/// `tickplay bench overview`: what the overview's frame costs on the CPU, before its
/// upload: a scene's views smaller than their sprites resampled into a window-sized frame
/// in memory by `OverviewPainter`, the code the presenter runs, a band of rows on each of
/// `--threads` threads. No window and no GPU: the sheet is rendered on the CPU.
///
/// The scene is `bench frame`'s fitted case (a million views, all animating, at random
/// phases, restarted as they finish), at the fit and zoomed in to a pitch at each other
/// level of detail. One JSON line a case, medians over the frames: the frame's wall time
/// and each band's CPU time (what it cost its core, however loaded the machine). Then the
/// sweep: the fitted frame on 1, 2, … `--threads` threads, with its speedup over one.
enum BenchOverview {
  /// The screen pitches beside the fit: one drawn at the 2×2 averages, one in full.
  static let pitches = [1.5, 3.0]
  /// Frames timed per case, each after two fixed steps (60 fps at 120 Hz).
  static let frames = 120

  static func run(_ options: LaunchOptions) -> Int32 {
    let fitted = BenchFrame.Case(
      cell: 8, gap: 0, views: options.views ?? 1_000_000, animating: options.animating,
      path: .auto, fit: true)
    let o = BenchFrame.sceneOptions(fitted, options)
    var scene = Scene(options: o, softwareRenderer: false)
    guard scene.layout.isOverview else {
      // Bad input: too few views for an overview at the smallest whole cell.
      Console.err(
        "tickplay: invalid value '\(options.views ?? scene.count)' for --views: bench overview needs "
          + "more views than fit the window at \(Scene.zoomLimits.lowerBound)-px cells")
      return 2
    }
    let load = BenchFrame.Workload(scene, wanted: fitted.animating, seed: options.seed)
    // The events each step hands over are read by no one.
    var events: [ValueChange] = []
    for _ in 0..<((load.length + 1) / 2) { load.step(&scene, events: &events) }
    let sheet = SpriteSheet(key: scene.spriteKey)
    let lod = Self.lod(sheet)
    let fit = scene.layout
    let centre = (x: Float(o.windowWidth) / 2, y: Float(o.windowHeight) / 2)
    let threads = options.threads ?? availableCores()
    let painter = OverviewPainter(pool: WorkerPool(threads: threads))
    for pitch in [fit.screenPitch] + (options.fit ? [] : pitches) {
      let scale = pitch / Double(fit.pitch)
      scene.setLayout(fit.zoomed(toScale: scale, around: centre.x, y: centre.y))
      let measured = measure(
        &scene, load, painter, sheet: sheet, lod: lod, fit: pitch == fit.screenPitch)
      Console.out(measured.line.text)
    }
    scene.setLayout(fit)
    sweep(&scene, load, upTo: threads, sheet: sheet, lod: lod)
    return 0
  }

  /// The fitted frame painted on 1, 2, … `threads` threads, a line each with its frame
  /// time and its speedup over one thread.
  static func sweep(
    _ scene: inout Scene, _ load: BenchFrame.Workload, upTo threads: Int, sheet: SpriteSheet,
    lod: SpriteLOD
  ) {
    var one = 0.0
    for n in 1...threads {
      let painter = OverviewPainter(pool: WorkerPool(threads: n))
      let ms = measure(&scene, load, painter, sheet: sheet, lod: lod, fit: true).frameMs
      if n == 1 { one = ms }
      let row: JSONValue = [
        "bench": "overview_threads", "views": .int(scene.count), "threads": .int(n),
        "frame_ms": .fixed(ms, places: 2),
        "speedup": .fixed(ms > 0 ? one / ms : 0, places: 2),
      ]
      Console.out(row.text)
    }
  }

  /// The levels of detail of `sheet`, rendered whole on the CPU.
  static func lod(_ sheet: SpriteSheet) -> SpriteLOD {
    let layout = SpriteSheetLayout(sheet: sheet, maxWidth: 4096)
    var pixels = SpriteSheetRenderer.uninitialisedPixels(layout)
    var renderer = SpriteSheetRenderer()
    renderer.render(sheet, 0..<sheet.count, layout: layout, into: &pixels)
    return SpriteLOD(
      pixels: pixels, rowStride: layout.width, spriteSize: sheet.spriteSize, count: sheet.count,
      origin: { layout.origin(of: $0) })
  }

  /// A case's line, and its median frame time in milliseconds.
  struct Measured {
    var line: JSONValue
    var frameMs: Double
  }

  /// Times `frames` frames of the scene at its layout: two steps, then the painter.
  static func measure(
    _ scene: inout Scene, _ load: BenchFrame.Workload, _ painter: OverviewPainter,
    sheet: SpriteSheet, lod: SpriteLOD, fit: Bool
  ) -> Measured {
    let (width, height) = (scene.layout.windowWidth, scene.layout.windowHeight)
    let frame = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
    defer { frame.deallocate() }
    var walls: [Double] = []
    var busiest: [Double] = []
    var events: [ValueChange] = []
    for _ in 0..<frames {
      for _ in 0..<2 { load.step(&scene, events: &events) }
      let start = SDLSystem.now()
      painter.paint(
        scene, present: Double(scene.step), sheet: sheet, lod: lod, frame: frame, width: width,
        height: height)
      walls.append(SDLSystem.now() - start)
      busiest.append(painter.busiestBandSeconds)
    }
    func ms(_ v: [Double]) -> JSONValue { .fixed(Percentile.of(v, 0.5) * 1000, places: 2) }
    let line: JSONValue = [
      "bench": "overview", "views": .int(scene.count), "animating": .int(scene.animatingCount),
      "window": .string("\(width)x\(height)"), "fit": .bool(fit),
      "cell_px": .fixed(scene.layout.screenPitch, places: 2),
      "level": .string("\(DetailLevel(pitch: scene.layout.screenPitch))"),
      "threads": .int(painter.bandCount), "frame_ms": ms(walls),
      "busiest_band_cpu_ms": ms(busiest),
    ]
    return Measured(line: line, frameMs: Percentile.of(walls, 0.5) * 1000)
  }
}
