import TickAnimation

extension Scene {
  /// Applies one input event at the current step. Returns false for `.quit`.
  ///
  /// A resize lays the grid out in the new window, less what is docked; Home returns to
  /// the first cell size, centred.
  /// A left press dims the view under it; the release toggles it only when it is over the
  /// same view, as UIKit's touch-up-inside does. Arrows and Tab move a focus ring; Space
  /// and Enter toggle the focused view; X sets it (or the hovered one) to mixed and back.
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
      let target = pointer.pressed
      setPressed(-1)
      pointer.leftDown = false
      if pointer.painting {
        pointer.painting = false
      } else if target >= 0, layout.cellShown(atX: x, y: y) == target {
        toggle(target, cause: cause)
      }
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
      if pointer.leftDown && !pointer.painting && cell != pointer.pressed {
        // Leaving the pressed view cancels its click (touch-up-inside) and starts painting.
        pointer.painting = true
        pointer.lastPainted = pointer.pressed
        setPressed(-1)
      }
      if pointer.painting && cell >= 0 && cell != pointer.lastPainted {
        pointer.lastPainted = cell
        paint(cell, cause: cause)
      }
    case .key(let name):
      handleKey(name, cause: cause == .click ? .key : cause)
    case .quit:
      return false
    }
    return true
  }

  /// Adds a radio group. Cells outside the grid are ignored; if several of its views are
  /// on, the first stays on and the rest clear at once; with `keepOne` and none on, the
  /// first view is selected. None of this fires events: it is set-up, not a change.
  public mutating func addGroup(_ g: RadioGroup) {
    var g = g
    g.columns = max(0, min(g.columns, layout.columns - g.column))
    g.rows = max(0, min(g.rows, layout.rows - g.row))
    guard g.columns > 0, g.rows > 0 else { return }
    g.selected = -1
    for r in g.row..<(g.row + g.rows) {
      for c in g.column..<(g.column + g.columns) {
        let cell = r * layout.columns + c
        guard state(cell) == .on else { continue }
        if g.selected < 0 {
          g.selected = Int32(cell)
        } else {
          stopAnimation(cell)
          forceState(cell, .off)
        }
      }
    }
    if g.keepOne && g.selected < 0 {
      let first = g.row * layout.columns + g.column
      stopAnimation(first)
      forceState(first, .on)
      g.selected = Int32(first)
    }
    groups.append(g)
    changedEverything = true
  }

  /// The index in `groups` of the group holding `cell`, if any. O(groups).
  public func group(of cell: Int) -> Int? {
    guard !groups.isEmpty else { return nil }
    let (c, r) = layout.position(of: cell)
    return groups.firstIndex { $0.contains(column: c, row: r) }
  }

  /// After `changed` changed, keeps group `g` exclusive: the others play their off
  /// animation (the style's own, whatever `--deselect` says).
  mutating func keepExclusive(_ g: Int, changed: Int, cause: ValueChange.Cause) {
    let previous = Int(groups[g].selected)
    if state(changed) == .on {
      groups[g].selected = Int32(changed)
      if previous >= 0, previous != changed, state(previous) == .on {
        let old = state(previous)
        transition(previous, to: .off, kind: style.definition.isInstant ? nil : .exit)
        markDirty(previous)
        let (c, r) = layout.position(of: previous)
        events.append(
          ValueChange(
            cell: previous, column: c, row: r, old: old, new: .off, cause: cause, step: step))
      }
    } else if previous == changed {
      groups[g].selected = -1
    }
  }

  // MARK: - Private

  /// A paint drag enters `cell`: the first view toggles, the rest take its new state. A
  /// radio group that keeps one selected keeps it, as a click would.
  private mutating func paint(_ cell: Int, cause: ValueChange.Cause) {
    guard let s = pointer.paintState else {
      toggle(cell, cause: cause)
      pointer.paintState = state(cell)
      return
    }
    if s != .on, state(cell) == .on, let g = group(of: cell), groups[g].keepOne { return }
    setState(cell, s, cause: cause)
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
