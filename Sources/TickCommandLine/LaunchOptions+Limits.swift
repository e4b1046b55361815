import TickFiles

extension LaunchOptions {
  /// The most views a scene may hold (4096 × 4096): `--grid`'s, `--views`' and
  /// `--animating`'s limit, and the window's too when the grid fills it (a 16384×16384
  /// window of 1-px views would be 268 million). At 16 bytes a running animation
  /// (`Scene.bytesPerAnimation`) the scene all animating takes 268 MB, which keeps it
  /// under 400 MB resident with the renderer's buffers (docs/performance.md).
  public static let maxViews = 4096 * 4096

  /// The largest `--budget`, in milliseconds: a second a frame is far past any frame rate
  /// a stress test asks about.
  public static let maxBudget = 1_000.0

  /// The most random toggles a headless run steps through (`--rain` × `--time`): a
  /// toggle costs about 1.2 µs in a release build on the 2-core machine of
  /// docs/bad-input.md, so this is about 20 minutes of stepping there. Memory does not
  /// grow with it; time does.
  public static let maxToggles = 1_000_000_000.0

  /// The most view pixels `bench tessellate` puts in one mesh (views × `--cell`): a
  /// 4096-px view writes about 400 vertices and 600 triangles, so a million of them would
  /// take some 15 GB; this keeps a case under 1 GB. The default cases reach 6.4 million
  /// (100,000 views of 64 px).
  public static let maxTessellatedPixels = 10_000_000

  /// Refuses, up front, what the use cannot do in memory or reasonable time: a window that
  /// holds more than `maxViews` views, more than `maxToggles` toggles of rain, and a
  /// tessellation case over `maxTessellatedPixels`.
  func checkLimits() throws(UsageError) {
    let use = self.use
    if use == .bench(.tessellate) {
      // The cases `bench tessellate` runs: its default sizes and counts unless given.
      let size = cell == LaunchOptions().cell ? 64 : cell
      let n = views ?? 100_000
      guard n * size <= Self.maxTessellatedPixels else {
        throw UsageError(
          "bench tessellate: --views \(n) of --cell \(size) would put \(n * size) view "
            + "pixels in one mesh; at most \(Self.maxTessellatedPixels) (views × cell)")
      }
    }
    if columns == nil || rows == nil,
      LaunchOptions.table.contains(where: {
        $0.name == "window" && $0.applies(to: use)
      })
    {
      let grid = layout
      guard grid.columns <= Self.maxViews / grid.rows else {
        throw UsageError(
          "--window \(windowWidth)x\(windowHeight) holds \(grid.columns)x\(grid.rows) views "
            + "of --cell \(cell) and --gap \(gap): at most \(Self.maxViews) in all (give a "
            + "larger --cell, or --grid)")
      }
    }
    if use == .bench(.frame), views != nil, columns != nil {
      throw UsageError(
        "--grid and --views both give bench frame's scene size (--views lays its grid out "
          + "itself); give one")
    }
    guard use == .render || use == .bench(.soak) else { return }
    let seconds = time > 0 || use == .render ? time : Double(Self.soakSteps) / Double(hz)
    let rate = rain ?? (use == .bench(.soak) ? Self.soakRain : 0)
    let toggles = rate * seconds
    guard toggles <= Self.maxToggles else {
      let shown = Self.plain((seconds * 10).rounded() / 10)
      throw UsageError(
        "--rain \(Self.plain(rate)) for --time \(shown) s is "
          + "\(Int(toggles)) toggles: \(use.name) steps through at most "
          + "\(Int(Self.maxToggles)) (about 20 minutes); lower --rain or --time")
    }
  }

  /// `bench soak`'s length without `--time`, in fixed steps (the default the README
  /// gives); the toggle limit counts it too.
  public static let soakSteps: Int64 = 1_000_000
  /// `bench soak`'s rain without `--rain`, in toggles a second (the default the README
  /// gives); the toggle limit counts it too.
  public static let soakRain = 240.0

  /// The note `--load` gets when it asks for more animations than the scene has views:
  /// the load holds every view instead (a window's view count is not known until it is laid
  /// out, so this clamps rather than refuses). Nil when the load fits.
  public func loadNote(views: Int) -> String? {
    guard let load, load > views else { return nil }
    return "--load \(load) is more than the \(views) views: holding \(views)"
  }

  /// `d` without a fraction when it has none: `1000000`, not `1000000.0`.
  static func plain(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
  }
}
