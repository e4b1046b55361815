import TickAnimation

/// The looks a frame cache holds for one scene configuration, and where each one is.
///
/// A settled view, or one running a fresh transition (not an interruption) from one
/// settled look to another, looks the same in every cell at the same step, so it can be
/// drawn once and copied. The sheet lists: the settled looks (off, on, mixed; on with the
/// radio dot), then one frame per step of each transition kind (enter off → on, exit and
/// reverse on → off). Anything else — interruptions, mixed-state transitions, radio views
/// mid-animation, hover and focus feedback — has no cached frame and goes through the
/// direct path for that cell.
public struct SpriteSheet: Equatable, Sendable {
  /// What the sheet depends on: a change of any of these means a new sheet.
  public struct Key: Equatable, Sendable {
    public var style: TickStyle
    public var cell: Int
    public var gap: Int
    public var durationSteps: Int64

    public init(style: TickStyle, cell: Int, gap: Int, durationSteps: Int64) {
      self.style = style
      self.cell = cell
      self.gap = gap
      self.durationSteps = durationSteps
    }
  }

  public let key: Key
  /// Frames per transition kind: steps 0…durationSteps.
  public let framesPerKind: Int
  /// How many sprites, from the first, are drawn and may be used: while a sheet is being
  /// rendered only its settled looks are, and a view whose sprite is not there yet is
  /// drawn directly.
  public let available: Int
  /// How many frames from the start of every transition kind are drawn as well, beyond
  /// `available`: the frames animations that start when the sheet is made reach first.
  public let leadingFrames: Int

  public init(key: Key, available: Int? = nil, leadingFrames: Int = 0) {
    self.key = key
    framesPerKind = key.style.definition.isInstant ? 0 : Int(key.durationSteps) + 1
    self.available = min(available ?? Int.max, 4 + 3 * framesPerKind)
    self.leadingFrames = min(max(leadingFrames, 0), framesPerKind)
  }

  /// The same sheet with `n` sprites available, and the first `leadingFrames` frames of
  /// every transition kind.
  public func with(available n: Int, leadingFrames lead: Int = 0) -> SpriteSheet {
    SpriteSheet(key: key, available: n, leadingFrames: lead)
  }

  /// Whether sprite `index` is drawn and may be used.
  @inlinable public func isAvailable(_ index: Int) -> Bool {
    guard index >= 0 else { return false }
    return index < available
      || (index >= 4 && index < count && (index - 4) % framesPerKind < leadingFrames)
  }

  /// The sprites `leadingFrames` adds, frame by frame and kind by kind within a frame:
  /// the order in which animations that all start now reach them.
  public var leadingSprites: [Int] {
    (0..<leadingFrames).flatMap { f in (0..<3).map { 4 + $0 * framesPerKind + f } }
  }

  /// Whether this sheet can stand in, scaled, for the sheet of `other`: the same looks
  /// at the same indices, drawn at another size.
  public func canStandIn(for other: Key) -> Bool {
    key.style == other.style && key.durationSteps == other.durationSteps
  }

  /// Whether every sprite is available.
  public var isComplete: Bool { available == count }

  /// Sprites in all.
  public var count: Int { 4 + 3 * framesPerKind }

  /// The side of a sprite in pixels: the cell's paint rect (the cell and its share of the
  /// gap round it, where anti-aliasing fringes and overshoots may reach).
  public var spriteSize: Int { key.cell + key.gap }

  /// Where the cell sits inside its sprite.
  public var cellOffset: Int { key.gap / 2 }

  /// The sprite of a settled view.
  public func settled(_ s: ViewState, mark: FrameBuilder.Mark) -> Int {
    switch (s, mark) {
    case (.off, _): 0
    case (.on, .tick): 1
    case (.mixed, _): 2
    case (.on, .radio): 3
    }
  }

  /// The sprite of frame `frame` (0…durationSteps) of a fresh transition of `kind`.
  public func frame(_ kind: Transition.Kind, _ frame: Int) -> Int {
    let f = min(max(frame, 0), framesPerKind - 1)
    return 4 + Int(kind.rawValue) * framesPerKind + f
  }

  /// The look and mark sprite `index` shows.
  public func look(at index: Int) -> (look: Look, mark: FrameBuilder.Mark) {
    let style = key.style.definition
    switch index {
    case 0: return (style.look(.off), .tick)
    case 1: return (style.look(.on), .tick)
    case 2: return (style.look(.mixed), .tick)
    case 3: return (style.look(.on), .radio)
    default:
      let i = index - 4
      let kind = Transition.Kind(rawValue: UInt8(i / framesPerKind))!
      let u = framesPerKind > 1 ? Float(i % framesPerKind) / Float(framesPerKind - 1) : 1
      let r = ResolvedStyle(style)
      let (from, to) = kind == .enter ? (ViewState.off, ViewState.on) : (.on, .off)
      let timing = r.timing(kind)
      let l = timing.look(
        from: r.look(from), to: r.look(to), at: u,
        motion: Track.Motion(user: key.style.timing, userImpulse: nil))
      return (l, .tick)
    }
  }
}

extension Scene {
  /// The key of the sheet this scene's looks come from.
  public var spriteKey: SpriteSheet.Key {
    SpriteSheet.Key(
      style: style, cell: layout.cell, gap: layout.gap, durationSteps: durationSteps)
  }

  /// The sprite showing `cell` at fractional step `present`, or nil when no cached frame
  /// holds its look (see `SpriteSheet`) or that frame is not drawn yet.
  public func sprite(_ cell: Int, atStep present: Double, in sheet: SpriteSheet) -> Int? {
    guard let s = cachedSprite(cell, atStep: present, in: sheet), sheet.isAvailable(s) else {
      return nil
    }
    return s
  }

  private func cachedSprite(_ cell: Int, atStep present: Double, in sheet: SpriteSheet) -> Int? {
    if cell == pointer.hovered || cell == pointer.pressed || cell == pointer.focused { return nil }
    let radio = !groups.isEmpty && group(of: cell) != nil
    let r = views.records[cell].animation
    guard r.isRunning else { return sheet.settled(state(cell), mark: radio ? .radio : .tick) }
    guard r.isCached, !radio, sheet.framesPerKind > 0 else { return nil }
    return sheet.frame(r.kind, Int((present - Double(startStep(of: r))).rounded()))
  }
}
