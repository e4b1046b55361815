import Testing
import TickGeometry

@testable import TickScene

/// What the frame builder draws, vertex for vertex and index for index, over a fixed
/// corpus: looks of every built-in style and looks between them, both box shapes, with and
/// without anti-aliasing, at several sizes, and the hover, press and focus feedback at gaps
/// that leave the focus ring its full 3 px or less. Reorganising the builder must not move a
/// single vertex; a change that means to alter the picture records the new hash here.
@Suite struct FrameBuilderOutputHashTests {
  @Test func looksShapesAndFeedback() {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a's 64-bit offset basis
    func add(_ word: UInt32) { hash = (hash ^ UInt64(word)) &* 0x100_0000_01b3 }
    func add(_ mesh: Mesh) {
      add(UInt32(mesh.vertices.count))
      for v in mesh.vertices {
        for w in [
          v.x.bitPattern, v.y.bitPattern,
          UInt32(v.color.r) << 24 | UInt32(v.color.g) << 16 | UInt32(v.color.b) << 8
            | UInt32(v.color.a), v.u.bitPattern, v.v.bitPattern,
        ] {
          add(w)
        }
      }
      add(UInt32(mesh.indices.count))
      for i in mesh.indices { add(i) }
    }
    var rng = SplitMix64(seed: 29)
    var builder = FrameBuilder()
    var mesh = Mesh()
    for shape in BoxShape.allCases {
      for antialias in [true, false] {
        var style = TickStyle()
        style.shape = shape
        style.antialias = antialias
        for size in [6, 20, 50, 96] {
          for look in Self.looks(&rng) {
            let mark: FrameBuilder.Mark = rng.next() % 3 == 0 ? .radio : .tick
            let origin = Point(Float(rng.next() % 64) / 4, Float(rng.next() % 64) / 4)
            mesh.removeAll()
            builder.draw(look, at: origin, size: Float(size), style: style, mark: mark, into: &mesh)
            add(mesh)
          }
          for gap in [0, 4, 10] {
            add(Self.feedback(style: style, cell: size, gap: gap, builder: &builder))
          }
        }
      }
    }
    #expect(hash == 0xd7c9_d94f_c3c0_1f19)
  }

  /// Settled looks of every built-in style, and looks part way between two of them.
  static func looks(_ rng: inout SplitMix64) -> [Look] {
    var out: [Look] = []
    for animation in AnimationStyle.allCases {
      let settled = [ViewState.off, .on, .mixed].map { animation.look($0) }
      out += settled
      for _ in 0..<4 {
        let a = settled[Int(rng.next() % 3)]
        let b = settled[Int(rng.next() % 3)]
        let u = Float(rng.next() % 17) / 16
        var between = Look()
        between.values = a.values + (b.values - a.values) * u
        out.append(between)
      }
    }
    return out
  }

  /// Cells 0–3 of a 2×2 grid drawn plain, hovered, pressed and focused.
  static func feedback(style: TickStyle, cell: Int, gap: Int, builder: inout FrameBuilder)
    -> Mesh
  {
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 2 * (cell + gap) + gap, windowHeight: 2 * (cell + gap) + gap, cell: cell,
        gap: gap, columns: 2, rows: 2),
      style: style)
    scene.toggle(1, cause: .click)
    scene.advance(steps: 600)
    scene.pointer.hovered = 1
    scene.pointer.pressed = 2
    scene.pointer.focused = 3
    var mesh = Mesh()
    for c in 0..<4 { builder.drawCell(c, scene: scene, present: Double(scene.step), into: &mesh) }
    return mesh
  }
}
