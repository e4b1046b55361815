// Fuzz target `json`: the JSON parser (`JSONValue.parse`) and, for what it accepts, the
// writer.

import TickFiles

/// Any bytes either parse, and then write back (compact and pretty) to text that parses to
/// the same value, or are refused at a line and column inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = inputBytes(data, size)
  do {
    let value = try JSONValue.parse(bytes)
    require((try? JSONValue.parse(value.text)) == value, "compact text reads back differently")
    require(
      (try? JSONValue.parse(value.prettyText())) == value, "pretty text reads back differently")
  } catch {
    let lines = 1 + bytes.count { $0 == 0x0A }
    require(
      (1...lines).contains(error.line) && error.column >= 1,
      "error at \(error.line):\(error.column) outside \(lines) lines: \(error.message)")
    require(!error.message.isEmpty, "an empty JSON error")
  }
  return 0
}
