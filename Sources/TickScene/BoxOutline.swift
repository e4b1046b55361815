import TickGeometry

/// The box's outline as an open polyline, for drawing part of it (`outlineEnd` < 1).
///
/// It starts at the top centre and runs clockwise on screen, so a growing `outlineEnd`
/// draws the outline the way a pen would. Arcs are flattened with `Tolerance`.
enum BoxOutline {
  /// The outline of a `shape` box in a `size`-px cell at origin (0, 0).
  static func polyline(_ shape: BoxShape, size: Float) -> Polyline {
    let c = Point(size / 2, size / 2)
    var pts: [Point] = []
    switch shape {
    case .circle:
      let r = Geometry.circleRadius * size
      let n = Tolerance.arcSegments(radius: r, angle: 2 * .pi)
      for i in 0...n {
        let a = -Float.pi / 2 + 2 * .pi * Float(i) / Float(n)
        pts.append(c + Point(Math.cos(a), Math.sin(a)) * r)
      }
    case .square:
      let h = Geometry.squareHalf * size
      let rc = Geometry.squareCorner * size
      let n = Tolerance.arcSegments(radius: rc, angle: .pi / 2)
      pts.append(Point(c.x, c.y - h))
      // Corner centres clockwise from top-right, each arc starting at angle -90° + 90°·k.
      let centres = [
        Point(c.x + h - rc, c.y - h + rc), Point(c.x + h - rc, c.y + h - rc),
        Point(c.x - h + rc, c.y + h - rc), Point(c.x - h + rc, c.y - h + rc),
      ]
      for (k, cc) in centres.enumerated() {
        let a0 = -Float.pi / 2 + Float(k) * .pi / 2
        for i in 0...n {
          let a = a0 + (.pi / 2) * Float(i) / Float(n)
          pts.append(cc + Point(Math.cos(a), Math.sin(a)) * rc)
        }
      }
      pts.append(Point(c.x, c.y - h))
    }
    return Polyline(pts)
  }
}
