import Testing
import TickAnimation
import TickGeometry

@testable import TickScene

/// The frame builder against a recording draw list, with a frame cache.
@Suite struct SpriteSheetTests {
  func makeScene(_ style: TickStyle = TickStyle()) -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10), style: style)
  }

  @Test func freshAnimationsAreSpritesAndInterruptionsAreGeometry() {
    var style = TickStyle()
    style.deselect = .animate
    var s = makeScene(style)
    let sheet = SpriteSheet(key: s.spriteKey)
    #expect(sheet.count == 4 + 3 * 61)
    var b = FrameBuilder()
    var list = DrawList()
    b.build(scene: &s, present: 0, into: &list, sheet: sheet)
    #expect(list.fullRedraw && list.sprites.count == s.count && list.mesh.isEmpty)

    s.toggle(3, cause: .click)
    s.advance(steps: 10)
    b.build(scene: &s, present: Double(s.step), into: &list, sheet: sheet)
    #expect(
      list.sprites == [
        .init(
          x: Int32(s.layout.paintRect(of: 3).x),
          y: Int32(s.layout.paintRect(of: 3).y), index: Int32(sheet.frame(.enter, 10)))
      ])
    #expect(list.clears.isEmpty && list.mesh.isEmpty)

    s.toggle(3, cause: .click)  // interrupts: no cached frame holds this look
    s.advance(steps: 1)
    b.build(scene: &s, present: Double(s.step), into: &list, sheet: sheet)
    #expect(list.sprites.isEmpty && list.clears == [s.layout.paintRect(of: 3)])
    #expect(!list.mesh.isEmpty)
  }

  @Test(arguments: AnimationStyle.allCases)
  func sheetFramesMatchTheScenesLooks(style: AnimationStyle) {
    var t = TickStyle()
    t.animation = style
    t.timing = .easeInEaseOut
    var s = makeScene(t)
    let sheet = SpriteSheet(key: s.spriteKey)
    s.toggle(0, cause: .click)
    for k in 0..<Int(s.durationSteps) {
      let present = Double(s.step)
      if let index = s.sprite(0, atStep: present, in: sheet) {
        #expect(sheet.look(at: index).0 == s.look(0, atStep: present), "\(style) step \(k)")
      } else {
        #expect(style == .none)
      }
      s.advance(steps: 1)
    }
  }

  @Test func overlaysAreReemittedEveryFrameForCompose() {
    var s = makeScene()
    let sheet = SpriteSheet(key: s.spriteKey)
    var b = FrameBuilder()
    var list = DrawList()
    b.build(scene: &s, present: 0, into: &list, sheet: sheet)
    let r = s.layout.rect(of: 5)
    s.handle(.move(x: Float(r.x) + 20, y: Float(r.y) + 20))
    for frame in 0..<3 {
      b.build(scene: &s, present: 0, into: &list, sheet: sheet, overlaysEveryFrame: true)
      // Cleared once, when it became hovered; drawn over the composed frame every frame.
      #expect(list.clears == (frame == 0 ? [s.layout.paintRect(of: 5)] : []), "frame \(frame)")
      #expect(!list.mesh.isEmpty && list.sprites.isEmpty, "frame \(frame)")
    }
    b.build(scene: &s, present: 0, into: &list, sheet: sheet)
    #expect(list.isEmpty)  // the direct and atlas paths keep it in the backing store
  }
}

/// Which sprites a sheet being rendered offers: the first `available`, and the first
/// `leadingFrames` frames of every transition kind.
@Suite struct SpriteSheetAvailabilityTests {
  static let key = SpriteSheet.Key(style: TickStyle(), cell: 20, gap: 4, durationSteps: 9)

  @Test func leadingFramesAreAvailableInEveryKind() {
    let sheet = SpriteSheet(key: Self.key, available: 4, leadingFrames: 3)
    #expect(sheet.framesPerKind == 10 && sheet.count == 34)
    let available = (0..<sheet.count).filter { sheet.isAvailable($0) }
    #expect(available == [0, 1, 2, 3, 4, 5, 6, 14, 15, 16, 24, 25, 26])
    #expect(sheet.leadingSprites == [4, 14, 24, 5, 15, 25, 6, 16, 26])
    #expect(!sheet.isComplete && !sheet.isAvailable(34) && !sheet.isAvailable(-1))
    let whole = sheet.with(available: sheet.count, leadingFrames: 3)
    #expect(whole.isComplete && (0..<whole.count).allSatisfy { whole.isAvailable($0) })
  }

  /// A view whose transition frame is a leading one is a sprite; one past them is not.
  @Test func aViewUsesALeadingFrameBeforeTheSheetIsComplete() {
    var scene = Scene(layout: GridLayout(windowWidth: 200, windowHeight: 100, cell: 20, gap: 4))
    let sheet = SpriteSheet(key: scene.spriteKey, available: 4, leadingFrames: 3)
    scene.toggle(2, cause: .click)
    let start = Double(scene.step)
    #expect(scene.sprite(2, atStep: start + 2, in: sheet) == sheet.frame(.enter, 2))
    #expect(scene.sprite(2, atStep: start + 3, in: sheet) == nil)
    #expect(scene.sprite(0, atStep: start + 3, in: sheet) == sheet.settled(.off, mark: .tick))
  }
}
