import TickAnimation
import TickGeometry

extension Scene {
  /// Applies one input event at the current step. Returns false for `.quit`.
  ///
  /// A resize lays the grid out in the new window, less what is docked. A left press dims
  /// the view under it, and a release over it toggles it. A drag that reaches another view
  /// paints (`reached(_:by:cause:)`); released anywhere else before that, the press
  /// changes nothing, as UIKit's touch-up-inside cancels. A finger does the same, each
  /// finger a stroke of its own, and two fingers pinch (`Scene+Touch`); the D-pad and the
  /// sticks steer the focus and pan (`Scene+Pad`). A key event, and a gamepad button other
  /// than the D-pad, change nothing here: they are named and bound by the key table
  /// (TickApp's `KeyTable` and `PadTable`), which hands the scene its own as a `SceneKey`
  /// (`perform(_:cause:)`).
  @discardableResult
  public mutating func handle(_ event: InputEvent, cause: ValueChange.Cause = .click) -> Bool {
    switch event {
    case .press(let x, let y, .left):
      pointer.mouse = beginStroke(at: layout.cellShown(atX: x, y: y))
    case .release(let x, let y, .left):
      guard var stroke = pointer.mouse else { break }
      pointer.mouse = nil
      endStroke(&stroke, at: layout.cellShown(atX: x, y: y), cause: cause)
    case .press(let x, let y, .right), .press(let x, let y, .middle):
      pointer.panFrom = Point(x, y)
    case .release(_, _, .right), .release(_, _, .middle):
      pointer.panFrom = nil
    case .wheel(let x, let y, let dy):
      zoom(by: dy, around: x, y: y)
    case .resize(let w, let h):
      setWindow(width: w, height: h, dock: viewport.dock)
    case .move(let x, let y):
      mouseMoved(to: Point(x, y), cause: cause)
    case .finger(let phase, let id, let x, let y):
      handleFinger(phase, id: id, at: Point(x, y), cause: cause)
    case .padButton(let button, let pressed):
      handlePad(button, pressed: pressed)
    case .padAxis(let axis, let value):
      handlePad(axis, value: value)
    case .key:
      break
    case .quit:
      return false
    }
    return true
  }

  /// Whether `handle(event)` may change a view's value now: not a wheel notch (a zoom), a
  /// resize, or a move with the left button up (a hover, or a pan drag). What a value
  /// change costs its caller (play's history works out, behind its head, what stepping
  /// back undid: a pass over every view) is then spared for the pointer's every move.
  public func mayChangeValues(_ event: InputEvent) -> Bool {
    switch event {
    case .wheel, .resize, .key, .quit: return false
    case .move: return pointer.mouse != nil
    case .press, .release, .finger, .padButton, .padAxis: return true
    }
  }

  // MARK: - Strokes: the mouse's left button, and each finger

  /// Begins a stroke over `cell` (nil: a gap or outside), showing it pressed.
  mutating func beginStroke(at cell: Int?) -> Stroke {
    setPressed(cell)
    return Stroke(pressed: cell)
  }

  /// Ends `stroke` over `cell`: released over the view it pressed, before reaching any
  /// other, it toggles that view; otherwise the release counts as the drag's last reach.
  mutating func endStroke(_ stroke: inout Stroke, at cell: Int?, cause: ValueChange.Cause) {
    if !stroke.painting, let c = cell, c == stroke.pressed {
      toggle(c, cause: cause)
    } else {
      reached(cell, by: &stroke, cause: cause)  // where no motion event came before the release
    }
    cancelPress(of: &stroke)
  }

  /// Stops showing `stroke`'s press (the view shown pressed is the latest stroke's), and
  /// forgets it: the stroke changes nothing more until it reaches another view.
  mutating func cancelPress(of stroke: inout Stroke) {
    if let p = stroke.pressed, p == pointer.pressed { setPressed(nil) }
    stroke.pressed = nil
  }

