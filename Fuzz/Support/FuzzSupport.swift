// Shared by every fuzz target (tools/fuzz compiles it into each one).

import TickCommandLine
import TickFiles

/// The bytes libFuzzer hands a target, as an array (empty when it hands none).
func inputBytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run when an invariant fails, so that libFuzzer keeps the input as a crash.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError(message()) }
}

/// Whether `message` is one printable line: no control character (a newline, an escape),
/// no line or paragraph separator.
func isPrintableLine(_ message: String) -> Bool {
  !message.unicodeScalars.contains {
    $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
  }
}

/// What every usage error must be: one printable line, not empty (the project's rule for
/// bad input), starting with `prefix` (a file's name).
func requireOneLine(_ error: UsageError, startingWith prefix: String = "") {
  let m = error.message
  require(!m.isEmpty, "an empty usage error")
  require(isPrintableLine(m), "a usage error that is not one printable line: \(m.debugDescription)")
  require(m.hasPrefix(prefix), "a usage error that does not start with \(prefix): \(m)")
}

/// The file system as the targets see it: files held in memory, so that no input can make
/// a target read, or depend on, what is on the disk.
struct MemoryFiles {
  var files: [String: [UInt8]]
  /// What any other path ending in `.json` reads as (a style or scene file named by
  /// another file); nil: any other path does not exist.
  var otherJSON: [UInt8]?

  func read(_ path: String) throws(UsageError) -> [UInt8] {
    if let bytes = files[path] { return bytes }
    if let otherJSON, path.hasSuffix(".json") { return otherJSON }
    throw UsageError("cannot read \(path): No such file or directory")
  }

  /// The options `args` give, read as `main.swift` reads them, or the usage error.
  func parse(_ args: [String]) -> Result<LaunchOptions, UsageError> {
    Result { () throws(UsageError) in
      try LaunchOptions.parse(
        args,
        readingFilesWith: { (path) throws(UsageError) in
          try read(path)
        })
    }
  }

  /// A small valid style file (every property of the off look, and one track), for paths
  /// a scene file or a command line names.
  static let style = Array(
    """
    {"name": "fuzz", "looks": {"off": {"outlineAlpha": 1, "outlineEnd": 1, "fillAlpha": 1,
    "fillScale": 0, "markStart": 0, "markEnd": 1, "markAlpha": 1, "markScale": 0,
    "markMorph": 1, "markTurn": 0}, "on": {"fillScale": 1, "markScale": 1}},
    "enter": {"fillScale": {"length": 1, "curve": "spring(300,6)"}}}
    """.utf8)
}
