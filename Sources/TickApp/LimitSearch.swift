/// How `bench limit` finds the largest load a machine holds: it doubles the load while
/// frames stay within the budget, then bisects between the last load held and the first
/// one over, as MotionMark and the sprite "bunnymark"s add load until the frame rate drops.
///
/// The search is a pure function of its measure, "the p95 frame time at load N": the bench
/// measures real frames, a test gives a function of its own. It assumes the frame time grows
/// with the load; on a noisy machine a probe may say otherwise, and the answer is then the
/// largest load held among those tried near the edge.
public struct LimitSearch: Sendable {
  /// The first load tried.
  public var start: Int
  /// The most the scene can hold (its views): the search never asks for more.
  public var cap: Int
  /// The p95 frame time a load must stay within, in milliseconds.
  public var budget: Double
  /// The most loads measured, which bounds the time the search takes.
  public var maxProbes: Int
  /// The bisection stops when the first load over is within this fraction above the
  /// largest held: a twentieth, finer than two runs on a shared machine agree.
  public var precision: Double

  /// The search's settings; `start` 1,000 (as `=` in play), at most `defaultMaxProbes` probes.
  public init(
    start: Int = 1_000, cap: Int, budget: Double, maxProbes: Int = defaultMaxProbes,
    precision: Double = 0.05
  ) {
    self.start = start
    self.cap = cap
    self.budget = budget
    self.maxProbes = maxProbes
    self.precision = precision
  }

  /// The budget without `--budget`: a frame at 60 fps, in milliseconds.
  public static let defaultBudget = 16.7

  /// Frames timed a probe: 1.5 s at 60 fps, enough for a p95 that one slow frame does not
  /// decide.
  public static let probeFrames = 90

  /// Enough probes to double from 1,000 to 16 million (15) and bisect to 5 % (5), with
  /// room for the last look and a confirmation.
  public static let defaultMaxProbes = 24

  /// The share of the memory the system can give without swapping (`MemAvailable`) that
  /// the search's scene may take: the rest is left to the window's buffers, the renderer
  /// and whatever else runs beside the bench, so that the frames measured are not slowed
  /// by paging.
  public static let memoryShare = 0.5

  /// The most views a search's scene holds, up to `most`: as many as `memoryShare` of
  /// `availableBytes` takes at `bytesPerView` each, all of them animating (the load the
  /// search may reach). Without a figure for the memory (no `/proc/meminfo`), `most`.
  public static func sceneViews(availableBytes: Int?, bytesPerView: Int, most: Int) -> Int {
    guard let availableBytes, bytesPerView > 0 else { return most }
    let fits = Int(Double(availableBytes) * memoryShare) / bytesPerView
    return max(1, min(fits, most))
  }

  /// One load measured.
  public struct Probe: Equatable, Sendable {
    public var load: Int
    /// The p95 frame time at that load, in milliseconds.
    public var p95: Double
    public var held: Bool
  }

  /// What the search found.
  public struct Result: Equatable, Sendable {
    /// The largest load held; 0 when not even a single animation was.
    public var held: Int
    /// The probe of the largest load held, if any.
    public var heldProbe: Probe?
    /// The probe of the smallest load over the budget, if any (none when `capped`).
    public var over: Probe?
    /// Whether every view animating held: the machine may hold more than the scene has.
    public var capped: Bool
    /// Every probe, in the order taken.
    public var probes: [Probe]
  }

  /// Runs the search, measuring each load with `measure` (the p95 in milliseconds) and
  /// telling `progress` of each probe as it is taken.
  public func run<E: Error>(
    measure: (Int) throws(E) -> Double, progress: (Probe) -> Void = { _ in }
  ) throws(E) -> Result {
    var search = Run(self)
    while let n = search.next { progress(search.record(p95: try measure(n))) }
    return search.result
  }

  /// A search under way, a probe at a time: `next` is the load to measure, and `record`
  /// takes its p95 and picks the load after it. `run` drives it with a measure; play's
  /// limit key drives it a probe every second or so, between frames.
  public struct Run: Sendable {
    public let settings: LimitSearch
    /// The load to measure next; nil once the search is over.
    public private(set) var next: Int?
    public private(set) var probes: [Probe] = []
    private var held: Probe?
    private var over: Probe?
    /// Whether the doubling (or halving) is over and the gap is being halved.
    private var bisecting = false
    /// Whether the smallest load over has been measured again at the end (see `record`).
    private var rechecked = false

    public init(_ settings: LimitSearch) {
      self.settings = settings
      next = settings.cap > 0 ? min(max(settings.start, 1), settings.cap) : nil
    }

    /// Records `p95` (milliseconds) as the measure of `next`, and picks the load after it:
    /// up by doubling (or down by halving when the first load is already too much), then
    /// halfway between the largest held and the smallest over, and at the end the smallest
    /// over once more (once a search).
    @discardableResult
    public mutating func record(p95: Double) -> Probe {
      guard let n = next else { preconditionFailure("the search is over") }
      let q = Probe(load: n, p95: p95, held: p95 <= settings.budget)
      probes.append(q)
      if q.held {
        if q.load > held?.load ?? 0 { held = q }
        // A load over at or below one held was a burst of work from elsewhere.
        if let o = over, o.load <= q.load { over = nil }
      } else if q.load < over?.load ?? Int.max {
        over = q
      }
      guard probes.count < settings.maxProbes else {
        next = nil
        return q
      }
      next = following(q)
      if next == nil, !rechecked, let o = over {
        // One more look at the edge, seconds after it was found: on a shared machine a
        // burst of work can fail a load far below the limit, and that one probe would
        // decide the answer. If it holds now, the search carries on up from it.
        rechecked = true
        bisecting = false
        next = o.load
      }
      return q
    }

    /// The load after probe `q`, or nil when the search is done.
    private mutating func following(_ q: Probe) -> Int? {
      if !bisecting {
        if q.held && q.load == settings.cap { return nil }
        if q.held && over == nil { return min(q.load * 2, settings.cap) }
        if !q.held && held == nil && q.load > 1 { return q.load / 2 }
        bisecting = true
      }
      guard let o = over else { return nil }
      let lo = held?.load ?? 0
      guard Double(o.load - lo) > max(1, Double(lo) * settings.precision) else { return nil }
      return lo + (o.load - lo) / 2
    }

    /// What the search found so far (all of it once `next` is nil).
    public var result: Result {
      let capped = held?.load == settings.cap
      return Result(
        held: held?.load ?? 0, heldProbe: held, over: capped ? nil : over, capped: capped,
        probes: probes)
    }
  }
}
