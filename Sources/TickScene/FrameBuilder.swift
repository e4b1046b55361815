import TickGeometry

/// Builds each frame's draw list from a scene and what changed in it.
///
/// It keeps nothing about the frames it builds: what to draw comes from the arguments of
/// `build` alone. What it keeps are caches of shapes, each keyed by everything it depends
/// on (the outline by size and shape, the tick templates by size, colour and
/// anti-aliasing and the settled disc they carry, boxes and rings by shape, size, colour
/// and anti-aliasing), and scratch
/// buffers, so building a frame allocates nothing once the buffers have grown to the
/// largest frame seen.
public struct FrameBuilder: Sendable {
  /// A view's outline at origin (0, 0), and the size and shape it was made for.
  private struct Outline {
    var size: Float
    var shape: BoxShape
    var polyline: Polyline
  }

  /// The plain tick's templates, and the disc they carry under the tick, if any.
  private struct PlainTicks {
    var disc: Disc?
    var templates: TickTemplates
  }

  /// A settled circle view's disc.
  private struct Disc {
    var radius: Float
    var color: Color
  }

  private var outline: Outline?
  private var scratch: [Point] = []
  /// Templates of the boxes, outlines and focus rings.
  private var shapes = ShapeTemplates()
  /// Templates of the plain tick, for the size, colour and anti-aliasing they were made for,
  /// carrying (`TickTemplates.under`) the disc of a settled circle view (its fill wholly
  /// shown, unscaled) of `disc`'s radius and colour once one has been drawn: a plain tick
  /// copies the tick alone, a settled view disc and tick in one copy.
  private var ticks: PlainTicks?
  /// The looks of this frame's fresh animations, each worked out once.
  private var looks = LookMemo()
  /// Whether the view being drawn has drawn anything not already cut to the pixels it owns
  /// (all but the plain tick's templates), which must then be clipped.
  private var drewUncut = false
  /// The bases of the store a direct-path frame is built for, while it is built.
  private var layering = BaseLayering()

  public init() {}

  /// Fills `list` with what to draw of `scene` at fractional step `present` into a store
  /// that holds `bases` (the direct path): as `build(_:changes:full:present:into:)`
  /// without a sheet, except that an animating view whose look is the plain tick over its
  /// settled disc is drawn in two parts. Its disc goes into the store (`mesh`, over a
  /// clear of its paint rect) only when the store does not hold it yet; its tick goes into
  /// `list.overlay`, drawn over the window once the store is shown. `bases` becomes what
  /// the store holds after the list is executed.
  public mutating func build(
    _ scene: Scene, changes: SceneChanges, full: Bool, present: Double,
    keeping bases: inout StoreBases, into list: inout DrawList
  ) {
    if full || changes.everything { bases.cells.removeAll(keepingCapacity: true) }
    layering.begin(holding: &bases)
    build(scene, changes: changes, full: full, present: present, into: &list)
    layering.end(into: &bases)
  }