  /// The mouse moved to `p`: a pan drag pans, the hover follows, a left drag reaches the
  /// view under it.
  private mutating func mouseMoved(to p: Point, cause: ValueChange.Cause) {
    if let from = pointer.panFrom { pointer.panFrom = panned(from: from, to: p) }
    let cell = layout.cellShown(atX: p.x, y: p.y)
    setHovered(cell)
    guard var stroke = pointer.mouse else { return }
    reached(cell, by: &stroke, cause: cause)
    pointer.mouse = stroke
  }

  /// `stroke` is over `cell` (nil: a gap or outside).
  ///
  /// Reaching a view other than the pressed one starts a paint, as checkbox lists do: the
  /// pressed view toggles (or, for a press in a gap, the first view reached), and every
  /// view the stroke reaches from then on, this one included, is set to the state it took.
  /// The start is one command (`command(_:)`), so in a radio group the pressed view and
  /// this one do not both flicker on. Group rules hold as for a click: a group that keeps
  /// one selected keeps it.
  mutating func reached(_ cell: Int?, by stroke: inout Stroke, cause: ValueChange.Cause) {
    guard let cell else { return }
    if stroke.painting {
      guard cell != stroke.lastPainted, let s = stroke.paintState else { return }
      stroke.lastPainted = cell
      setState(cell, s, cause: cause)
      return
    }
    guard cell != stroke.pressed else { return }
    let first = stroke.pressed ?? cell
    cancelPress(of: &stroke)
    stroke.painting = true
    stroke.lastPainted = cell
    var painted = ViewState.off
    command { s in
      s.toggle(first, cause: cause)
      painted = s.state(first)
      s.setState(cell, painted, cause: cause)
    }
    stroke.paintState = painted
  }

  private mutating func setPressed(_ cell: Int?) {
    guard cell != pointer.pressed else { return }
    if let old = pointer.pressed { markDirty(old) }
    pointer.pressed = cell
    if let cell { markDirty(cell) }
  }

  private mutating func setHovered(_ cell: Int?) {
    guard cell != pointer.hovered else { return }
    if let old = pointer.hovered { markDirty(old) }
    pointer.hovered = cell
    if let cell { markDirty(cell) }
  }

  private mutating func setFocused(_ cell: Int?) {
    guard cell != pointer.focused else { return }
    if let old = pointer.focused { markDirty(old) }
    pointer.focused = cell
    if let cell {
      markDirty(cell)
      setLayout(layout.scrolledToShow(cell))  // keep the focus ring on screen
    }
  }

  /// A pan drag (the right or middle button, or two fingers' midpoint) from window point
  /// `from` to `to`: the grid moves by the whole base pixels the pointer moved, and the
  /// pointer's remainder (a fraction of a base pixel) carries over to the next motion, so a
  /// slow drag at any scale moves the grid as far as the pointer went. Returns where the
  /// next motion pans from.
  mutating func panned(from: Point, to: Point) -> Point {
    let s = layout.scale
    let dx = Int((Double(to.x - from.x) / s).rounded())
    let dy = Int((Double(to.y - from.y) / s).rounded())
    guard dx != 0 || dy != 0 else { return from }
    setLayout(layout.panned(baseDX: dx, baseDY: dy))
    return Point(from.x + Float(Double(dx) * s), from.y + Float(Double(dy) * s))
  }

  /// Shift+arrows: the grid moves by `(dx, dy)` cells — whole cells, as many as make at
  /// least a window pixel, so that in an overview a press still moves what is shown.
  private mutating func panCells(dx: Int, dy: Int) {
    let cells = max(1, Int((1 / layout.screenPitch).rounded(.up)))
    let step = cells * layout.pitch
    setLayout(layout.panned(baseDX: dx * step, baseDY: dy * step))
  }

  /// The smallest and largest cell sizes zooming reaches, in pixels.
  public static let zoomLimits = 4...400

  /// Zooming multiplies the cell size, or below the smallest one the scale, by this a notch.
  static let zoomFactor: Float = 1.25

