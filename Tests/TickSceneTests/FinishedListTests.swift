import Testing

@testable import TickScene

/// Views finishing together are listed a chunk at a time: the list must grow by a factor,
/// not by each chunk, or a million finishing in one step copy it thousands of times.
@Suite struct FinishedListTests {
  @Test func roomGrowsTwofoldNotByTheChunk() {
    var list: [Int32] = []
    var grows = 0
    var capacity = list.capacity
    let chunk = Scene.retiringChunk
    for k in 1...4000 {
      ViewTimelines.reserve(&list, k * chunk)
      list.append(contentsOf: repeatElement(0, count: chunk))
      if list.capacity != capacity {
        grows += 1
        capacity = list.capacity
      }
    }
    // 4,000 chunks: about log2(4000) growths, where a chunk's worth each time made 4,000.
    #expect(grows <= 16, "\(grows) growths")
  }

  /// Every one of many views started in one step ends in one step, each settled on.
  @Test func viewsStartedTogetherAllFinishTogether() {
    var s = Scene(layout: GridLayout(windowWidth: 400, windowHeight: 300, cell: 4, gap: 0))
    #expect(s.count > 5 * Scene.retiringChunk)
    for c in 0..<s.count { s.toggle(c, cause: .stress) }
    s.advance(steps: Int(s.durationSteps) - 1)
    #expect(s.animatingCount == s.count)
    s.advance(steps: 1)
    #expect(s.animatingCount == 0)
    #expect((0..<s.count).allSatisfy { s.state($0) == .on && !s.isAnimating($0) })
  }
}
