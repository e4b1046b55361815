/// Numbers with a fixed count of decimals, without Foundation's `String(format:)`: the HUD's
/// figures, the exit summaries and the JSON lines all round the same way.
public enum Decimals {
  /// `v` rounded to `places` decimals (`1.25` at 1 place: `1.3`); a non-finite `v` as Swift
  /// writes it (`inf`, `nan`).
  public static func text(_ v: Double, places: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let n = Int((abs(v) * Double(scale)).rounded())
    let whole = n / scale
    var frac = String(n % scale)
    while frac.count < places { frac = "0" + frac }
    return (v < 0 && n != 0 ? "-" : "") + "\(whole)" + (places > 0 ? "." + frac : "")
  }

  /// Milliseconds as a JSON line's `…_ms` figure shows them (`places` decimals, rounded),
  /// without trailing zeros after the point: a readable line then never disagrees with
  /// the JSON beside it (5.499 is "5.5 ms" where the JSON says 5.50, not "5.4 ms").
  public static func milliseconds(_ v: Double, places: Int = 2) -> String {
    var t = text(v, places: places)
    if t.contains(".") {
      while t.hasSuffix("0") { t.removeLast() }
      if t.hasSuffix(".") { t.removeLast() }
    }
    return t + " ms"
  }
}

extension String {
  /// A number with two decimals (see `Decimals.text`).
  public init(format2 value: Double) { self = Decimals.text(value, places: 2) }
}
