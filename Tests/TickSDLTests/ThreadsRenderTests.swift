import Foundation
import TestSupport
import Testing

/// `render` gives the same picture for any `--threads`: a scene large enough that each step
/// retires its ranges on the pool's threads (`Scene.parallelRetireMinimum` views finishing
/// a step and more), with rain interrupting animations and a replayed click.
@Suite struct ThreadsRenderTests {
  /// 90,000 views of 2 px, all kept animating by the load, with transitions of 12 steps:
  /// 7,500 views finish each step.
  static let scene = [
    "render", "--window", "640x640", "--grid", "300x300", "--cell", "2", "--gap", "0",
    "--duration", "0.1", "--load", "90000", "--rain", "3000", "--seed", "4", "--time", "1.3",
  ]

  @Test func oneTwoAndFourThreadsRenderAlike() throws {
    let dir = Tickplay.temporaryDirectory("threads-render")
    var pictures: [Data] = []
    for threads in [1, 2, 4] {
      let png = dir.appendingPathComponent("t\(threads).png").path
      let r = try Tickplay.run(
        Self.scene + ["--threads", "\(threads)", "--out", png], timeout: 120)
      #expect(r.status == 0, "\(r.stderr)")
      pictures.append(FileManager.default.contents(atPath: png) ?? Data())
    }
    #expect(!pictures[0].isEmpty)
    #expect(pictures[1] == pictures[0])
    #expect(pictures[2] == pictures[0])
  }
}
