/// "Did you mean …?": the valid word nearest a mistyped one, by edit distance.
public enum Suggestion {
  /// The candidate nearest `word`, when it is near enough to be what was meant: at most
  /// `maxDistance(for:)` single-character edits away (an insertion, a deletion, a
  /// substitution, or two neighbours swapped), ignoring case. Ties go to a
  /// candidate that starts with the typed word, then to the earlier one, so the caller's
  /// order (the help's) decides.
  public static func nearest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased())
    let allowed = maxDistance(for: typed.count)
    var best: Match?
    for candidate in candidates where candidate != word {
      let lower = Array(candidate.lowercased())
      // The distance is at least the difference in length: a long word is not compared.
      guard abs(lower.count - typed.count) <= allowed else { continue }
      let match = Match(
        candidate: candidate, distance: distance(typed, lower),
        extendsTyped: lower.starts(with: typed))
      if match.distance <= allowed, best.map({ match.isCloser(than: $0) }) ?? true {
        best = match
      }
    }
    return best?.candidate
  }

  /// A candidate and how near it is.
  struct Match {
    var candidate: String
    var distance: Int
    /// Whether the candidate starts with the typed word (`of` → `off`): of two equally
    /// near, the one the typing was on its way to.
    var extendsTyped: Bool

    func isCloser(than other: Match) -> Bool {
      if distance != other.distance { return distance < other.distance }
      return extendsTyped && !other.extendsTyped
    }
  }

  /// ` (did you mean x?)`, for the end of an error, or nothing when no candidate is near.
  public static func aside(for word: String, among candidates: [String]) -> String {
    nearest(to: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
  }

  /// Edits allowed for a word of `length` characters: one for short words, where two
  /// edits reach almost any other short word, two from five characters and three from
  /// nine (`--anmiation`), a third of the word at most.
  static func maxDistance(for length: Int) -> Int {
    switch length {
    case ..<5: return 1
    case ..<9: return 2
    default: return 3
    }
  }

  /// The optimal-string-alignment distance: Levenshtein's edits plus a swap of two
  /// neighbouring characters, the commonest typing slip, counted as one.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    // Three rows of the dynamic-programming table: the one before last (for swaps), the
    // last, and the one being filled.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var last = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      row[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], twoBack[j - 2] + 1)
        }
      }
      (twoBack, last, row) = (last, row, twoBack)
    }
    return last[b.count]
  }
}
