import TickScene

extension ValueChange {
  /// The change as `--events` prints it: one JSON object.
  public var json: JSONValue {
    [
      "event": "value", "cell": .int(cell), "col": .int(column), "row": .int(row),
      "old": .string(old.description), "new": .string(new.description),
      "cause": .string(cause.rawValue), "step": .int(step),
    ]
  }

  /// `json` on one line.
  public var jsonLine: String { json.text }
}
