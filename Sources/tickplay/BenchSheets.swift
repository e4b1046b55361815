import TickAnimation
import TickApp
import TickCommandLine
import TickFiles
import TickFrame
import TickSDL
import TickScene

#if canImport(Glibc)
  import Glibc
#endif

/// `tickplay bench sheets`: what a sprite sheet costs on the CPU, and how far the CPU
/// rasterizer's sprites lie from the renderer's.
///
/// One JSON line per case: the default style, `--animation bounce` and `--shape square`,
/// each at 8-px cells with no gap, 16 px with a 4-px gap and 50 px with a 10-px gap. It
/// gives the time to render the whole sheet on the CPU (what the worker's thread spends,
/// median of three) and its settled looks alone (what the main thread spends when a
/// sheet is made), both in the thread's CPU time, which other processes on the machine do
/// not inflate, the time to upload the whole sheet into the atlas path's textures
/// (first upload, textures made on the way), and the difference between the CPU's sprites
/// and the same geometry drawn by the renderer (`Screen.renderSheetOnGPU`): the largest
/// and the mean absolute difference over every colour channel of every sprite, and the
/// share of pixels that differ at all.
enum BenchSheets {
  /// The styles compared, by name.
  static let styles: [(name: String, style: TickStyle)] = {
    var bounce = TickStyle()
    bounce.animation = .bounce
    var square = TickStyle()
    square.shape = .square
    return [("default", TickStyle()), ("bounce", bounce), ("square", square)]
  }()

  /// Cell sizes and gaps: the smallest cells the sheets serve, a middle size, the default.
  static let sizes: [(cell: Int, gap: Int)] = [(8, 0), (16, 4), (50, 10)]

  static func run(_ options: LaunchOptions) -> Int32 {
    if BenchFrame.getenvString("DISPLAY") == nil { SDLSystem.defaultVideoDriver("offscreen") }
    SDLSystem.requestRenderer(options.renderer == .auto ? nil : options.renderer.rawValue)
    do { try SDLSystem.start() } catch { return fail("bench sheets: \(error.message)") }
    defer { SDLSystem.stop() }
    do {
      let screen = try Screen(title: "tickplay bench sheets", width: 320, height: 240)
      for (name, style) in styles {
        for (cell, gap) in sizes {
          let key = SpriteSheet.Key(
            style: style, cell: cell, gap: gap,
            durationSteps: Transition.steps(seconds: style.duration, hz: options.hz))
          Console.out(try measure(key, name: name, on: screen).text)
        }
      }
    } catch {
      return fail("bench sheets: \(error.message)")
    }
    return 0
  }

  /// One case's line.
  static func measure(_ key: SpriteSheet.Key, name: String, on screen: Screen) throws(SDLError)
    -> JSONValue
  {
    let sheet = SpriteSheet(key: key)
    let layout = SpriteSheetLayout(sheet: sheet, maxWidth: screen.maxTextureSize)
    var cpu = [UInt32](repeating: 0, count: layout.width * layout.height)
    var wholeMs: [Double] = []
    for _ in 0..<3 {
      var renderer = SpriteSheetRenderer()
      let start = threadSeconds()
      renderer.render(sheet, 0..<sheet.count, layout: layout, into: &cpu)
      wholeMs.append((threadSeconds() - start) * 1000)
    }
    var renderer = SpriteSheetRenderer()
    let settledStart = threadSeconds()
    renderer.render(sheet, 0..<min(4, sheet.count), layout: layout, into: &cpu)
    let settledMs = (threadSeconds() - settledStart) * 1000
    let gpu = try screen.renderSheetOnGPU(sheet, layout: layout)
    let atlas = try AtlasCache(screen: screen).atlas(for: key, background: false)
    let uploadStart = SDLSystem.now()
    let bytes = try atlas.upload(budget: .max)
    let uploadMs = (SDLSystem.now() - uploadStart) * 1000
    let d = Difference(cpu, gpu, layout: layout)
    return [
      "bench": "sheets", "case": .string(name), "cell": .int(key.cell), "gap": .int(key.gap),
      "renderer": .string(screen.rendererName), "sprites": .int(sheet.count),
      "cpu_ms": BenchFrame.fixed(Percentile.of(wholeMs, 0.5)),
      "settled_ms": .fixed(settledMs, places: 3), "upload_ms": .fixed(uploadMs, places: 3),
      "upload_bytes": .int(bytes), "max_diff": .int(d.largest),
      "mean_diff": .fixed(d.mean, places: 4), "differing_pixels": .fixed(d.share, places: 4),
    ]
  }

  /// The CPU time this thread has used, in seconds.
  static func threadSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  /// How two renderings of a sheet differ, over its sprites' pixels.
  struct Difference {
    /// The largest difference in any colour channel, in levels.
    var largest = 0
    /// The mean absolute difference over all colour channels, in levels.
    var mean = 0.0
    /// The share of pixels with any channel differing.
    var share = 0.0

    init(_ a: [UInt32], _ b: [UInt32], layout: SpriteSheetLayout) {
      var total = 0
      var differing = 0
      var pixels = 0
      for i in 0..<layout.count {
        let o = layout.origin(of: i)
        for y in 0..<layout.spriteSize {
          let row = (o.y + y) * layout.width + o.x
          for k in row..<(row + layout.spriteSize) {
            var any = false
            for shift in [16, 8, 0] as [UInt32] {
              let d = abs(Int(a[k] >> shift & 0xFF) - Int(b[k] >> shift & 0xFF))
              largest = max(largest, d)
              total += d
              any = any || d > 0
            }
            if any { differing += 1 }
            pixels += 1
          }
        }
      }
      mean = pixels > 0 ? Double(total) / Double(3 * pixels) : 0
      share = pixels > 0 ? Double(differing) / Double(pixels) : 0
    }
  }
}
