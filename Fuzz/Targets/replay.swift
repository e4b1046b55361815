// Fuzz target `replay`: a replay script as `--replay FILE` reads it.

import TickApp

/// Any bytes either parse, write back to text that parses to the same script, and turn
/// into steps at every step rate `--hz` accepts; or are refused with one line that names a
/// line inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  do {
    let script = try ReplayScript.parse(bytes)
    require((try? ReplayScript.parse(script.text)) == script, "the script reads back differently")
    for hz in [1, 60, 120, 10_000] { _ = script.steps(hz: hz) }
  } catch {
    let lines = 1 + bytes.count { $0 == 0x0A }
    require((1...lines).contains(error.line), "error on line \(error.line) of \(lines)")
    require(!error.message.isEmpty, "an empty replay error")
    require(
      isPrintableLine(error.description),
      "an error that is not one printable line: \(error.description.debugDescription)")
  }
  return 0
}
