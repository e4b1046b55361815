import TickAnimation
import TickFiles
import TickFrame
import TickScene

/// What the HUD shows, kept free of SDL: frame-time history and the text lines.
///
/// Frame times go into a ring of the last 240 frames (the graph); fps, p50 and p99 are
/// computed over the frames of the last second. Nothing here allocates per frame except
/// `lines` and `compactFields`, which the caller rebuilds only in a frame where what they
/// show changed (`Shown`), and a few times a second for the timing figures.
public struct HUDModel: Sendable {
  /// How many frames the graph shows.
  public static let graphFrames = 240

  /// Frame times in seconds, oldest first once full; `graphIndex` is the next slot.
  public private(set) var frameTimes: [Double]
  public private(set) var graphIndex = 0
  public private(set) var recorded = 0
  /// Wall-clock seconds of each recorded frame's end, parallel to `frameTimes`.
  private var stamps: [Double]
  private var scratch: [Double] = []

  public init() {
    frameTimes = Array(repeating: 0, count: Self.graphFrames)
    stamps = Array(repeating: -.infinity, count: Self.graphFrames)
    scratch.reserveCapacity(Self.graphFrames)
  }

  /// Records one frame that took `seconds` and ended at wall time `now`.
  public mutating func record(frame seconds: Double, at now: Double) {
    frameTimes[graphIndex] = seconds
    stamps[graphIndex] = now
    graphIndex = (graphIndex + 1) % Self.graphFrames
    recorded += 1
  }

  /// Frames per second, p50 and p99 frame time (seconds) over the second before `now`.
  public mutating func lastSecond(at now: Double) -> (fps: Int, p50: Double, p99: Double) {
    scratch.removeAll(keepingCapacity: true)
    for i in 0..<Self.graphFrames where stamps[i] > now - 1 { scratch.append(frameTimes[i]) }
    guard !scratch.isEmpty else { return (0, 0, 0) }
    scratch.sort()
    return (
      scratch.count, Percentile.of(sorted: scratch, 0.5), Percentile.of(sorted: scratch, 0.99)
    )
  }

  /// The figures the text lines show.
  public struct Figures: Sendable {
    public var fps = 0
    public var p50 = 0.0
    public var p99 = 0.0
    public var views = 0
    public var visible = 0
    /// A view's side on screen in pixels: below 1 in an overview.
    public var cell = 0.0
    public var selected = 0
    public var animating = 0
    /// The animations the load keeps running (`--load`, `-` and `=`); 0 when off.
    public var load = 0
    /// The last frame's own figures, as the presenter reported them.
    public var frame = FrameReport()
    public var timeScale = 1.0
    public var paused = false
    /// The live settings: style (its name and file, or "gallery"), timing curve,
    /// deselect mode.
    public var style = "stroke"
    public var curve = "linear"
    public var deselect = "instant"

    public init() {}
  }

  /// What one drawn frame reports, free of SDL: where its time went and what it drew.
  public struct FrameReport: Sendable {
    /// Where the frame's time went, as the presenter reported it.
    public var timings = FrameTimings()
    public var triangles = 0
    public var vertices = 0
    public var bytesUploaded = 0
    /// The running path, and why it differs from the one asked for.
    public var path = "direct"
    public var renderer = ""

    public init() {}
  }

  /// The figures the text shows, as last refreshed.
  public private(set) var figures = Figures()

  /// Refreshes the figures from the scene, the last frame and the clock, at wall time
  /// `now`; `styleFile` is the file the scene's style was read from (nil: built in).
  /// The rolling timing figures (fps, p50, p99 and the frame's own, which change every
  /// frame) are taken only when `timings` is true, a few times a second: no faster than
  /// a reader reads. Otherwise they stay as they were, and the rest (counts, settings,
  /// the path) is taken, so a change shows in the frame it happens.
  public mutating func refresh(
    at now: Double, scene: Scene, frame: FrameReport, timeScale: Double, paused: Bool,
    styleFile: String? = nil, timings: Bool = true, load: Int = 0
  ) {
    var f = Figures()
    if timings {
      (f.fps, f.p50, f.p99) = lastSecond(at: now)
      f.frame = frame
    } else {
      (f.fps, f.p50, f.p99) = (figures.fps, figures.p50, figures.p99)
      f.frame = figures.frame
      f.frame.path = frame.path
      f.frame.renderer = frame.renderer
    }
    f.views = scene.count
    f.visible = scene.layout.visibleCount
    f.cell = scene.layout.screenCell
    f.selected = scene.selectedCount
    f.animating = scene.animatingCount
    f.load = load
    f.timeScale = timeScale
    f.paused = paused
    f.style =
      scene.animation(ofRow: 1) != scene.style.animation
      ? "gallery" : scene.style.label(file: styleFile)
    f.curve = scene.style.timing.argument
    f.deselect = scene.style.deselect.rawValue
    figures = f
  }

  /// The HUD's text for the current figures.
  public var lines: [String] { Self.lines(figures) }

