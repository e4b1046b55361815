import Testing
import TickFrame
import TickScene
import TickThreads

@testable import TickSDL
@testable import tickplay

/// The overview painted in bands over 1, 2, 3 or 4 threads gives the same bytes: each band
/// writes its own rows from the same renderer, so the number of threads (`--threads`)
/// changes no pixel.
@Suite struct OverviewThreadsTests {
  @Test func everyThreadCountPaintsTheSameFrame() {
    // 300 × 200 views of 1 px in a 320 × 240 window: every view shows, at the overview's
    // smallest level of detail, with animations mid-way.
    var scene = Scene(
      layout: GridLayout(
        windowWidth: 320, windowHeight: 240, cell: 8, gap: 0, columns: 300, rows: 200
      ).fitted(cells: Scene.zoomLimits, gap: 0, atCell: 8))
    #expect(scene.layout.isOverview)
    scene.applyInitialSelection(.random(0.5), animate: true, seed: 7, stagger: 3)
    scene.advance(steps: 20)
    let sheet = SpriteSheet(key: scene.spriteKey)
    let lod = BenchOverview.lod(sheet)
    let (w, h) = (scene.layout.windowWidth, scene.layout.windowHeight)
    var frames: [[UInt32]] = []
    for threads in 1...4 {
      let painter = OverviewPainter(pool: WorkerPool(threads: threads))
      var frame = [UInt32](repeating: 0, count: w * h)
      frame.withUnsafeMutableBufferPointer { f in
        if let base = f.baseAddress {
          painter.paint(
            scene, present: Double(scene.step) + 0.5, sheet: sheet, lod: lod, frame: base,
            width: w, height: h)
        }
      }
      #expect(painter.bandCount == threads)
      frames.append(frame)
    }
    #expect(Set(frames[0]).count > 2, "views of several colours, not the background alone")
    for k in 1..<frames.count { #expect(frames[k] == frames[0], "\(k + 1) threads") }
  }
}
