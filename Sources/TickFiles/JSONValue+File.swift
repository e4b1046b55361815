extension JSONValue {
  /// The members of the JSON object a file holds (a scene file, a style file).
  /// - Throws: a usage error naming `file` and the line:column of a syntax error, or
  ///   saying that the document is not an object, with `example` of what one looks like.
  public static func objectMembers(
    of bytes: some Collection<UInt8>, file: String, example: String
  ) throws(UsageError) -> [Member] {
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes)
    } catch {
      throw UsageError("\(file):\(error.line):\(error.column): invalid JSON: \(error.message)")
    }
    guard case .object(let members) = document else {
      throw UsageError(
        "\(file): expected a JSON object \(example), got \(article(document.typeName))")
    }
    return members
  }

  /// "an object", "a string", "null": a kind as a message names it.
  public static func article(_ typeName: String) -> String {
    typeName == "null"
      ? "null"
      : (typeName == "array" || typeName == "object" ? "an " : "a ") + typeName
  }
}
