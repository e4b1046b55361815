import TickGeometry

/// Builds each frame's draw list from the scene: only the cells whose look can have
/// changed since the last frame are repainted (the backing store keeps the rest).
///
/// It owns its scratch buffers and per-size templates, so building a frame allocates
/// nothing once the buffers have grown to the largest frame seen.
public struct FrameBuilder: Sendable {
  private var cellSize: Int
  private var shape: BoxShape
  /// The outline template for the current size and shape, at origin (0, 0).
  private var outline: Polyline
  private var scratch: [Point] = []
  /// Templates of the plain tick at the current size, colour and anti-aliasing.
  private var ticks: TickTemplates?
  /// How many views the last full redraw found on screen.
  public private(set) var visibleCount = 0

  public init(cellSize: Int, shape: BoxShape = .circle) {
    self.cellSize = cellSize
    self.shape = shape
    outline = BoxOutline.polyline(shape, size: Float(cellSize))
    scratch.reserveCapacity(outline.points.count + 2)
  }

  /// Fills `list` with what changed in `scene` up to fractional step `present`, then marks
  /// the scene clean.
  ///
  /// With a `sheet` (atlas and compose paths) a cell whose look the sheet holds becomes a
  /// sprite; the rest are tessellated. `overlaysEveryFrame` (compose) re-emits the hovered,
  /// pressed and focused cells every frame, since their geometry is drawn over the
  /// composed window rather than into a backing store.
  public mutating func build(
    scene: inout Scene, present: Double, into list: inout DrawList, sheet: SpriteSheet? = nil,
    overlaysEveryFrame: Bool = false
  ) {
    self.sheet = sheet
    list.reset()
    list.background = scene.style.background
    if scene.layout.cell != cellSize || scene.style.shape != shape {
      self = FrameBuilder(cellSize: scene.layout.cell, shape: scene.style.shape)
    }
    if scene.needsFullRedraw {
      list.fullRedraw = true
      // Only the visible rows and columns: a full redraw costs O(visible), not O(views).
      let l = scene.layout
      visibleCount = l.visibleCount
      for r in l.visibleRows {
        for c in l.visibleColumns {
          emit(r * l.columns + c, scene: scene, present: present, clear: false, into: &list)
        }
      }
    } else {
      for c in scene.dirty { repaint(Int(c), scene: scene, present: present, into: &list) }
      scene.forEachAnimating { c in
        if !scene.isDirtyFlag(c) { repaint(c, scene: scene, present: present, into: &list) }
      }
      if overlaysEveryFrame {
        // Three cells at most; no array literal, so nothing is allocated per frame.
        func overlay(_ c: Int) {
          guard c >= 0, !scene.isDirtyFlag(c), !scene.isAnimating(c) else { return }
          repaint(c, scene: scene, present: present, into: &list)
        }
        overlay(scene.hovered)
        if scene.pressed != scene.hovered { overlay(scene.pressed) }
        if scene.focused != scene.hovered && scene.focused != scene.pressed {
          overlay(scene.focused)
        }
      }
    }
    scene.clearDirty()
  }

  /// The sheet of the frame being built.
  private var sheet: SpriteSheet?

  /// One cell as a sprite when the sheet holds its look, else as geometry (with a clear of
  /// its paint rect first unless the whole frame is being cleared).
  private mutating func emit(
    _ cell: Int, scene: Scene, present: Double, clear: Bool, into list: inout DrawList
  ) {
    if let sheet, let index = scene.sprite(cell, atStep: present, in: sheet) {
      let r = scene.layout.paintRect(of: cell)
      list.sprites.append(.init(x: Int32(r.x), y: Int32(r.y), index: Int32(index)))
      return
    }
    if clear { list.clears.append(scene.layout.paintRect(of: cell)) }
    drawCell(cell, scene: scene, present: present, into: &list.mesh)
  }

