import TickGeometry

extension Scene {
  /// The least span two pinching fingers are taken to have, in window pixels: fingers that
  /// land together (or a script's at one point) would otherwise zoom by a ratio to zero.
  /// A fingertip's contact is wider than this, so no real pinch is cut.
  static let pinchMinimumSpan: Float = 8

  /// A finger's event, in window pixels.
  ///
  /// - A finger that lands is a stroke of its own, as the mouse's left button: lifted over
  ///   the view it landed on it toggles it (a tap), and dragged to another view it paints.
  ///   Several fingers paint at once, each with the state its own first view took.
  /// - A second finger that lands while the only other finger has not begun to paint
  ///   makes a pinch of the two: the first finger's press is cancelled, and the grid zooms
  ///   by the wheel's notches as the fingers' span grows or shrinks (`Touches.Pinch`),
  ///   about their midpoint, and pans as the midpoint moves. When either lifts the pinch
  ///   ends, and the other does nothing until it lifts; so does a finger that lands during
  ///   a pinch.
  /// - A finger id already down, an unknown one moving or lifting, and fingers beyond
  ///   `Touches.maxFingers` are ignored.
  mutating func handleFinger(
    _ phase: FingerPhase, id: Int64, at p: Point, cause: ValueChange.Cause
  ) {
    guard p.isFinite else { return }
    switch phase {
    case .down: fingerDown(id, at: p)
    case .move: fingerMoved(id, to: p, cause: cause)
    case .up: fingerUp(id, at: p, cause: cause)
    }
  }

  private mutating func fingerDown(_ id: Int64, at p: Point) {
    var t = pointer.touches
    guard t.index(of: id) == nil, t.fingers.count < Touches.maxFingers else { return }
    if t.pinch != nil {
      t.fingers.append(Touches.Finger(id: id, at: p, role: .idle))
    } else if t.fingers.count == 1, case .stroke(var first) = t.fingers[0].role,
      !first.painting
    {
      cancelPress(of: &first)
      t.fingers[0].role = .pinching
      t.fingers.append(Touches.Finger(id: id, at: p, role: .pinching))
      let a = t.fingers[0].at
      t.pinch = Touches.Pinch(
        anchorSpan: Self.span(a, p), panFrom: Point((a.x + p.x) / 2, (a.y + p.y) / 2))
    } else {
      let stroke = beginStroke(at: layout.cellShown(atX: p.x, y: p.y))
      t.fingers.append(Touches.Finger(id: id, at: p, role: .stroke(stroke)))
    }
    pointer.touches = t
  }

  private mutating func fingerMoved(_ id: Int64, to p: Point, cause: ValueChange.Cause) {
    guard let i = pointer.touches.index(of: id) else { return }
    pointer.touches.fingers[i].at = p
    switch pointer.touches.fingers[i].role {
    case .stroke(var stroke):
      reached(layout.cellShown(atX: p.x, y: p.y), by: &stroke, cause: cause)
      pointer.touches.fingers[i].role = .stroke(stroke)
    case .pinching:
      pinchMoved()
    case .idle:
      break
    }
  }

  private mutating func fingerUp(_ id: Int64, at p: Point, cause: ValueChange.Cause) {
    guard let i = pointer.touches.index(of: id) else { return }
    let finger = pointer.touches.fingers.remove(at: i)
    switch finger.role {
    case .stroke(var stroke):
      endStroke(&stroke, at: layout.cellShown(atX: p.x, y: p.y), cause: cause)
    case .pinching:
      pointer.touches.pinch = nil
      for k in pointer.touches.fingers.indices {
        if case .pinching = pointer.touches.fingers[k].role {
          pointer.touches.fingers[k].role = .idle
        }
      }
    case .idle:
      break
    }
  }

  /// One of the pinch's fingers moved: the grid pans by the midpoint's motion, then zooms
  /// about the new midpoint by the whole notches the span has grown or shrunk by since the
  /// last notch — a notch once the ratio passes halfway (in ratio) to the next one.
  private mutating func pinchMoved() {
    guard var pinch = pointer.touches.pinch else { return }
    let pair = pointer.touches.fingers.filter {
      if case .pinching = $0.role { return true }
      return false
    }
    guard pair.count == 2 else { return }
    let a = pair[0].at
    let b = pair[1].at
    let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
    pinch.panFrom = panned(from: pinch.panFrom, to: mid)
    let notches = pinch.notches(toSpan: Self.span(a, b), factor: Self.zoomFactor)
    if notches != 0 {
      zoom(by: Float(notches), around: mid.x, y: mid.y)
      pinch.panFrom = mid  // the zoom keeps the midpoint still: the pan goes on from it
    }
    pointer.touches.pinch = pinch
  }

  /// The distance between two fingers, at least `pinchMinimumSpan`.
  static func span(_ a: Point, _ b: Point) -> Float {
    let dx = a.x - b.x
    let dy = a.y - b.y
    return max((dx * dx + dy * dy).squareRoot(), pinchMinimumSpan)
  }
}

extension Touches.Pinch {
  /// The most notches one motion zooms by, as the wheel's `zoom(by:)` takes at most.
  static let maxNotchesPerMotion = 20

  /// The whole notches (of `factor` each) the span has moved since the last notch, and the
  /// anchor moved on by them: a notch in once the span reaches √factor times the anchor,
  /// a notch out at 1/√factor, so a pinch back and forth by less than half a notch zooms
  /// nothing.
  mutating func notches(toSpan span: Float, factor: Float) -> Int {
    var n = 0
    while span * span >= anchorSpan * anchorSpan * factor, n < Self.maxNotchesPerMotion {
      anchorSpan *= factor
      n += 1
    }
    while span * span * factor <= anchorSpan * anchorSpan, n > -Self.maxNotchesPerMotion {
      anchorSpan /= factor
      n -= 1
    }
    return n
  }
}
