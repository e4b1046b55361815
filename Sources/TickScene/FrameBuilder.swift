import TickGeometry

/// Builds each frame's draw list from the scene: only the cells whose look can have
/// changed since the last frame are repainted (the backing store keeps the rest).
///
/// It owns its scratch buffers, so building a frame allocates nothing once the buffers
/// have grown to the largest frame seen.
public struct FrameBuilder: Sendable {
  /// The tick template for the current cell size, at origin (0, 0).
  private var tick: Polyline
  private var trimmed: [Point] = []
  private var cellSize: Int

  public init(cellSize: Int) {
    self.cellSize = cellSize
    let s = Float(cellSize)
    tick = TickShape.tick(origin: .zero, width: s, height: s)
    trimmed.reserveCapacity(tick.points.count + 2)
  }

  /// Fills `list` with what changed in `scene` up to fractional step `present`, then marks
  /// the scene clean.
  public mutating func build(scene: inout Scene, present: Double, into list: inout DrawList) {
    list.reset()
    list.background = scene.style.background
    if scene.layout.cell != cellSize { self = FrameBuilder(cellSize: scene.layout.cell) }
    if scene.needsFullRedraw {
      list.fullRedraw = true
      for cell in 0..<scene.count where isVisible(cell, scene.layout) {
        drawCell(cell, scene: scene, present: present, into: &list.mesh)
      }
    } else {
      for c in scene.dirty { repaint(Int(c), scene: scene, present: present, into: &list) }
      for c in scene.active where !scene.dirtyContains(c) {
        repaint(Int(c), scene: scene, present: present, into: &list)
      }
    }
    scene.clearDirty()
  }

  /// Appends one view as it looks at fractional step `present`.
  public mutating func drawCell(
    _ cell: Int, scene: Scene, present: Double, into mesh: inout Mesh
  ) {
    let rect = scene.layout.rect(of: cell)
    let style = scene.style
    let w = Float(rect.width)
    let h = Float(rect.height)
    let center = Point(Float(rect.x) + w / 2, Float(rect.y) + h / 2)
    let radius = TickShape.circleRadius * w
    let feather = Feather(antialias: style.antialias)
    guard scene.isSelected(cell) else {
      Fill.ring(
        center: center, radius: radius, width: TickShape.ringWidth, color: style.ringColor,
        feather: feather, into: &mesh)
      return
    }
    Fill.disc(center: center, radius: radius, color: style.fillColor, feather: feather, into: &mesh)
    let end = Float(scene.strokeEnd(cell, atStep: present))
    tick.trimmed(end: end, into: &trimmed)
    let origin = Point(Float(rect.x), Float(rect.y))
    for i in trimmed.indices { trimmed[i] = trimmed[i] + origin }
    Stroker.strokeRound(
      trimmed, width: TickShape.tickWidth * w, color: style.tickColor, feather: feather,
      into: &mesh)
  }

  // MARK: - Private

  private mutating func repaint(
    _ cell: Int, scene: Scene, present: Double, into list: inout DrawList
  ) {
    guard isVisible(cell, scene.layout) else { return }
    list.clears.append(scene.layout.paintRect(of: cell))
    drawCell(cell, scene: scene, present: present, into: &list.mesh)
  }

  private func isVisible(_ cell: Int, _ layout: GridLayout) -> Bool {
    let r = layout.paintRect(of: cell)
    return r.x < layout.windowWidth && r.y < layout.windowHeight && r.x + r.width > 0
      && r.y + r.height > 0
  }
}

extension Scene {
  /// Whether `cell` is already in this frame's dirty list.
  func dirtyContains(_ cell: Int32) -> Bool { isDirtyFlag(Int(cell)) }
}
