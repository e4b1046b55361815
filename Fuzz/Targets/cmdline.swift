// Fuzz target `cmdline`: the command line as `main.swift` parses it.

import TickCommandLine

/// The input is the arguments after the program name, separated by NUL bytes (the one
/// byte an argument cannot hold). `scene.json` is a small scene that names a style file;
/// any other `.json` path reads as a small valid style. Refused: one line. Accepted with
/// `--help`: the help text for the subcommand.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  let args =
    bytes.isEmpty
    ? []
    : bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  let scene = Array(#"{"grid": "3x2", "select": "checker", "style": "pop.json"}"#.utf8)
  let files = MemoryFiles(files: ["scene.json": scene], otherJSON: MemoryFiles.style)
  switch files.parse(args) {
  case .failure(let error): requireOneLine(error)
  case .success(let options):
    if options.showHelp {
      let help = LaunchOptions.helpText(for: options.commandNamed ? options.use : nil)
      require(!help.isEmpty, "empty help")
    }
  }
  return 0
}