  /// Fills `list` with what to draw of `scene` at fractional step `present`.
  ///
  /// - With `full` (the renderer's target is new or stale) or when the scene changed
  ///   everything, every visible view is drawn over a cleared frame. Otherwise only the
  ///   changed views and the animating ones, each over a clear of its paint rect; the
  ///   animating ones are found by reading the visible cells' records, so an animation off
  ///   screen costs nothing here.
  /// - With a `sheet` (atlas and compose paths) a view whose look the sheet holds becomes a
  ///   sprite; the rest are tessellated.
  /// - `overlays` (compose) also draws the hovered, pressed and focused views, which have
  ///   no cached frame: their geometry goes over the composed window, not into a store that
  ///   keeps it, so it is drawn every frame.
  public mutating func build(
    _ scene: Scene, changes: SceneChanges, full: Bool, present: Double,
    sheet: SpriteSheet? = nil, overlays: Bool = false, into list: inout DrawList
  ) {
    looks.forget()
    if full || changes.everything {
      // One share of every visible row over a cleared frame: O(visible), not O(views).
      let rows = scene.layout.visibleRows
      buildShare(
        scene, changes: changes, drawn: rows.lowerBound..<rows.lowerBound, adding: rows,
        present: present, sheet: sheet, into: &list)
      return
    }
    list.reset()
    list.background = scene.style.background
    list.spriteSize = Int32(scene.layout.pitch)
    // Each view once: a changed view that animates is drawn with the animating ones, and
    // an overlay already drawn as a changed view is not drawn again (its translucent
    // feedback would be blended twice).
    var drawn = (hovered: false, pressed: false, focused: false)
    for c32 in changes.cells {
      let c = Int(c32)
      guard !scene.isAnimating(c) else {
        if layering.isOn { layering.noteChanged(c32) }
        continue
      }
      if c == scene.pointer.hovered { drawn.hovered = true }
      if c == scene.pointer.pressed { drawn.pressed = true }
      if c == scene.pointer.focused { drawn.focused = true }
      repaint(c, scene, present, sheet, into: &list)
    }
    layering.changesNoted()
    let l = scene.layout
    scene.forEachAnimating(rows: l.visibleRows, columns: l.visibleColumns) { c in
      emit(c, scene, present, sheet, clear: true, into: &list)
    }
    guard overlays else { return }
    // Three views at most; no array literal, so nothing is allocated per frame. No clear:
    // the view's rect was cleared in the composed frame when it became hovered, pressed or
    // focused (it was a changed view then), and clearing it again every frame would upload
    // its band of rows every frame for nothing.
    func overlay(_ c: Int?, drawnAlready: Bool) {
      guard let c, !drawnAlready, !scene.isAnimating(c), scene.layout.isVisible(c) else {
        return
      }
      emit(c, scene, present, sheet, clear: false, into: &list)
    }
    overlay(scene.pointer.hovered, drawnAlready: drawn.hovered)
    overlay(
      scene.pointer.pressed,
      drawnAlready: drawn.pressed || scene.pointer.pressed == scene.pointer.hovered)
    overlay(
      scene.pointer.focused,
      drawnAlready: drawn.focused || scene.pointer.focused == scene.pointer.hovered
        || scene.pointer.focused == scene.pointer.pressed)
  }

  /// Fills `list` with one share of a whole frame, for a target drawn over several frames
  /// before it is shown (a path switched to while frames go on): the visible rows
  /// `adding`, and in the rows `drawn` by earlier shares the views that changed since and
  /// do not animate. The rows of a target are drawn in order from the first visible one,
  /// and the first share clears the whole target, so the rows not yet drawn hold the
  /// background and the new ones need no clear.
  ///
  /// Views animating in the rows drawn are left as they are: the frame that first shows
  /// the target is built by `build`, which draws every animating view, and a view that
  /// stops animating meanwhile is among its frame's changes. So the target is whole, after
  /// its last share, for that frame to draw into.
  public mutating func buildShare(
    _ scene: Scene, changes: SceneChanges, drawn: Range<Int>, adding: Range<Int>,
    present: Double, sheet: SpriteSheet? = nil, into list: inout DrawList
  ) {
    looks.forget()
    list.reset()
    list.background = scene.style.background
    list.spriteSize = Int32(scene.layout.pitch)
    list.fullRedraw = drawn.isEmpty
    let l = scene.layout
    for c32 in changes.cells {
      let c = Int(c32)
      guard drawn.contains(c / l.columns), !scene.isAnimating(c) else { continue }
      repaint(c, scene, present, sheet, into: &list)
    }
    for r in adding {
      for c in l.visibleColumns {
        emit(r * l.columns + c, scene, present, sheet, clear: false, into: &list)
      }
    }
  }

