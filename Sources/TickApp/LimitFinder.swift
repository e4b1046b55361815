import TickFiles
import TickScene

/// Play's limit key (L): `bench limit`'s search run live, a probe at a time between
/// frames. Each probe holds a load (`Controls.load`) for a transition and a half, so that
/// the views that join spread their phases, then takes the p95 of the next
/// `LimitSearch.probeFrames` frames' work (what the HUD's frame times count).
///
/// It reads wall time through the frame times it is given, so a replay does not replay it
/// (`Controls.replay`), and the load it leaves is not in a recording.
public struct LimitFinder: Sendable {
  public private(set) var search: LimitSearch.Run
  /// Frames still to run before the probe's frames count.
  private var warmupLeft: Int
  private var samples: [Double] = []
  /// Frames of warm-up a probe: a transition and a half at 60 fps.
  private let warmupFrames: Int
  /// The load before the search, given back when it ends without a result.
  public let loadBefore: Int

  /// A search over the views of `scene`, from `load`, within `budget` ms.
  public init(scene: Scene, load: Int, budget: Double) {
    search = LimitSearch.Run(LimitSearch(cap: scene.count, budget: budget))
    let transition = Double(scene.durationSteps) / Double(scene.hz)
    warmupFrames = Int((transition * 1.5 * Self.framesPerSecond).rounded(.up))
    warmupLeft = warmupFrames
    loadBefore = load
  }

  /// The frame rate the warm-up is counted in (play paces itself to 60 fps).
  static let framesPerSecond = 60.0

  /// The load to hold now; nil once the search is over.
  public var load: Int? { search.next }

  /// Records one frame's work, in milliseconds; the probe when this frame completes one.
  public mutating func frame(ms: Double) -> LimitSearch.Probe? {
    guard search.next != nil else { return nil }
    if warmupLeft > 0 {
      warmupLeft -= 1
      return nil
    }
    samples.append(ms)
    guard samples.count == LimitSearch.probeFrames else { return nil }
    let probe = search.record(p95: Percentile.of(samples, 0.95))
    samples.removeAll(keepingCapacity: true)
    warmupLeft = warmupFrames
    return probe
  }

  /// The toast for `probe`: how the search goes, or its answer once it is over.
  public func feedback(after probe: LimitSearch.Probe) -> String {
    let p95 = Decimals.text(probe.p95, places: 1)
    guard search.next == nil else {
      return "limit: \(HUDModel.count(probe.load)) \(probe.held ? "held" : "over") "
        + "(p95 \(p95) ms); next \(HUDModel.count(search.next ?? 0))"
    }
    let r = search.result
    return "limit: \(HUDModel.count(r.held)) animations held within "
      + "\(Decimals.text(search.settings.budget, places: 1)) ms"
      + (r.capped ? " (every view)" : "")
  }
}