  /// Appends one view as it looks at fractional step `present`.
  public mutating func drawCell(
    _ cell: Int, scene: Scene, present: Double, into mesh: inout Mesh
  ) {
    let rect = scene.layout.rect(of: cell)
    let origin = Point(Float(rect.x), Float(rect.y))
    let w = Float(rect.width)
    let mark: Mark = scene.group(of: cell) == nil ? .tick : .radio
    draw(
      scene.look(cell, atStep: present), at: origin, size: w, style: scene.style, mark: mark,
      into: &mesh)
    // Control feedback: a tint while hovered, a darker one while pressed, a focus ring.
    let feather = Feather(antialias: scene.style.antialias)
    let tint: Float = cell == scene.pressed ? 0.18 : cell == scene.hovered ? 0.06 : 0
    if tint > 0 {
      box(
        center: origin + Point(w / 2, w / 2), scale: w, color: Color.black.scaledAlpha(tint),
        shape: scene.style.shape, feather: feather, into: &mesh)
    }
    if cell == scene.focused {
      let center = origin + Point(w / 2, w / 2)
      switch scene.style.shape {
      case .circle:
        Fill.ring(
          center: center, radius: Geometry.circleRadius * w + 3, width: 1.5,
          color: scene.style.focusColor, feather: feather, into: &mesh)
      case .square:
        Fill.roundedSquareRing(
          center: center, halfSize: Geometry.squareHalf * w + 3,
          cornerRadius: Geometry.squareCorner * w + 3, width: 1.5, color: scene.style.focusColor,
          feather: feather, into: &mesh)
      }
    }
  }

  /// Which mark a view shows when on: the tick, or a radio dot in a radio group.
  public enum Mark: Sendable {
    case tick, radio
  }

  /// Appends the filled box of a `w`-px view scaled by `scale / w`.
  private func box(
    center: Point, scale: Float, color: Color, shape: BoxShape, feather: Feather,
    into mesh: inout Mesh
  ) {
    switch shape {
    case .circle:
      Fill.disc(
        center: center, radius: Geometry.circleRadius * scale, color: color, feather: feather,
        into: &mesh)
    case .square:
      Fill.roundedSquare(
        center: center, halfSize: Geometry.squareHalf * scale,
        cornerRadius: Geometry.squareCorner * scale, color: color, feather: feather,
        into: &mesh)
    }
  }

