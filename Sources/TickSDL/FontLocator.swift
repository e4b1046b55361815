import CFontconfig

/// Finds font files through fontconfig, the way desktop programs do.
public enum FontLocator {
  /// The file of the best match for a fontconfig pattern such as "monospace", or nil.
  public static func file(matching pattern: String) -> String? {
    guard let config = FcInitLoadConfigAndFonts() else { return nil }
    defer { FcConfigDestroy(config) }
    guard let pat = FcNameParse(pattern) else { return nil }
    defer { FcPatternDestroy(pat) }
    FcConfigSubstitute(config, pat, FcMatchPattern)
    FcDefaultSubstitute(pat)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pat, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(match, cfc_file_property(), 0, &file) == FcResultMatch,
      let file
    else { return nil }
    return String(cString: file)
  }
}
