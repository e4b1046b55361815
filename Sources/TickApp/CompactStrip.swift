/// Chooses the compact strip's text for a window: every field in its longest form when
/// that fits, and otherwise fields shortened, then left out, the least important first,
/// until the line fits the width given.
///
/// Widths come from the caller's `measure` (the HUD's font, through SDL2_ttf), so the
/// choice is exact for any font and free of SDL here.
public enum CompactStrip {
  /// What stands between two fields.
  public static let separator = " · "

  /// The fields in the order they give way when the strip is too narrow, the first
  /// first: the settings a glance at the views shows anyway go before the figures only
  /// the strip gives. A kind left out of this list gives way before all of these, so a
  /// new field must be placed here to be kept. `fps` is last: it is never left out.
  public static let givesWay: [CompactField.Kind] = [
    .deselect, .curve, .time, .path, .style, .views, .load, .fps,
  ]

  /// The strip's text for `fields` (in the order shown) in `width` pixels, `measure`
  /// giving a text's width in pixels.
  ///
  /// First each field is shortened to its shortest form, the first of `givesWay` first,
  /// a form at a time, until the line fits; then fields are left out in the same order.
  /// The most important field stays whatever the width: the strip clips what still
  /// overflows.
  public static func fit(
    _ fields: [CompactField], width: Int, measure: (String) -> Int
  ) -> String {
    // Each field's form shown; `forms.count` means left out.
    var form = [Int](repeating: 0, count: fields.count)
    func line() -> String {
      fields.indices.compactMap { i in
        form[i] < fields[i].forms.count ? fields[i].forms[form[i]] : nil
      }.filter { !$0.isEmpty }.joined(separator: separator)
    }
    var text = line()
    let order = fields.indices.sorted { rank(fields[$0].kind) < rank(fields[$1].kind) }
    for i in order {
      while measure(text) > width, form[i] + 1 < fields[i].forms.count {
        form[i] += 1
        text = line()
      }
    }
    for i in order.dropLast() where measure(text) > width {
      form[i] = fields[i].forms.count
      text = line()
    }
    return text
  }

  /// Where `kind` gives way: lower first; a kind not in `givesWay` before every listed one
  /// (ranked 0, the listed ones from 1).
  static func rank(_ kind: CompactField.Kind) -> Int {
    givesWay.firstIndex(of: kind).map { $0 + 1 } ?? 0
  }

  /// `text` if it fits `width`, else its longest start that fits with an ellipsis after
  /// it (a toast in a narrow window); just the ellipsis when nothing more fits.
  public static func truncated(_ text: String, width: Int, measure: (String) -> Int)
    -> String
  {
    guard measure(text) > width else { return text }
    let characters = Array(text)
    // The longest prefix that fits, by bisection: widths grow with the prefix.
    var fits = 0
    var over = characters.count
    while over - fits > 1 {
      let mid = (fits + over) / 2
      if measure(String(characters[..<mid]) + ellipsis) <= width { fits = mid } else { over = mid }
    }
    var kept = characters[..<fits]
    while kept.last == " " { kept.removeLast() }
    return String(kept) + ellipsis
  }

  /// What ends a cut text.
  public static let ellipsis = "…"
}