  /// The HUD's text, one string per line. Each line's longest figures (counts of millions,
  /// a 10-digit triangle count) fit the panel's width (`HUDMode.panelWidth`); a longer
  /// name (a style file's, a curve's) is cut with an ellipsis where it is drawn, never
  /// wrapped.
  public static func lines(_ f: Figures) -> [String] {
    var lines = [
      "\(f.fps) fps  p50 \(ms(f.p50)) p99 \(ms(f.p99))",
      "views \(count(f.views))",
      "visible \(count(f.visible))  cell \(cellText(f.cell))",
      "selected \(count(f.selected))",
      "animating \(count(f.animating))",
      "tris \(count(f.frame.triangles))  verts \(count(f.frame.vertices))",
      "build \(ms(f.frame.timings.build))  compose \(ms(f.frame.timings.compose))",
      "submit \(ms(f.frame.timings.submit))  up \(bytes(f.frame.bytesUploaded))",
    ]
    lines += pathLines(f.frame.path)
    lines += [
      "renderer \(f.frame.renderer)",
      "style \(f.style)",
      "curve \(f.curve)",
      "deselect \(f.deselect)",
      timeText(f),
    ]
    if let load = loadText(f) { lines.insert(load, at: 1) }
    return lines
  }

  /// The path's line, and the note on it (after " — ": why it differs from the one asked
  /// for, a switch under way) on a line of its own below, indented.
  static func pathLines(_ path: String) -> [String] {
    let parts = path.split(separator: " — ", maxSplits: 1)
    guard parts.count == 2 else { return ["path \(path)"] }
    return ["path \(parts[0])", "  \(parts[1])"]
  }

  /// The compact strip's one line: the figures a user watches and the live settings.
  public var compactLine: String { Self.compactLine(figures) }

  /// The compact strip's line for `f`.
  public static func compactLine(_ f: Figures) -> String {
    compactFields(f).map { $0.forms[0] }.filter { !$0.isEmpty }
      .joined(separator: CompactStrip.separator)
  }

  /// The compact strip's fields, as last refreshed.
  public var compactFields: [CompactField] { Self.compactFields(figures) }

  /// The compact strip's fields for `f`, in the order shown, each with its shorter forms
  /// for a narrow window (`CompactStrip.fit`; the order they give way in is
  /// `CompactStrip.givesWay`).
  public static func compactFields(_ f: Figures) -> [CompactField] {
    let normalTime = f.timeScale == 1 && !f.paused
    return [
      CompactField(.fps, ["\(f.fps) fps"]),
      CompactField(.load, compactLoad(f)),
      CompactField(.views, ["\(count(f.views)) views"]),
      CompactField(.style, CompactField.cut(f.style, before: [" ("])),
      CompactField(.curve, CompactField.cut(f.curve, before: ["("])),
      CompactField(.deselect, [f.deselect]),
      CompactField(.time, normalTime ? [timeText(f), ""] : [timeText(f)]),
      CompactField(.path, CompactField.cut(f.frame.path, before: [" — ", " ("])),
    ]
  }

  /// The load, under the fps in the full panel when one is set: its target and the
  /// animations actually running, "load 1,000 (987 running)"; past the panel's width
  /// (`panelColumns`, reached above ten million) "running" shortens to "run".
  static func loadText(_ f: Figures) -> String? {
    guard f.load > 0 else { return nil }
    let text = "load \(count(f.load)) (\(count(f.animating)) running)"
    return text.count <= panelColumns ? text : "load \(count(f.load)) (\(count(f.animating)) run)"
  }

  /// The characters a line of the full panel holds inside its padding
  /// (`HUDMode.panelWidth`).
  static let panelColumns = 34

  /// The load in the compact strip, when one is set: "load 1,000 (987 running)", then
  /// "987/1,000 load"; hidden when off.
  static func compactLoad(_ f: Figures) -> [String] {
    guard let long = loadText(f) else { return [""] }
    return [long, "\(count(f.animating))/\(count(f.load)) load"]
  }

  /// The time scale, and whether time is paused: "time ×1", "time ×0.1  paused".
  static func timeText(_ f: Figures) -> String {
    "time ×\(f.timeScale == 1 ? "1" : Decimals.text(f.timeScale, places: 2))"
      + (f.paused ? "  paused" : "")
  }

  // MARK: - Formatting without Foundation

  /// A view's side on screen: whole pixels as such ("12 px"); a fraction with one decimal
  /// above a pixel, two below it and three below a tenth ("2.6 px", "0.37 px",
  /// "0.048 px"), without trailing zeros ("0.8 px").
  static func cellText(_ px: Double) -> String {
    guard px != px.rounded() else { return "\(Int(px)) px" }
    var t = Decimals.text(px, places: px < 0.1 ? 3 : px < 1 ? 2 : 1)
    while t.hasSuffix("0") { t.removeLast() }
    if t.hasSuffix(".") { t.removeLast() }
    return t + " px"
  }

  /// Milliseconds with one decimal, from seconds.
  static func ms(_ seconds: Double) -> String { Decimals.text(seconds * 1000, places: 1) + " ms" }

  /// A count with thousands separators: 1,000,000.
  static func count(_ n: Int) -> String {
    var digits = String(abs(n))
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return (n < 0 ? "-" : "") + digits + out
  }

  /// Bytes as B, KB or MB with one decimal.
  static func bytes(_ n: Int) -> String {
    if n < 1024 { return "\(n) B" }
    if n < 1 << 20 { return Decimals.text(Double(n) / 1024, places: 1) + " KB" }
    return Decimals.text(Double(n) / Double(1 << 20), places: 1) + " MB"
  }

}
