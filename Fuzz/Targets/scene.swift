// Fuzz target `scene`: a scene file as `--scene FILE.json` reads it.

/// The input is the scene file, read as `play --scene` reads it: its options, any style it
/// holds or names (a named file reads as a small valid style), then the command line over
/// them. Refused: one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let path = "scenes/fuzz.json"
  let files = MemoryFiles(files: [path: inputBytes(data, size)], otherJSON: MemoryFiles.style)
  if case .failure(let error) = files.parse(["play", "--scene", path]) {
    requireOneLine(error)
  }
  return 0
}