  /// How close to 1 a scale zoomed in is taken as 1: ×1.25 after ÷1.25 may miss 1 by a
  /// rounding, and the next notch must then grow the cells, not the scale.
  static let wholeScaleTolerance = 1e-9

  /// Zooms by `notches` of the wheel (×1.25 each) about (`x`, `y`): the cell size, whole
  /// pixels from 4 to 400; below 4 px, the layout's scale, down to the scale at which the
  /// whole grid fits the window (`GridLayout.fitScale`) and never below it — there is
  /// nothing more to see. Zooming in raises the scale back to 1 before the cells grow.
  mutating func zoom(by notches: Float, around x: Float, y: Float) {
    guard notches != 0, notches.isFinite else { return }
    let factor = Self.zoomFactor
    let lower = Self.zoomLimits.lowerBound
    var c = Float(layout.cell)
    var s = layout.scale
    // The least scale zooming out reaches: where the grid at the smallest cell fits (or
    // the scale now, if a larger window has made that larger: zooming out never zooms in).
    let smallest = layout.cell == lower ? layout : layout.zoomed(toCell: lower, around: x, y: y)
    let least = min(s, smallest.fitScale)
    let steps = Int(min(abs(notches), 20).rounded(.up))
    for _ in 0..<steps {
      if notches > 0 {
        if s < 1 {
          s *= Double(factor)
          if s >= 1 - Self.wholeScaleTolerance { s = 1 }
        } else {
          c = max(c + 1, c * factor)
        }
      } else if c > Float(lower) {
        c = max(Float(lower), min(c - 1, c / factor))
      } else {
        s = max(s / Double(factor), least)
      }
    }
    let cell = min(max(Int(c.rounded()), lower), Self.zoomLimits.upperBound)
    guard cell != layout.cell || s != layout.scale else { return }
    var l = layout
    if cell != l.cell { l = l.zoomed(toCell: cell, around: x, y: y) }
    if s != l.scale { l = l.zoomed(toScale: s, around: x, y: y) }
    // In an overview, the grid is shown whole on each axis where it fits.
    setLayout(l.isOverview ? l.keptWhole() : l)
  }

  /// Carries out what a key asks of the scene (see `SceneKey`); changes it makes to views
  /// are caused by `cause`.
  public mutating func perform(_ key: SceneKey, cause: ValueChange.Cause = .key) {
    let n = count
    guard n > 0 else { return }
    let f = pointer.focused
    switch key {
    case .resetView: resetView()
    case .fitView: fitView()
    case .focusNext: setFocused(f.map { ($0 + 1) % n } ?? 0)
    case .focusPrevious: setFocused(f.map { ($0 + n - 1) % n } ?? 0)
    case .moveFocus(let d): setFocused(f.map { focus(from: $0, moving: d) } ?? 0)
    case .pan(.left): panCells(dx: 1, dy: 0)
    case .pan(.right): panCells(dx: -1, dy: 0)
    case .pan(.up): panCells(dx: 0, dy: 1)
    case .pan(.down): panCells(dx: 0, dy: -1)
    case .zoomIn: zoom(by: 1, around: zoomCentre.x, y: zoomCentre.y)
    case .zoomOut: zoom(by: -1, around: zoomCentre.x, y: zoomCentre.y)
    case .toggleFocused:
      if let f { toggle(f, cause: cause) }
    case .toggleMixed:
      if let target = f ?? pointer.hovered {
        setState(target, state(target) == .mixed ? .off : .mixed, cause: cause)
      }
    }
  }

  /// The view one over from view `f` in direction `d`, or `f` at the grid's edge.
  private func focus(from f: Int, moving d: SceneKey.Direction) -> Int {
    let columns = layout.columns
    switch d {
    case .left: return f % columns == 0 ? f : f - 1
    case .right: return f % columns == columns - 1 ? f : f + 1
    case .up: return f >= columns ? f - columns : f
    case .down: return f + columns < count ? f + columns : f
    }
  }
}
