/// One field of the HUD's compact strip: the figure or setting it shows, in forms from
/// the longest to the shortest. The strip shows each field in the longest form that fits
/// the window (`CompactStrip.fit`), or leaves it out.
public struct CompactField: Equatable, Sendable {
  /// What a field shows. The strip shows its fields in the order `HUDModel.compactFields`
  /// lists them; the order they give way in is `CompactStrip.givesWay`.
  public enum Kind: CaseIterable, Sendable {
    case fps
    case load
    case views
    case style
    case curve
    case deselect
    case time
    case path
  }

  public var kind: Kind
  /// Longest first, at least one. An empty form shows nothing: the field is hidden until
  /// there is room for a longer form.
  public var forms: [String]

  public init(_ kind: Kind, _ forms: [String]) {
    self.kind = kind
    self.forms = forms.isEmpty ? [""] : forms
  }

  /// `text`, then `text` cut before each of `cuts` that it holds, in turn: a form per cut,
  /// each shorter than the one before ("compose (auto) — why", "compose (auto)",
  /// "compose").
  public static func cut(_ text: String, before cuts: [String]) -> [String] {
    var forms = [text]
    for cut in cuts {
      guard let range = forms.last!.firstRange(of: cut) else { continue }
      forms.append(String(forms.last![..<range.lowerBound]))
    }
    return forms
  }
}
