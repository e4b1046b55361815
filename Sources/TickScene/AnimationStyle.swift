import TickAnimation

/// The animation styles of `--animation`: the seed's stroke, BEMCheckBox's and
/// M13Checkbox's styles, and none.
///
/// Each style is data: a settled look for each state and a `Timing` for entering a
/// selected state and for leaving it. What is drawn at any moment is a pure function of
/// those, the transition's start look and its normalised time.
public enum AnimationStyle: String, CaseIterable, Sendable {
  case stroke, fill, bounce, flat
  case oneStroke = "one-stroke"
  case fade, expand, spiral, dot, none

  /// The style's settled look for `state`.
  public func look(_ state: ViewState) -> Look { definition.look(state) }

  /// How properties move toward `on` or `mixed`.
  public var enter: Timing { definition.enter }
  /// How properties move toward `off` (`--deselect animate`).
  public var exit: Timing { definition.exit }
  /// Whether transitions are instant.
  public var isInstant: Bool { self == .none }

  /// One line for the README and `--help`: what moves.
  public var summary: String { definition.summary }
}

/// A `Track` for every `Look.Property`.
public struct Timing: Equatable, Sendable {
  public var tracks: [Track]

  /// Every property on `base`, except those named.
  public init(_ base: Track = .atStart, _ overrides: KeyValuePairs<Look.Property, Track> = [:]) {
    tracks = Array(repeating: base, count: Look.Property.allCases.count)
    for (p, t) in overrides { tracks[p.rawValue] = t }
  }

  @inlinable public subscript(_ p: Look.Property) -> Track { tracks[p.rawValue] }

  /// The presented look at normalised time `u` of a transition from `from` to `to`.
  public func look(from: Look, to: Look, at u: Float, motion: Track.Motion) -> Look {
    var out = to
    for i in 0..<tracks.count {
      out.values[i] = tracks[i].value(
        from: from.values[i], to: to.values[i], at: u, motion: motion,
        velocity: motion.velocity[i])
    }
    return out
  }

  /// The presented look for a fresh transition on the `user` curve.
  public func look(from: Look, to: Look, at u: Float, user: TimingCurve) -> Look {
    look(from: from, to: to, at: u, motion: Track.Motion(user: user))
  }

  /// Every track played backwards (see `Track.reversed`).
  public var reversed: Timing {
    var t = self
    t.tracks = tracks.map(\.reversed)
    return t
  }
}

// MARK: - The styles' data

extension AnimationStyle {
  /// The seed's settled looks: the ring when off; the filled disc and the whole tick when
  /// on; the dash instead of the tick when mixed. Styles start from these and change what
  /// their animations need.
  static let seedOff = Look([
    .outlineAlpha: 1, .outlineEnd: 1, .fillAlpha: 0, .fillScale: 1, .markStart: 0,
    .markEnd: 0, .markAlpha: 1, .markScale: 1, .markMorph: 1, .markTurn: 0,
  ])
  static let seedOn = seedOff.with([.outlineAlpha: 0, .fillAlpha: 1, .markEnd: 1])
  static let seedMixed = seedOn.with([.markMorph: 0])

  static let easeOut = Track.Curve.fixed(.easeOut)
  static let easeIn = Track.Curve.fixed(.easeIn)
  static let easeInOut = Track.Curve.fixed(.easeInEaseOut)
  static let bouncy = Track.Curve.spring(SpringPair(stiffness: 170, damping: 9))

