import TickApp
import TickCommandLine
import TickGeometry
import TickSDL

extension BenchSubmit {
  /// One layout of the frame's triangles.
  struct Variant {
    var name: String
    var geometry: RawGeometry
    /// What making the layout from the frame's `Mesh` would add to a frame, in seconds:
    /// its making, into storage kept from the frame before, less a plain copy of the mesh's
    /// arrays. None for today's layout, which is the mesh's own, and none for one call a
    /// view, whose bounds the frame builder knows (the bench finds them from the
    /// triangles' centroids).
    var prep: Double

    /// The name `kind` is reported by.
    static func name(_ kind: RawGeometry.Kind) -> String {
      switch kind {
      case .indexed: "vertex-u32"
      case .split16: "vertex-u16"
      case .packed: "packed-u32"
      case .expanded: "expanded"
      case .expandedIndexed: "expanded-u32"
      case .perView: "per-view"
      }
    }

    /// Every kind, today's first: the others' ratios are to it.
    static func all(_ frame: Frame) -> [Variant] {
      let copy = prepSeconds(.indexed, frame)
      return RawGeometry.Kind.allCases.map { kind in
        var g = RawGeometry(kind)
        g.make(from: frame.mesh, view: frame.view)
        let counted = kind != .indexed && kind != .perView
        let prep = counted ? max(0, prepSeconds(kind, frame) - copy) : 0
        return Variant(name: name(kind), geometry: g, prep: prep)
      }
    }
  }

  /// The median time, in seconds over `prepRuns` runs, of laying the frame's mesh out as
  /// `kind` into storage already made.
  static func prepSeconds(_ kind: RawGeometry.Kind, _ frame: Frame) -> Double {
    var g = RawGeometry(kind)
    g.make(from: frame.mesh, view: frame.view)
    var times: [Double] = []
    for _ in 0..<prepRuns {
      let start = SDLSystem.now()
      g.make(from: frame.mesh, view: frame.view)
      times.append(SDLSystem.now() - start)
    }
    return Percentile.of(times, 0.5)
  }

  /// One renderer's hidden window and the target the layouts are drawn into.
  struct RendererRun {
    let screen: Screen
    let target: SubmitTarget
    let background: Color

    init(renderer name: String, options: LaunchOptions, background: Color) throws(SDLError) {
      SDLSystem.requestRenderer(name)
      screen = try Screen(
        title: "tickplay bench submit", width: options.windowWidth,
        height: options.windowHeight, hidden: true)
      guard screen.rendererName == name else {
        throw SDLError(
          "SDL_CreateRenderer", message: "asked for \(name), SDL gave \(screen.rendererName)")
      }
      target = try SubmitTarget(screen: screen)
      self.background = background
    }

    /// Draws every layout once, untimed, comparing its picture with the first's; then
    /// `rounds` timed rounds of every layout, each over a cleared target.
    func measure(_ variants: [Variant], rounds: Int) throws(SDLError) -> Measured {
      var m = Measured(
        renderer: screen.rendererName, gl: screen.glRenderer ?? "",
        window: "\(screen.width)x\(screen.height)", variants: variants)
      var reference: [UInt32] = []
      for (i, v) in variants.enumerated() {
        try target.clear(background)
        _ = try target.draw(v.geometry)
        let pixels = try target.read()
        if i == 0 { reference = pixels }
        m.differences.append(PixelDifference(pixels, reference))
      }
      for r in 0..<rounds {
        for k in variants.indices {
          let i = (r + k) % variants.count
          try target.clear(background)
          m.times[i].append(try target.draw(variants[i].geometry))
        }
      }
      return m
    }
  }

  /// How two pictures of the same size differ: the pixels that differ, and the largest
  /// difference of a channel, in levels.
  struct PixelDifference {
    var pixels = 0
    var largest = 0

    init(_ a: [UInt32], _ b: [UInt32]) {
      for (p, q) in zip(a, b) where p != q {
        pixels += 1
        for shift in stride(from: 0, to: 32, by: 8) {
          let d = abs(Int(p >> UInt32(shift) & 0xff) - Int(q >> UInt32(shift) & 0xff))
          largest = max(largest, d)
        }
      }
    }
  }
}
