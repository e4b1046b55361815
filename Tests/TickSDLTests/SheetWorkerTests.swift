import Foundation
import TestSupport
import Testing
import TickGeometry
import TickScene

@testable import TickFrame
@testable import TickSDL

/// Sheets rendered on the worker's thread: frames go on without them, drawing the views
/// whose sprites are missing directly, and take them in whole when they are ready.
///
/// No window is needed: the worker and `SheetPixels` make no SDL call (the atlas around
/// them only uploads what they rendered).
@Suite struct SheetWorkerTests {
  static func makeScene() -> Scene {
    Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 50, gap: 10))
  }

  /// One frame as the presenter builds it with `sheet`.
  static func frame(
    _ scene: inout Scene, _ builder: inout FrameBuilder, sheet: SpriteSheet
  ) -> DrawList {
    var changes = SceneChanges()
    scene.takeChanges(into: &changes)
    var list = DrawList()
    builder.build(
      scene, changes: changes, full: false, present: Double(scene.step), sheet: sheet,
      into: &list)
    return list
  }

  /// How long the held worker and the wait for its sheet may take, in seconds.
  static let gateDeadline = 900.0

  /// With a renderer that cannot finish until the test lets it, the first frames find the
  /// settled looks and the leading frames only: an animating view is a sprite while its
  /// frame is a leading one, then tessellated, never waited for. Once the worker is let
  /// go, a later frame finds the whole sheet and draws that view as a sprite again. The
  /// swapped-in sprites are those a synchronous render gives, the ones drawn early
  /// unchanged by the swap.
  @Test func framesDrawWithoutTheSheetUntilTheWorkerHasIt() throws {
    let gate = Gate()
    // The gate holds the worker until the test opens it, however long the frames before
    // take on a loaded machine (a full suite on two cores took minutes here): the
    // deadline is only a guard against a test that never opens it, which the defer does.
    let worker = SheetWorker { job in
      guard gate.waitOpen(seconds: Self.gateDeadline) else { return nil }
      return SheetWorker.renderOnCPU(job)
    }
    defer {
      gate.open()
      worker.stop()
    }
    var scene = Self.makeScene()
    let full = SpriteSheet(key: scene.spriteKey)
    let layout = SpriteSheetLayout(sheet: full, maxWidth: 4096)
    let image = SheetPixels(sheet: full, layout: layout, worker: worker)
    let lead = image.sheet.leadingFrames
    try #require(lead > 0 && lead + 4 < full.framesPerKind)
    let early = (0..<SheetPixels.settledCount) + image.sheet.leadingSprites
    let before = early.map { Self.sprite($0, of: image) }
    var builder = FrameBuilder()
    _ = Self.frame(&scene, &builder, sheet: image.sheet)
    scene.toggle(3, cause: .click)
    for k in 1...(lead + 4) {
      scene.advance(steps: 1)
      #expect(!image.poll())
      let list = Self.frame(&scene, &builder, sheet: image.sheet)
      #expect(image.sheet.available == SheetPixels.settledCount)
      if k < lead {
        #expect(list.sprites.count == 1 && list.mesh.isEmpty, "frame \(k) is a leading one")
      } else {
        #expect(list.sprites.isEmpty && !list.mesh.isEmpty, "frame \(k) is tessellated")
      }
    }
    gate.open()
    #expect(waitUntil(timeout: Self.gateDeadline) { image.poll() })
    scene.advance(steps: 1)
    let list = Self.frame(&scene, &builder, sheet: image.sheet)
    #expect(image.isComplete)
    #expect(list.sprites.count == 1 && list.mesh.isEmpty, "the animating view is a sprite")
    // Sprite by sprite, not the whole image: the layout's last row has slots no sprite
    // fills (187 sprites in 14 × 14 here), left as the allocator gave them, and a heap
    // that has held other large images gives each buffer different bytes there.
    let reference = SheetPixels(sheet: full, layout: layout, worker: nil)
    let differing = (0..<full.count).filter {
      Self.sprite($0, of: image) != Self.sprite($0, of: reference)
    }
    #expect(differing.isEmpty, "sprites unlike a synchronous render")
    #expect(early.map { Self.sprite($0, of: image) } == before, "the early sprites are kept")
  }

  /// Sprite `index`'s pixels, row by row.
  static func sprite(_ index: Int, of image: SheetPixels) -> [UInt32] {
    let l = image.layout
    let o = l.origin(of: index)
    var rows: [UInt32] = []
    for y in 0..<l.spriteSize {
      let start = (o.y + y) * l.width + o.x
      rows += image.pixels[start..<(start + l.spriteSize)]
    }
    return rows
  }

  /// While the worker is busy, the newest job waiting goes next, and a job whose sheet
  /// was dropped (its `SheetPixels` gone, as an evicted atlas's) is never rendered.
  @Test func theNewestJobGoesFirstAndDroppedOnesNever() {
    let gate = Gate()
    let order = Order()
    let worker = SheetWorker { job in
      order.append(job.sheet.key.cell)
      guard gate.waitOpen(seconds: 60) else { return nil }
      return SheetWorker.renderOnCPU(job)
    }
    defer { worker.stop() }
    func pixels(cell: Int) -> SheetPixels {
      // Long enough that the leading frames leave the worker something to render.
      let key = SpriteSheet.Key(style: TickStyle(), cell: cell, gap: 2, durationSteps: 60)
      let sheet = SpriteSheet(key: key)
      return SheetPixels(
        sheet: sheet, layout: SpriteSheetLayout(sheet: sheet, maxWidth: 4096), worker: worker)
    }
    let first = pixels(cell: 10)
    // The worker holds the first job before the others arrive.
    #expect(waitUntil(timeout: 60) { order.cells == [10] })
    var dropped: SheetPixels? = pixels(cell: 11)
    let newest = pixels(cell: 12)
    #expect(dropped != nil)
    dropped = nil
    gate.open()
    #expect(waitUntil(timeout: 60) { first.poll() })
    #expect(waitUntil(timeout: 60) { newest.poll() })
    #expect(order.cells == [10, 12])
  }
}

/// A gate a fake renderer waits at until the test opens it.
final class Gate: @unchecked Sendable {
  private let condition = NSCondition()
  private var isOpen = false

  func open() {
    condition.lock()
    isOpen = true
    condition.broadcast()
    condition.unlock()
  }

  /// Waits until the gate is open; false if it was not within `seconds`.
  func waitOpen(seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while !isOpen, condition.wait(until: deadline) {}
    return isOpen
  }
}

/// The cells of the sheets a fake renderer was asked for, in order.
final class Order: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [Int] = []

  func append(_ cell: Int) { lock.withLock { list.append(cell) } }
  var cells: [Int] { lock.withLock { list } }
}