  /// The style as data; a style file of the same content gives an equal value.
  public var definition: StyleDefinition {
    let name = rawValue
    switch self {
    case .stroke:
      return StyleDefinition(
        name: name,
        off: Self.seedOff, on: Self.seedOn, mixed: Self.seedMixed,
        enter: Timing(.atStart, [.markEnd: .whole]),
        exit: Timing(
          .atStart,
          [
            .markEnd: .span(0, 0.6), .fillAlpha: .span(0.6, 0.4),
            .outlineAlpha: .span(0.6, 0.4),
          ]),
        summary: "the fill appears at once; the mark draws along its length (the seed)")
    case .fill:
      let off = Self.seedOff.with([.fillAlpha: 1, .fillScale: 0])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed,
        enter: Timing(
          .atStart,
          [
            .fillScale: .span(0, 0.5, Self.easeOut), .outlineAlpha: .jump(at: 0.5),
            .markEnd: .span(0.4, 0.6),
          ]),
        exit: Timing(
          .atStart, [.markEnd: .span(0, 0.4), .fillScale: .span(0.3, 0.7, Self.easeIn)]),
        summary: "the box fills from the centre, then the mark draws")
    case .bounce:
      let off = Self.seedOff.with([.fillAlpha: 1, .fillScale: 0, .markEnd: 1, .markScale: 0])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed,
        enter: Timing(
          .atStart,
          [
            .fillScale: .span(0, 1, Self.bouncy), .markScale: .span(0.15, 0.85, Self.bouncy),
            .outlineAlpha: .jump(at: 0.3),
          ]),
        exit: Timing(
          .atStart,
          [.fillScale: .span(0, 1, Self.easeIn), .markScale: .span(0, 0.8, Self.easeIn)]),
        summary: "box and mark pop in with a spring's overshoot; they shrink away")
    case .flat:
      let off = Self.seedOff.with([.markMorph: 0])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed,
        enter: Timing(.atStart, [.markMorph: .whole]),
        exit: Timing(
          .atStart,
          [
            .markMorph: .span(0, 0.6), .markEnd: .span(0.6, 0.4), .fillAlpha: .span(0.6, 0.4),
            .outlineAlpha: .span(0.6, 0.4),
          ]),
        summary: "the mark appears as a flat dash and bends into the tick")
    case .oneStroke:
      let on = Self.seedOn.with([.outlineAlpha: 1, .outlineEnd: 0])
      return StyleDefinition(
        name: name,
        off: Self.seedOff, on: on, mixed: on.with([.markMorph: 0]),
        enter: Timing(
          .atStart,
          [
            .outlineEnd: .span(0, 0.55), .markEnd: .span(0.45, 0.55),
            .fillAlpha: .span(0.3, 0.4),
          ]),
        exit: Timing(
          .atStart,
          [
            .markEnd: .span(0, 0.5), .fillAlpha: .span(0.3, 0.2), .outlineEnd: .span(0.5, 0.5),
          ]),
        summary: "the outline unwinds and its stroke runs on into the mark")
    case .fade:
      let off = Self.seedOff.with([.markEnd: 1, .markAlpha: 0])
      let t = Timing(.atStart, [.fillAlpha: .whole, .markAlpha: .whole, .outlineAlpha: .whole])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed, enter: t, exit: t,
        summary: "fill and mark fade in together as the outline fades out")
    case .expand:
      let off = Self.seedOff.with([.fillAlpha: 1, .fillScale: 0, .markEnd: 1, .markScale: 0])
      let t = Timing(
        .atStart, [.fillScale: .whole, .markScale: .whole, .outlineAlpha: .span(0.5, 0.5)])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed, enter: t, exit: t,
        summary: "box and mark grow together from the centre")
    case .spiral:
      let off = Self.seedOff.with([.markScale: 0, .markTurn: -1])
      let t = Timing(
        .atStart,
        [
          .markTurn: .whole, .markScale: .whole, .markEnd: .whole, .fillAlpha: .span(0, 0.3),
          .outlineAlpha: .span(0, 0.3),
        ])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed, enter: t, exit: t,
        summary: "the mark spirals in: one turn while it grows and draws")
    case .dot:
      let off = Self.seedOff.with([.fillAlpha: 1, .fillScale: 0])
      return StyleDefinition(
        name: name,
        off: off, on: Self.seedOn, mixed: Self.seedMixed,
        enter: Timing(
          .atStart,
          [
            .fillScale: Track(
              .init(delay: 0, length: 0.25, curve: Self.easeOut, target: 0.3),
              then: .init(delay: 0.35, length: 0.3, curve: Self.easeInOut)),
            .outlineAlpha: .jump(at: 0.65), .markEnd: .span(0.6, 0.4),
          ]),
        exit: Timing(
          .atStart, [.markEnd: .span(0, 0.4), .fillScale: .span(0.4, 0.6, Self.easeIn)]),
        summary: "a dot appears at the centre, swells into the box, then the mark draws")
    case .none:
      return StyleDefinition(
        name: name,
        off: Self.seedOff, on: Self.seedOn, mixed: Self.seedMixed, enter: Timing(),
        exit: Timing(), summary: "no animation: every change is instant")
    }
  }
}

extension Look {
  /// This look with the named properties changed.
  public func with(_ pairs: KeyValuePairs<Property, Float>) -> Look {
    var l = self
    for (p, v) in pairs { l[p] = v }
    return l
  }
}