  /// One view as a sprite when the sheet holds its look, else as geometry (with a clear of
  /// its paint rect first unless the whole frame is being cleared).
  private mutating func emit(
    _ cell: Int, _ scene: Scene, _ present: Double, _ sheet: SpriteSheet?, clear: Bool,
    into list: inout DrawList
  ) {
    list.views += 1
    if let sheet, let index = scene.sprite(cell, atStep: present, in: sheet) {
      let r = scene.layout.paintRect(of: cell)
      list.sprites.append(.init(x: Int32(r.x), y: Int32(r.y), index: Int32(index)))
      return
    }
    if layering.isOn, scene.isAnimating(cell),
      drawLayered(cell, scene, present, clear: clear, into: &list)
    {
      return
    }
    if clear { list.clears.append(scene.layout.inWindow(scene.layout.paintRect(of: cell))) }
    drawView(cell, scene: scene, present: present, into: &list.mesh)
  }

  /// Draws animating `cell` as its settled disc, into the store unless the store holds it
  /// already (`layering`), and its tick, over the window (`list.overlay`); returns false,
  /// drawing nothing, when its look is anything else, or it shows control feedback (a
  /// tint or ring that `drawView` clips to its paint rect).
  private mutating func drawLayered(
    _ cell: Int, _ scene: Scene, _ present: Double, clear: Bool, into list: inout DrawList
  ) -> Bool {
    let (p, l, style) = (scene.pointer, scene.layout, scene.style)
    let (rect, paint) = (l.rect(of: cell), l.paintRect(of: cell))
    guard cell != p.hovered, cell != p.pressed, cell != p.focused, scene.group(of: cell) == nil,
      l.inWindow(paint) == paint
    else { return false }
    let origin = Point(Float(rect.x), Float(rect.y))
    let w = Float(rect.width)
    let look = looks.look(cell, scene, atStep: present)
    let key = TickKey(
      size: w, color: style.tickColor, feather: Feather(antialias: style.antialias),
      box: Self.box(paint, from: rect))
    guard look[.outlineAlpha] <= Self.visible || look[.outlineEnd] <= Self.visible,
      look[.fillAlpha] >= 1, look[.fillScale] == 1, origin.isFinite,
      case .disc(let radius) = style.shape.fill(size: w),
      isPlainTickShape(look, .tick, size: w, style: style),
      settledViews(key, radius: radius, color: style.fillColor, settled: true)
    else { return false }
    if !layering.holdsBase(Int32(cell)) {
      if clear { list.clears.append(paint) }
      ticks?.templates.appendUnder(at: origin, into: &list.mesh)
    }
    ticks?.templates.append(progress: look[.markEnd], at: origin, into: &list.overlay)
    layering.keep(Int32(cell))
    return true
  }

  private mutating func repaint(
    _ cell: Int, _ scene: Scene, _ present: Double, _ sheet: SpriteSheet?,
    into list: inout DrawList
  ) {
    guard scene.layout.isVisible(cell) else { return }
    emit(cell, scene, present, sheet, clear: true, into: &list)
  }

  /// Appends one view as it looks at fractional step `present`.
  public mutating func drawCell(
    _ cell: Int, scene: Scene, present: Double, into mesh: inout Mesh
  ) {
    looks.forget()
    drawView(cell, scene: scene, present: present, into: &mesh)
  }

