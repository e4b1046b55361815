import Foundation
import Testing
import TickScene

@testable import TickFiles

/// The JSON writer against Foundation's `JSONSerialization` (an outside parser, used in
/// tests only), and the project's parser against it on generated documents.
@Suite struct JSONWriterTests {
  /// Foundation's reading of `text`, or nil when it refuses it.
  func foundation(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  func foundation(_ bytes: [UInt8]) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
  }

  @Test func stringsAreEscaped() throws {
    let nasty =
      "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} "
      + "esc \u{1B} del \u{7F} é 日本 🎉 \u{2028}"
    let text = JSONValue.string(nasty).text
    #expect(!text.contains("\n") && !text.contains("\u{0}") && !text.contains("\u{1B}"))
    #expect(text.contains("\\u0000") && text.contains("\\u001b") && text.contains("\\\""))
    #expect(foundation(text) as? String == nasty)
    #expect(try JSONValue.parse(text) == .string(nasty))
    // Keys too.
    let object: JSONValue = [nasty: 1]
    #expect((foundation(object.text) as? [String: Any])?[nasty] as? Int == 1)
  }

  @Test func nonFiniteNumbersAreNull() {
    for d in [Double.infinity, -.infinity, .nan] {
      #expect(JSONValue.double(d).text == "null")
      #expect(JSONValue.fixed(d, places: 2).text == "null")
    }
    // Number text built in code that is not a JSON number is written as null too.
    for bad in ["inf", "nan", "1.", "01", "+1", "", " 1", "1e", "0x10"] {
      #expect(JSONValue.number(bad).text == "null", "\(bad)")
    }
    let line: JSONValue = ["a": .double(.nan), "b": .fixed(1.005, places: 2), "c": .double(0.1)]
    #expect(
      line.text == #"{"a":null,"b":1.00,"c":0.1}"# || line.text == #"{"a":null,"b":1.01,"c":0.1}"#)
    #expect(foundation(line.text) != nil)
  }

