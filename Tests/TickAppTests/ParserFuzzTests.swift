import Foundation
import Testing
import TickScene

@testable import TickCommandLine
@testable import TickFiles

/// Random and damaged input into the JSON, scene-file and replay-script parsers: none may
/// trap, and every error says where (a line within the input, a column ≥ 1).
///
/// A few thousand cases run in the normal suite; `TICK_FUZZ_LONG=1` runs a hundred times
/// more (about a minute).
@Suite struct ParserFuzzTests {
  static let scale = ProcessInfo.processInfo.environment["TICK_FUZZ_LONG"] == "1" ? 100 : 1

  static let jsonSamples = [
    #"{"window": "400x300", "cell": 40, "select": "checker", "animate": true}"#,
    "{\n  \"a\": [1, -2.5e3, true, false, null],\n  \"b\": {\"c\": \"d\\u00e9\\n\"}\n}",
    #"[{"x": [[[]]]}, "\ud83d\ude00", 0, {}]"#,
  ]

  static let scriptSample = """
    # header
    0 move 10 20
    0.1 click 25 25   # comment
    0.1 press 1.5 -2 right
    .25 release 3 4 middle
    0.5 key "keypad 0"
    1 screenshot "a b.png"
    2 quit

    """

  /// The number of lines in `bytes` (a final line without a newline counts).
  func lineCount(_ bytes: [UInt8]) -> Int {
    bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  func checkJSON(_ bytes: [UInt8]) {
    do {
      _ = try JSONValue.parse(bytes)
    } catch {
      #expect(error.line >= 1 && error.line <= lineCount(bytes), "\(error) for \(bytes)")
      #expect(error.column >= 1 && !error.message.isEmpty)
    }
    do {
      _ = try SceneFile.arguments(from: bytes, file: "f.json")
    } catch {
      #expect(error.message.hasPrefix("f.json"), "\(error.message)")
    }
  }

  func checkScript(_ bytes: [UInt8]) {
    do {
      let script = try ReplayScript.parse(bytes)
      // Whatever parses also writes and reads back to the same script.
      #expect(try ReplayScript.parse(script.text) == script)
      _ = script.steps(hz: 120)
    } catch {
      #expect(error.line >= 1 && error.line <= lineCount(bytes), "\(error) for \(bytes)")
      #expect(!error.message.isEmpty)
    }
  }

  /// Random bytes, biased towards the characters each format uses.
  func randomBytes(_ rng: inout SplitMix64, alphabet: [UInt8]) -> [UInt8] {
    let n = Int(rng.next() % 64)
    return (0..<n).map { _ in
      rng.next() % 4 == 0
        ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[Int(rng.next() % UInt64(alphabet.count))]
    }
  }

  /// `sample` with a few bytes replaced, inserted or deleted, then maybe truncated.
  func mutate(_ sample: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var b = sample
    for _ in 0..<(1 + rng.next() % 4) where !b.isEmpty {
      let i = Int(rng.next() % UInt64(b.count))
      switch rng.next() % 3 {
      case 0: b[i] = UInt8(truncatingIfNeeded: rng.next())
      case 1: b.insert(sample[Int(rng.next() % UInt64(sample.count))], at: i)
      default: b.remove(at: i)
      }
    }
    if rng.next() % 2 == 0 { b = Array(b.prefix(Int(rng.next() % UInt64(b.count + 1)))) }
    return b
  }

  @Test func jsonSurvivesRandomBytes() {
    var rng = SplitMix64(seed: 1)
    let alphabet = Array(#"{}[]:,"\ -+.0123456789eEtrufalsn/u"#.utf8) + [0x0A, 0x09]
    for _ in 0..<(2000 * Self.scale) { checkJSON(randomBytes(&rng, alphabet: alphabet)) }
  }

  @Test func jsonSurvivesDamagedDocuments() {
    var rng = SplitMix64(seed: 2)
    let samples = Self.jsonSamples.map { Array($0.utf8) }
    for k in 0..<(2000 * Self.scale) { checkJSON(mutate(samples[k % samples.count], &rng)) }
    // Every prefix of a valid document is either valid or an error inside it.
    for s in samples {
      for n in 0...s.count { checkJSON(Array(s.prefix(n))) }
    }
  }

  @Test func scriptsSurviveRandomBytes() {
    var rng = SplitMix64(seed: 3)
    let alphabet =
      Array("0123456789.- #\"\\xclickpressmovekeyscreenshotquitleftright".utf8) + [0x0A, 0x0D]
    for _ in 0..<(2000 * Self.scale) { checkScript(randomBytes(&rng, alphabet: alphabet)) }
  }

  @Test func scriptsSurviveDamagedAndTruncatedLines() {
    var rng = SplitMix64(seed: 4)
    let sample = Array(Self.scriptSample.utf8)
    for _ in 0..<(2000 * Self.scale) { checkScript(mutate(sample, &rng)) }
    for n in 0...sample.count { checkScript(Array(sample.prefix(n))) }
  }
}