  /// Appends a view with `look`, its cell's top-left at `origin`.
  public mutating func draw(
    _ look: Look, at origin: Point, size w: Float, style: TickStyle, mark: Mark = .tick,
    into mesh: inout Mesh
  ) {
    let feather = Feather(antialias: style.antialias)
    let center = origin + Point(w / 2, w / 2)
    let visible: Float = 1.0 / 512

    // The outline, whole or in part.
    let oa = look[.outlineAlpha]
    let oe = look[.outlineEnd]
    if oa > visible && oe > visible {
      let color = style.ringColor.scaledAlpha(oa)
      if oe >= 1 - visible {
        switch style.shape {
        case .circle:
          Fill.ring(
            center: center, radius: Geometry.circleRadius * w,
            width: lineWidth(TickShape.ringWidth, style),
            color: color, feather: feather, into: &mesh)
        case .square:
          Fill.roundedSquareRing(
            center: center, halfSize: Geometry.squareHalf * w,
            cornerRadius: Geometry.squareCorner * w, width: lineWidth(TickShape.ringWidth, style),
            color: color,
            feather: feather, into: &mesh)
        }
      } else {
        outline.trimmed(end: oe, into: &scratch)
        for i in scratch.indices { scratch[i] = scratch[i] + origin }
        Stroker.strokeRound(
          scratch, width: lineWidth(TickShape.ringWidth, style), color: color, feather: feather,
          into: &mesh)
      }
    }

    // The filled box.
    let fa = look[.fillAlpha]
    let fs = look[.fillScale]
    if fa > visible && fs > visible {
      box(
        center: center, scale: w * fs, color: style.fillColor.scaledAlpha(fa),
        shape: style.shape, feather: feather, into: &mesh)
    }

    // The mark: the dash morphed toward the tick, turned and scaled about the centre,
    // then trimmed along its length.
    let ma = look[.markAlpha]
    let ms = look[.markScale]
    let start = look[.markStart]
    let end = look[.markEnd]
    guard ma > visible, ms > visible, end > start else { return }
    let morph = look[.markMorph]
    if mark == .radio && morph > 0.5 {
      // A radio dot grows with the mark's drawn length; mixed still shows the dash.
      Fill.disc(
        center: center, radius: Geometry.radioDot * w * ms * (end - start),
        color: style.tickColor.scaledAlpha(ma), feather: feather, into: &mesh)
      return
    }
    if mark == .tick, morph >= 1, look[.markTurn] == 0, ms == 1, start == 0, ma >= 1,
      lineWidth(TickShape.tickWidth * w, style) == TickShape.tickWidth * w
    {
      // The plain tick (the seed's, and most frames of most styles) is the same shape in
      // every cell: copy it from a template of its quantised progress instead of stroking.
      if ticks?.size != w || ticks?.color != style.tickColor || ticks?.feather != feather {
        ticks = TickTemplates(size: w, color: style.tickColor, feather: feather)
      }
      ticks!.append(progress: end, at: origin, into: &mesh)
      return
    }
    let turn = look[.markTurn] * 2 * .pi
    let cosT = Math.cos(turn)
    let sinT = Math.sin(turn)
    scratch.removeAll(keepingCapacity: true)
    for k in 0..<3 {
      let u = Geometry.unitDash[k].lerp(to: TickShape.unitTick[k], morph)
      let d = Point((u.x - 0.5) * w * ms, (u.y - 0.5) * w * ms)
      scratch.append(center + Point(d.x * cosT - d.y * sinT, d.x * sinT + d.y * cosT))
    }
    Self.trim(&scratch, start: start, end: end)
    Stroker.strokeRound(
      scratch, width: lineWidth(TickShape.tickWidth * w * ms, style),
      color: style.tickColor.scaledAlpha(ma),
      feather: feather, into: &mesh)
  }

  /// The narrowest line drawn with hard edges (`--aa off`, the software renderer): about
  /// √2 px, so a line at any angle covers a pixel centre in every row and column it
  /// crosses. Narrower, the software renderer's 1-px ring came out dashed.
  public static let minimumHardLineWidth: Float = 1.5

  /// A line width as drawn: unchanged with anti-aliasing, at least
  /// `minimumHardLineWidth` without.
  private func lineWidth(_ w: Float, _ style: TickStyle) -> Float {
    style.antialias ? w : max(w, Self.minimumHardLineWidth)
  }

  // MARK: - Private

  /// Trims a short polyline in place to the arc-length fractions [start, end].
  static func trim(_ pts: inout [Point], start: Float, end: Float) {
    var total: Float = 0
    for k in 1..<pts.count { total += (pts[k] - pts[k - 1]).length }
    let s = max(0, min(start, 1)) * total
    let e = max(0, min(end, 1)) * total
    guard total > 0, e > s else {
      pts.removeAll(keepingCapacity: true)
      return
    }
    // Walk the segments once, writing the kept part over the front of the buffer.
    var out = 0
    var walked: Float = 0
    let n = pts.count
    var prev = pts[0]
    for k in 1..<n {
      let a = prev
      let b = pts[k]
      prev = b
      let len = (b - a).length
      let lo = walked
      let hi = walked + len
      walked = hi
      guard hi >= s, lo <= e, len > 0 else { continue }
      if out == 0 { pts[out] = a.lerp(to: b, max(0, (s - lo) / len)); out += 1 }
      pts[out] = a.lerp(to: b, min(1, (e - lo) / len))
      out += 1
      if hi >= e { break }
    }
    pts.removeLast(n - out)
  }

  private mutating func repaint(
    _ cell: Int, scene: Scene, present: Double, into list: inout DrawList
  ) {
    guard scene.layout.isVisible(cell) else { return }
    emit(cell, scene: scene, present: present, clear: true, into: &list)
  }
}
