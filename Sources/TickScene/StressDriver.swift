/// Drives many toggles at once to stress the scene: rain, waves, toggle-all, patterns.
///
/// Deterministic: random choices come from a `SplitMix64` seeded by `--seed`, and the
/// driver acts only inside fixed steps, so the same inputs at the same steps give the
/// same scene. Its cost per step follows what it toggles, never the number of views.
public struct StressDriver: Sendable {
  /// Random toggles per second (`R`, `--rain`); 0 when off.
  public var rainRate: Double = 0
  /// Rain's rate while it is off, so R brings back the last rate.
  public var lastRainRate: Double = 200
  /// How fast a wave's front travels, in cells per second.
  public var waveSpeed: Double = 24
  private var rng: SplitMix64
  private var rainCarry: Double = 0
  private var waves: [Wave] = []
  /// A, K and C under way over a large scene (`StressDriver+Sweep.swift`), oldest first.
  var sweeps: [Sweep] = []

  /// A ring of toggles spreading from a cell.
  struct Wave: Sendable {
    var column: Int
    var row: Int
    var startStep: Int64
    /// Cells with distance ≤ this have been toggled.
    var done: Double = -1
  }

  public init(seed: UInt64) { rng = SplitMix64(seed: seed ^ 0x5EED_5EED) }

  /// Whether any driver is running.
  public var isActive: Bool { rainRate > 0 || !waves.isEmpty || !sweeps.isEmpty }

  /// Starts or stops rain.
  public mutating func toggleRain() {
    if rainRate > 0 {
      lastRainRate = rainRate
      rainRate = 0
    } else {
      rainRate = lastRainRate
    }
  }

  /// Multiplies the rain rate (`[` halves it, `]` doubles it), within 1…1,000,000 per s.
  public mutating func scaleRain(by f: Double) {
    let r = min(max((rainRate > 0 ? rainRate : lastRainRate) * f, 1), 1_000_000)
    if rainRate > 0 { rainRate = r } else { lastRainRate = r }
  }

  /// Starts a wave from `cell` (or the grid's centre when there is none, or it is out of range).
  public mutating func startWave(at cell: Int?, in scene: Scene) {
    let l = scene.layout
    let (c, r) =
      if let cell, cell >= 0 && cell < scene.count {
        l.position(of: cell)
      } else {
        (l.columns / 2, l.rows / 2)
      }
    waves.append(Wave(column: c, row: r, startStep: scene.step))
  }

  /// Runs one fixed step's worth of driving on `scene` (before the scene advances). Each
  /// rain toggle is a command of its own, and so is each wave's step.
  public mutating func step(_ scene: inout Scene) {
    let n = scene.count
    guard n > 0 else { return }
    if !sweeps.isEmpty { advanceSweeps(&scene) }
    if rainRate > 0 {
      rainCarry += rainRate / Double(scene.hz)
      while rainCarry >= 1 {
        rainCarry -= 1
        scene.toggle(Int(rng.next() % UInt64(n)), cause: .stress)
      }
    } else {
      rainCarry = 0
    }
    // The views a wave reaches in one step change together, as one command (each view at
    // most once): a radio group its front crosses ends with one view on, none flickering.
    var i = 0
    while i < waves.count {
      var going = true
      scene.command { going = advance(&waves[i], &$0) }
      if going { i += 1 } else { waves.remove(at: i) }
    }
  }

  /// Toggles every view, as one command (`Scene.command`): in a radio group, the last of
  /// its views that turns on stays on, and each view fires at most one event.
  public static func toggleAll(_ scene: inout Scene) {
    scene.command { s in
      for c in 0..<s.count { s.toggle(c, cause: .stress) }
    }
  }

  /// Sets a checkerboard, (0, 0) on, as one command (see `toggleAll`).
  public static func checkerboard(_ scene: inout Scene) {
    let cols = scene.layout.columns
    scene.command { s in
      for c in 0..<s.count {
        s.setState(c, (c % cols + c / cols) % 2 == 0 ? .on : .off, cause: .stress)
      }
    }
  }

  /// Clears every view, as one command; a radio group that keeps one selected keeps it.
  public static func clear(_ scene: inout Scene) {
    scene.command { s in
      for c in 0..<s.count { s.setState(c, .off, cause: .stress) }
    }
  }

  // MARK: - Private

  /// Toggles the cells the wave's front reached this step; false once it has left the grid.
  private func advance(_ w: inout Wave, _ scene: inout Scene) -> Bool {
    let l = scene.layout
    let radius = Double(scene.step - w.startStep) * waveSpeed / Double(scene.hz)
    let far = Double(
      max(w.column, l.columns - 1 - w.column) * max(w.column, l.columns - 1 - w.column)
        + max(w.row, l.rows - 1 - w.row) * max(w.row, l.rows - 1 - w.row)
    ).squareRoot()
    let lo = w.done
    let hi = min(radius, far)
    guard hi > lo else { return radius <= far }
    // Cells with lo < distance ≤ hi: for each row in reach, up to two column runs.
    let rHi = Int(hi.rounded(.down))
    for dr in -rHi...rHi {
      let row = w.row + dr
      guard row >= 0, row < l.rows else { continue }
      let dy = Double(dr * dr)
      // A little slack so a cell exactly on the front (the far corner) is not lost to
      // rounding in the square roots.
      let outer = Int((max(hi * hi - dy, 0) + 1e-6).squareRoot().rounded(.down))
      let innerSq = lo * lo - dy
      // Columns with dx ≤ inner are already done (distance ≤ lo).
      let inner =
        lo < 0 ? -1 : (innerSq < 0 ? -1 : Int((innerSq + 1e-6).squareRoot().rounded(.down)))
      for dc in -outer...outer where abs(dc) > inner {
        let col = w.column + dc
        guard col >= 0, col < l.columns else { continue }
        let d2 = Double(dc * dc) + dy
        guard (d2 > lo * lo + 1e-6 || lo < 0) && d2 <= hi * hi + 1e-6 else { continue }
        scene.toggle(row * l.columns + col, cause: .stress)
      }
    }
    w.done = hi
    return radius <= far
  }
}
