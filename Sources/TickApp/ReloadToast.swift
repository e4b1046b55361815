/// The toast play shows when a saved style or scene file is seen: the file's name, and
/// whether it applied — `pop.json applied` — or why not — `pop.json not applied: line 3:
/// key "box.fill": expected …`. The error panel (`ReloadErrorText`) keeps the details.
///
/// Files are named without their folder: a toast is one line at the bottom of the
/// window, and the save was the user's own, moments ago.
public enum ReloadToast {
  /// The toast for a save of the files `saved` (full paths, in the order watched) that
  /// applied.
  public static func applied(saved: [String]) -> String {
    "\(names(saved)) applied"
  }

  /// The toast for a save of the files `saved` that was refused with `error`
  /// (`FILE:LINE:COLUMN: rest`, or a message with no place). With no file named as saved,
  /// the file the error is in is named.
  public static func refused(saved: [String], error: String) -> String {
    let place = ErrorPlace(error)
    let named = saved.isEmpty ? place.file.map { [$0] } ?? [] : saved
    var why = place.rest
    if let line = place.line {
      let other = place.file.map { named.contains($0) ? "" : basename($0) + " " } ?? ""
      why = "\(other)line \(line): \(place.rest)"
    }
    for path in saved + (place.file.map { [$0] } ?? []) {
      why = why.replacing(path, with: basename(path))
    }
    return "\(names(named)) not applied: \(why)"
  }

  /// The files' names without their folders, joined; "style" when there are none.
  static func names(_ paths: [String]) -> String {
    paths.isEmpty ? "style" : paths.map(basename).joined(separator: ", ")
  }

  /// `path`'s last component.
  static func basename(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Where an error message says it is: `FILE:LINE:COLUMN: rest` split up; a message in
  /// no other form is all `rest`.
  struct ErrorPlace {
    var file: String?
    var line: Int?
    var rest: String

    init(_ message: String) {
      rest = message
      // The first ":LINE:COLUMN: " after a non-empty file name marks the place.
      var i = message.startIndex
      while let colon = message[i...].firstIndex(of: ":") {
        i = message.index(after: colon)
        let after = message[i...]
        let digits = after.prefix { $0.isASCII && $0.isNumber }
        guard colon > message.startIndex, !digits.isEmpty, let n = Int(digits) else { continue }
        let tail = after.dropFirst(digits.count)
        guard tail.first == ":" else { continue }
        let column = tail.dropFirst().prefix { $0.isASCII && $0.isNumber }
        let text = tail.dropFirst(1 + column.count)
        guard !column.isEmpty, text.hasPrefix(": ") else { continue }
        file = String(message[..<colon])
        line = n
        rest = String(text.dropFirst(2))
        return
      }
    }
  }
}
