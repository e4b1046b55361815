import TickAnimation

extension Scene {
  /// Applies one input event at the current step. Returns false for `.quit`.
  ///
  /// A resize lays the grid out in the new window, less what is docked; Home returns to
  /// the first cell size, centred.
  /// A left press dims the view under it, and a release over it toggles it. A drag that
  /// reaches another view paints (`dragged(to:)`); released anywhere else before that, the
  /// press changes nothing, as UIKit's touch-up-inside cancels. Arrows and Tab move a
  /// focus ring; Space and Enter toggle the focused view; X sets it (or the hovered one)
  /// to mixed and back.
  @discardableResult
  public mutating func handle(_ event: InputEvent, cause: ValueChange.Cause = .click) -> Bool {
    switch event {
    case .press(let x, let y, .left):
      pointer.leftDown = true
      pointer.painting = false
      pointer.lastPainted = -1
      pointer.paintState = nil
      setPressed(layout.cellShown(atX: x, y: y) ?? -1)
    case .release(let x, let y, .left):
      guard pointer.leftDown else { break }
      let cell = layout.cellShown(atX: x, y: y) ?? -1
      if !pointer.painting, cell >= 0, cell == pointer.pressed {
        toggle(cell, cause: cause)
      } else {
        dragged(to: cell, cause: cause)  // where no motion event came before the release
      }
      setPressed(-1)
      pointer.leftDown = false
      pointer.painting = false
    case .press(let x, let y, .right), .press(let x, let y, .middle):
      pointer.panFrom = (x, y)
    case .release(_, _, .right), .release(_, _, .middle):
      pointer.panFrom = nil
    case .wheel(let x, let y, let dy):
      zoom(by: dy, around: x, y: y)
    case .resize(let w, let h):
      setWindow(width: w, height: h, dock: dock)
    case .move(let x, let y):
      if let from = pointer.panFrom {
        let dx = Int((x - from.x).rounded())
        let dy = Int((y - from.y).rounded())
        if dx != 0 || dy != 0 {
          setLayout(layout.panned(dx: dx, dy: dy))
          pointer.panFrom = (from.x + Float(dx), from.y + Float(dy))
        }
      }
      let cell = layout.cellShown(atX: x, y: y) ?? -1
      setHovered(cell)
      dragged(to: cell, cause: cause)
    case .key(let name):
      handleKey(name, cause: cause == .click ? .key : cause)
    case .quit:
      return false
    }
    return true
  }

  // MARK: - Private

  /// The pointer, with the left button down, is over `cell` (-1: a gap or outside).
  ///
  /// Reaching a view other than the pressed one starts a paint, as checkbox lists do: the
  /// pressed view toggles (or, for a press in a gap, the first view reached), and every
  /// view the drag reaches from then on, this one included, is set to the state it took.
  /// The start is one command (`command(_:)`), so in a radio group the pressed view and
  /// this one do not both flicker on. Group rules hold as for a click: a group that keeps
  /// one selected keeps it.
  private mutating func dragged(to cell: Int, cause: ValueChange.Cause) {
    guard pointer.leftDown, cell >= 0 else { return }
    if pointer.painting {
      guard cell != pointer.lastPainted, let s = pointer.paintState else { return }
      pointer.lastPainted = cell
      setState(cell, s, cause: cause)
      return
    }
    guard cell != pointer.pressed else { return }
    let first = pointer.pressed >= 0 ? pointer.pressed : cell
    setPressed(-1)
    pointer.painting = true
    pointer.lastPainted = cell
    command { s in
      s.toggle(first, cause: cause)
      let paintState = s.state(first)
      s.pointer.paintState = paintState
      s.setState(cell, paintState, cause: cause)
    }
  }

  private mutating func setPressed(_ cell: Int) {
    guard cell != pointer.pressed else { return }
    if pointer.pressed >= 0 { markDirty(pointer.pressed) }
    pointer.pressed = cell
    if cell >= 0 { markDirty(cell) }
  }

  private mutating func setHovered(_ cell: Int) {
    guard cell != pointer.hovered else { return }
    if pointer.hovered >= 0 { markDirty(pointer.hovered) }
    pointer.hovered = cell
    if cell >= 0 { markDirty(cell) }
  }

  private mutating func setFocused(_ cell: Int) {
    guard cell != pointer.focused else { return }
    if pointer.focused >= 0 { markDirty(pointer.focused) }
    pointer.focused = cell
    if cell >= 0 {
      markDirty(cell)
      setLayout(layout.scrolledToShow(cell))  // keep the focus ring on screen
    }
  }

  /// The smallest and largest cell sizes zooming reaches, in pixels.
  public static let zoomLimits = 4...400

  /// Zooms by `notches` of the wheel (×1.25 each) about (`x`, `y`).
  mutating func zoom(by notches: Float, around x: Float, y: Float) {
    guard notches != 0, notches.isFinite else { return }
    let factor: Float = 1.25
    var c = Float(layout.cell)
    let steps = Int(min(abs(notches), 20).rounded(.up))
    for _ in 0..<steps { c = notches > 0 ? max(c + 1, c * factor) : min(c - 1, c / factor) }
    let cell = min(max(Int(c.rounded()), Self.zoomLimits.lowerBound), Self.zoomLimits.upperBound)
    guard cell != layout.cell else { return }
    setLayout(layout.zoomed(toCell: cell, around: x, y: y))
  }

  private mutating func handleKey(_ name: String, cause: ValueChange.Cause) {
    let n = count
    guard n > 0 else { return }
    let f = pointer.focused
    switch name {
    case "home": resetView()
    case "tab": setFocused(f < 0 ? 0 : (f + 1) % n)
    case "shift+tab": setFocused(f < 0 ? 0 : (f + n - 1) % n)
    case "shift+left": setLayout(layout.panned(dx: layout.pitch, dy: 0))
    case "shift+right": setLayout(layout.panned(dx: -layout.pitch, dy: 0))
    case "shift+up": setLayout(layout.panned(dx: 0, dy: layout.pitch))
    case "shift+down": setLayout(layout.panned(dx: 0, dy: -layout.pitch))
    case "left": setFocused(f < 0 ? 0 : (f % layout.columns == 0 ? f : f - 1))
    case "right":
      setFocused(f < 0 ? 0 : (f % layout.columns == layout.columns - 1 ? f : f + 1))
    case "up": setFocused(f < 0 ? 0 : (f >= layout.columns ? f - layout.columns : f))
    case "down": setFocused(f < 0 ? 0 : (f + layout.columns < n ? f + layout.columns : f))
    case "space", "return", "keypad enter":
      if f >= 0 { toggle(f, cause: cause) }
    case "x":
      let target = f >= 0 ? f : pointer.hovered
      if target >= 0 { setState(target, state(target) == .mixed ? .off : .mixed, cause: cause) }
    default: break
    }
  }
}