  /// `drawCell` within a frame being built: fresh looks come from `looks`.
  private mutating func drawView(
    _ cell: Int, scene: Scene, present: Double, into mesh: inout Mesh
  ) {
    let rect = scene.layout.rect(of: cell)
    let paint = scene.layout.paintRect(of: cell)
    let origin = Point(Float(rect.x), Float(rect.y))
    let w = Float(rect.width)
    let (v0, i0) = (mesh.vertices.count, mesh.indices.count)
    // Whatever the view draws — an overshooting bounce, a focus ring — stays in the
    // pixels it owns, which are all a repaint clears (sprites are clipped alike). Copies of
    // the plain tick's templates are cut to them already (`within`), so they need no clip,
    // unless the view lies partly outside the window: a vertex outside the viewport sends
    // a whole draw call through llvmpipe's clipping stage, which at 3,000 8-px views cost
    // 5 ms a frame (docs/performance.md).
    let shown = scene.layout.inWindow(paint)
    defer {
      if drewUncut || shown != paint { mesh.clip(fromVertex: v0, fromIndex: i0, to: shown) }
    }
    let mark: Mark = scene.group(of: cell) == nil ? .tick : .radio
    draw(
      looks.look(cell, scene, atStep: present), at: origin, size: w, style: scene.style,
      mark: mark,
      within: Self.box(paint, from: rect),
      into: &mesh)
    // Control feedback: a tint while hovered, a darker one while pressed, a focus ring.
    let feather = Feather(antialias: scene.style.antialias)
    let tint =
      cell == scene.pointer.pressed
      ? Self.pressedTint : cell == scene.pointer.hovered ? Self.hoveredTint : 0
    if tint > 0 {
      drewUncut = true
      shapes.draw(
        scene.style.shape.fill(size: w), center: origin + Point(w / 2, w / 2),
        color: Color.black.scaledAlpha(tint), feather: feather, into: &mesh)
    }
    if cell == scene.pointer.focused {
      drewUncut = true
      // Outside the box, but never past the paint rect: a repaint clears only that rect,
      // so anything drawn beyond it would stay behind when the focus moves on.
      let room = w / 2 + Float(scene.layout.gap / 2) - Self.focusRingWidth / 2 - 1
      shapes.draw(
        scene.style.shape.ring(
          size: w, width: Self.focusRingWidth, grow: Self.focusRingOffset, reach: room),
        center: origin + Point(w / 2, w / 2), color: scene.style.focusColor, feather: feather,
        into: &mesh)
    }
  }

  /// The pixels a view owns (`paint`), measured from the corner of its `rect`: where its
  /// templates are cut (`draw(…within:…)`).
  private static func box(_ paint: PixelRect, from rect: PixelRect) -> PixelRect {
    PixelRect(x: paint.x - rect.x, y: paint.y - rect.y, width: paint.width, height: paint.height)
  }

  /// The focus ring's line width in pixels.
  static let focusRingWidth: Float = 1.5
  /// How far the focus ring lies outside the box's edge, in pixels: clear of the outline
  /// and the fill, so it reads as a ring of its own, where the gap leaves room.
  static let focusRingOffset: Float = 3
  /// The black over a pressed view: dark enough to show the press on the green fill.
  static let pressedTint: Float = 0.18
  /// The black over a hovered view: a third of the press's, a hint that does not hide the
  /// view's state.
  static let hoveredTint: Float = 0.06

  /// Which mark a view shows when on: the tick, or a radio dot in a radio group.
  public enum Mark: Sendable {
    case tick, radio
  }

  /// Below this, half of one 8-bit step of alpha, an alpha, a scale or a length draws
  /// nothing that shows, so it is not drawn at all.
  static let visible: Float = 1.0 / 512

  /// Appends a view with `look`, its cell's top-left at `origin`: the outline, the filled
  /// box, then the mark.
  ///
  /// `box`, the pixels the view owns measured from `origin`, is where the plain tick's
  /// templates are cut, once, so that their copies need no clip; the rest of what is drawn
  /// is the caller's to clip.
  public mutating func draw(
    _ look: Look, at origin: Point, size w: Float, style: TickStyle, mark: Mark = .tick,
    within box: PixelRect? = nil, into mesh: inout Mesh
  ) {
    let feather = Feather(antialias: style.antialias)
    let tick = TickKey(size: w, color: style.tickColor, feather: feather, box: box)
    drewUncut = box == nil
    drawOutline(look, at: origin, size: w, style: style, feather: feather, into: &mesh)
    let tickDrawn = drawFill(look, at: origin, style: style, mark: mark, tick: tick, into: &mesh)
    guard !tickDrawn else { return }
    drawMark(look, at: origin, style: style, mark: mark, tick: tick, into: &mesh)
  }

