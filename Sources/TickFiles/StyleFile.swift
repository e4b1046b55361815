import TickAnimation
import TickGeometry
import TickScene

/// A style file: a style as data, in JSON (`--style FILE.json`, `assets/styles/`, or a
/// scene file's `"style"` object).
///
/// ```
/// {
///   "name": "pop", "summary": "what moves, in one line",
///   "box": {"shape": "circle", "fill": "#2ecb94", "outline": "#aaaaaa", "outlineWidth": 1},
///   "mark": {"color": "#ffffff", "width": 0.06},
///   "background": "#ffffff", "duration": 0.5, "timing": "linear",
///   "looks": {"off": {every property}, "on": {changes from off}, "mixed": {changes from on}},
///   "enter": {"markEnd": {"delay": 0, "length": 1, "curve": "ease-out"}},
///   "exit": {"fillScale": [{"length": 0.3, "target": 1.2}, {"delay": 0.3, "length": 0.7}]}
/// }
/// ```
///
/// Only `looks.off` is required, with every property of `Look.Property`. A track is one
/// segment or an array of two; a property with no track jumps as the transition starts.
/// Everything that is not given keeps what the command line (or the default) says, and
/// flags on the command line win over the file.
public struct StyleFile: Equatable, Sendable {
  public var definition: StyleDefinition
  public var shape: BoxShape?
  public var fillColor: Color?
  public var outlineColor: Color?
  public var outlineWidth: Float?
  public var markColor: Color?
  public var markWidth: Float?
  public var background: Color?
  public var duration: Double?
  public var timing: TimingCurve?
  public var deselect: DeselectMode?

  public init(definition: StyleDefinition) { self.definition = definition }

  /// Sets what the file gives on `style`.
  public func apply(to style: inout TickStyle) {
    style.custom = definition
    if let shape { style.shape = shape }
    if let fillColor { style.fillColor = fillColor }
    if let outlineColor { style.ringColor = outlineColor }
    if let outlineWidth { style.outlineWidth = outlineWidth }
    if let markColor { style.tickColor = markColor }
    if let markWidth { style.markWidth = markWidth }
    if let background { style.background = background }
    if let duration { style.duration = duration }
    if let timing { style.timing = timing }
    if let deselect { style.deselect = deselect }
  }

  /// The file with everything `style` holds: its definition and every setting (what
  /// `assets/styles/` holds for the built-in styles, with the default settings).
  public init(_ style: TickStyle) {
    definition = style.definition
    shape = style.shape
    fillColor = style.fillColor
    outlineColor = style.ringColor
    outlineWidth = style.outlineWidth
    markColor = style.tickColor
    markWidth = style.markWidth
    background = style.background
    duration = style.duration
    timing = style.timing
  }

  /// Property names as a file writes them: `Look.Property`'s case names.
  public static let propertyNames = Look.Property.allCases.map { "\($0)" }

  /// Parses a style file.
  ///
  /// - Parameters:
  ///   - file: the file's name, for messages.
  ///   - name: the style's name when the file gives none (the file's name, say).
  /// - Throws: `UsageError` of the form `FILE:LINE:COLUMN: key "PATH": …`, naming the key
  ///   and what it accepts, or the line:column of a syntax error.
  ///   - read: how a file named by `"extends"` is read (`StyleChain`).
  public static func parse(
    _ bytes: some Collection<UInt8>, file: String, name: String,
    readingFilesWith read: (String) throws(UsageError) -> [UInt8] = StyleChain.noFiles
  ) throws(UsageError) -> StyleFile {
    let members = try JSONValue.objectMembers(
      of: bytes, file: file, example: "such as {\"looks\": {\"off\": {…}}}")
    let resolved = try StyleChain.resolve(members, file: file, readingFilesWith: read)
    return try StyleFileReader(file: file).style(resolved, at: nil, name: name)
  }

  /// Parses the style object `value` found at `member` of `file` (a scene file's
  /// `"style"`), with positions in that file.
  public static func parse(
    _ member: JSONValue.Member, file: String, name: String,
    readingFilesWith read: (String) throws(UsageError) -> [UInt8] = StyleChain.noFiles
  ) throws(UsageError) -> StyleFile {
    let reader = StyleFileReader(file: file)
    guard case .object(let members) = member.value else {
      throw reader.error(member, "style", "expected an object (or a file name)", member.value)
    }
    let resolved = try StyleChain.resolve(members, file: file, readingFilesWith: read)
    return try reader.style(resolved, at: member, name: name)
  }
}