  @Test func valueChangeLinesAreTheDocumentedObject() throws {
    let change = ValueChange(
      cell: 2, column: 2, row: 0, old: .off, new: .on, cause: .click, step: 0)
    #expect(
      change.jsonLine
        == #"{"event":"value","cell":2,"col":2,"row":0,"old":"off","new":"on","cause":"click","step":0}"#
    )
    let fields = try #require(foundation(change.jsonLine) as? [String: Any])
    #expect(fields["cause"] as? String == "click" && fields["cell"] as? Int == 2)
  }

  /// `--events`' byte writer gives exactly the lines the general writer gives, for every
  /// state, every cause and numbers of every length.
  @Test func valueChangeBytesAreTheJSONLines() {
    let states: [ViewState] = [.off, .on, .mixed]
    let causes: [ValueChange.Cause] = [.click, .key, .script, .stress, .initial]
    let numbers = [0, 7, 10, 99, 1_000, 123_456, 999_999, Int(Int32.max)]
    var changes: [ValueChange] = []
    for (i, old) in states.enumerated() {
      for new in states {
        for (j, cause) in causes.enumerated() {
          let n = numbers[(i * 5 + j) % numbers.count]
          changes.append(
            ValueChange(
              cell: n, column: numbers[j], row: numbers[i], old: old, new: new, cause: cause,
              step: Int64(n) * 1_000_003 + Int64(j)))
        }
      }
    }
    changes.append(
      ValueChange(cell: 0, column: 0, row: 0, old: .off, new: .on, cause: .key, step: .max))
    let bytes = ValueChange.jsonLines(changes)
    #expect(String(decoding: bytes, as: UTF8.self) == changes.map { $0.jsonLine + "\n" }.joined())
    #expect(ValueChange.jsonLines([]).isEmpty)
  }

  // MARK: - Generated documents

  /// A random value up to `depth` levels deep, with strings from a troublesome alphabet
  /// and numbers of every shape Swift writes.
  func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
    let pick = Int(rng.next() % (depth > 0 ? 8 : 5))
    switch pick {
    case 0: return .null
    case 1: return .bool(rng.next() & 1 == 0)
    case 2: return .int(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 64))
    case 3:
      let d = Double(bitPattern: rng.next())
      return .double(d.isFinite ? d : rng.nextUnit() * 1e6 - 5e5)
    case 4, 5: return .string(randomString(&rng))
    case 6:
      return .array((0..<Int(rng.next() % 4)).map { _ in randomValue(&rng, depth: depth - 1) })
    default:
      return .object(
        (0..<Int(rng.next() % 4)).map { _ in
          .init(key: randomString(&rng), value: randomValue(&rng, depth: depth - 1))
        })
    }
  }

  func randomString(_ rng: inout SplitMix64) -> String {
    let alphabet: [Unicode.Scalar] = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "日",
      "🎉", "\u{FEFF}", "\u{2028}", "{", "]", ",", ":",
    ]
    var s = String.UnicodeScalarView()
    for _ in 0..<Int(rng.next() % 8) {
      s.append(alphabet[Int(rng.next() % UInt64(alphabet.count))])
    }
    return String(s)
  }

  @Test func writtenDocumentsReadBackTheSameEverywhere() throws {
    var rng = SplitMix64(seed: 13)
    for _ in 0..<2_000 {
      let value = randomValue(&rng, depth: 5)
      let text = value.text
      #expect(try JSONValue.parse(text) == value, "\(text)")
      #expect(foundation(text) != nil, "Foundation refuses: \(text)")
    }
  }

  @Test func theParserAcceptsExactlyWhatFoundationAccepts() {
    var rng = SplitMix64(seed: 8259)
    let alphabet =
      Array(#"{}[]:,"\ -+.eE0123456789tfnulrsa/bu"#.utf8) + [0x0A, 0x09, 0x00, 0xC3, 0xA9, 0xFF]
    var compared = 0
    var refused = 0
    var lenient = 0
    for _ in 0..<4_000 {
      var bytes = Array(randomValue(&rng, depth: 4).text.utf8)
      // Damage most documents a little: insert, delete or replace a few bytes.
      for _ in 0..<Int(rng.next() % 3) where !bytes.isEmpty {
        let at = Int(rng.next() % UInt64(bytes.count))
        let b = alphabet[Int(rng.next() % UInt64(alphabet.count))]
        switch rng.next() % 3 {
        case 0: bytes.insert(b, at: at)
        case 1: bytes.remove(at: at)
        default: bytes[at] = b
        }
      }
      // Foundation accepts a comma before `]` or `}`; RFC 8259 and our parser do not.
      if hasTrailingComma(bytes) {
        lenient += 1
        continue
      }
      let ours = (try? JSONValue.parse(bytes)) != nil
      let theirs = foundation(bytes) != nil
      #expect(
        ours == theirs,
        "ours \(ours), Foundation \(theirs): \(String(decoding: bytes, as: UTF8.self))")
      compared += 1
      if !ours { refused += 1 }
    }
    // Both kinds were compared: enough documents were broken, and enough were not.
    #expect(refused > compared / 5 && refused < compared * 4 / 5, "\(refused) of \(compared)")
    #expect(lenient < compared / 10)
  }

  /// Whether a comma outside strings is followed (after whitespace) by `]` or `}`.
  func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
    var inString = false
    var escaped = false
    var comma = false
    for b in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if b == UInt8(ascii: "\\") {
          escaped = true
        } else if b == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch b {
      case UInt8(ascii: "\""):
        inString = true
        comma = false
      case UInt8(ascii: ","): comma = true
      case UInt8(ascii: "]"), UInt8(ascii: "}"): if comma { return true }
      case 0x20, 0x09, 0x0A, 0x0D: break
      default: comma = false
      }
    }
    return false
  }
}