  /// What the plain tick's templates are made for: the view's size, the tick's colour, the
  /// anti-aliasing and the box copies are cut to.
  private struct TickKey: Equatable {
    var size: Float
    var color: Color
    var feather: Feather
    var box: PixelRect?
  }

  /// The outline, whole or in part (trimmed to `outlineEnd` along `BoxOutline`).
  private mutating func drawOutline(
    _ look: Look, at origin: Point, size w: Float, style: TickStyle, feather: Feather,
    into mesh: inout Mesh
  ) {
    let oa = look[.outlineAlpha]
    let oe = look[.outlineEnd]
    guard oa > Self.visible && oe > Self.visible else { return }
    let color = style.ringColor.scaledAlpha(oa)
    let width = lineWidth(style.outlineWidth, style)
    drewUncut = true
    if oe >= 1 - Self.visible {
      shapes.draw(
        style.shape.ring(size: w, width: width), center: origin + Point(w / 2, w / 2),
        color: color, feather: feather, into: &mesh)
      return
    }
    if outline?.size != w || outline?.shape != style.shape {
      outline = Outline(
        size: w, shape: style.shape, polyline: BoxOutline.polyline(style.shape, size: w))
    }
    outline?.polyline.trimmed(end: oe, offset: origin, into: &scratch)
    Stroker.strokeRound(scratch, width: width, color: color, feather: feather, into: &mesh)
  }

  /// The filled box, scaled by `fillScale` about the centre. Returns whether the plain tick
  /// was drawn with it: a settled circle view's disc and tick are one copy.
  private mutating func drawFill(
    _ look: Look, at origin: Point, style: TickStyle, mark: Mark, tick: TickKey,
    into mesh: inout Mesh
  ) -> Bool {
    let (w, feather) = (tick.size, tick.feather)
    let fa = look[.fillAlpha]
    let fs = look[.fillScale]
    guard fa > Self.visible && fs > Self.visible else { return false }
    let center = origin + Point(w / 2, w / 2)
    let color = style.fillColor.scaledAlpha(fa)
    let box = style.shape.fill(size: w * fs)
    if case .disc(let radius) = box, center.isFinite,
      isPlainTick(look, mark, size: w, style: style),
      settledViews(tick, radius: radius, color: color, settled: fa >= 1 && fs == 1)
    {
      // The disc and the plain tick in one copy: the same vertices and indices as the
      // box followed by the tick's template.
      ticks?.templates.appendView(progress: look[.markEnd], at: origin, into: &mesh)
      return true
    }
    drewUncut = true
    shapes.draw(box, center: center, color: color, feather: feather, into: &mesh)
    return false
  }

  /// The mark: the dash morphed toward the tick, turned and scaled about the centre, then
  /// trimmed along its length; in a radio group, once mostly a tick, a dot instead.
  private mutating func drawMark(
    _ look: Look, at origin: Point, style: TickStyle, mark: Mark, tick: TickKey,
    into mesh: inout Mesh
  ) {
    let (w, feather) = (tick.size, tick.feather)
    let ma = look[.markAlpha]
    let ms = look[.markScale]
    let start = look[.markStart]
    let end = look[.markEnd]
    guard ma > Self.visible, ms > Self.visible, end > start else { return }
    let center = origin + Point(w / 2, w / 2)
    if mark == .radio && look[.markMorph] > 0.5 {
      drewUncut = true
      // A radio dot grows with the mark's drawn length; mixed still shows the dash.
      shapes.draw(
        .disc(radius: Geometry.radioDot * w * ms * (end - start)), center: center,
        color: style.tickColor.scaledAlpha(ma), feather: feather, into: &mesh)
      return
    }
    if isPlainTick(look, mark, size: w, style: style) {
      // The plain tick (the seed's, and most frames of most styles) is the same shape in
      // every cell: copy it from a template of its quantised progress instead of stroking.
      plainTicks(tick)
      ticks?.templates.append(progress: end, at: origin, into: &mesh)
      return
    }
    drewUncut = true
    let turn = look[.markTurn] * 2 * .pi
    let cosT = Math.cos(turn)
    let sinT = Math.sin(turn)
    var line = ShortPolyline()
    for k in 0..<3 {
      let u = Geometry.unitDash[k].lerp(to: TickShape.unitTick[k], look[.markMorph])
      let d = Point((u.x - 0.5) * w * ms, (u.y - 0.5) * w * ms)
      line.append(center + Point(d.x * cosT - d.y * sinT, d.x * sinT + d.y * cosT))
    }
    Stroker.strokeRound(
      line.trimmed(start: start, end: end), width: lineWidth(style.markWidth * w * ms, style),
      color: style.tickColor.scaledAlpha(ma), feather: feather, into: &mesh)
  }

  /// Whether the mark of `look` is the plain tick, drawn (not hidden, not empty), which
  /// `ticks` holds.
  private func isPlainTick(_ look: Look, _ mark: Mark, size w: Float, style: TickStyle) -> Bool {
    look[.markEnd] > 0 && isPlainTickShape(look, mark, size: w, style: style)
  }

  /// Whether the mark of `look` is the plain tick at some progress, perhaps none yet.
  private func isPlainTickShape(_ look: Look, _ mark: Mark, size w: Float, style: TickStyle)
    -> Bool
  {
    mark == .tick && look[.markMorph] >= 1 && look[.markTurn] == 0 && look[.markScale] == 1
      && look[.markStart] == 0 && look[.markAlpha] >= 1 && look[.markEnd] >= 0
      && style.markWidth == TickShape.tickWidth
      && lineWidth(TickShape.tickWidth * w, style) == TickShape.tickWidth * w
  }

  /// Whether `ticks` holds the plain tick for `key` (read in place: a copy would retain
  /// every buffer it holds, once per view).
  private func holdsTicks(_ key: TickKey) -> Bool {
    ticks?.templates.size == key.size && ticks?.templates.color == key.color
      && ticks?.templates.feather == key.feather && ticks?.templates.box == key.box
  }

  /// Makes `ticks` the templates of the plain tick for `key`; a disc they carry is kept.
  private mutating func plainTicks(_ key: TickKey) {
    if !holdsTicks(key) {
      ticks = PlainTicks(
        disc: nil,
        templates: TickTemplates(
          size: key.size, color: key.color, feather: key.feather, box: key.box))
    }
  }

  /// Whether `ticks` holds the plain tick over a disc of this radius and colour: it does if
  /// it did, and is made so for a settled view's disc (so only a change of size or style
  /// remakes it); not for another disc, nor one `ShapeTemplates` would not keep.
  private mutating func settledViews(
    _ key: TickKey, radius: Float, color: Color, settled: Bool
  ) -> Bool {
    if holdsTicks(key), ticks?.disc?.radius == radius, ticks?.disc?.color == color {
      return true
    }
    let shape = ShapeTemplates.Shape.disc(radius: radius)
    let center = Point(key.size / 2, key.size / 2)
    guard settled,
      let disc = key.box.map({
        MeshTemplate(shape, color: color, feather: key.feather, keptIn: $0, at: center)
      }) ?? MeshTemplate(shape, color: color, feather: key.feather)
    else { return false }
    ticks = PlainTicks(
      disc: Disc(radius: radius, color: color),
      templates: TickTemplates(
        size: key.size, color: key.color, feather: key.feather, under: disc,
        underOffset: center, box: key.box))
    return true
  }

  /// The narrowest line drawn with hard edges (`--aa off`, the software renderer): about
  /// √2 px, so a line at any angle covers a pixel centre in every row and column it
  /// crosses. The software renderer draws a narrower ring dashed.
  public static let minimumHardLineWidth: Float = 1.5

  /// A line width as drawn: unchanged with anti-aliasing, at least
  /// `minimumHardLineWidth` without.
  private func lineWidth(_ w: Float, _ style: TickStyle) -> Float {
    style.antialias ? w : max(w, Self.minimumHardLineWidth)
  }
}
