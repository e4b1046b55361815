import Testing
import TickScene

@testable import TickFiles

/// A style file's settled looks keep every property in its range: `"fillAlpha": 2` is
/// refused naming the file, line and column, the key and the range, not drawn as whatever
/// an opacity of 2 gives.
@Suite struct LookRangeTests {
  func message(_ json: String) -> String? {
    do {
      _ = try StyleFile.parse(Array(json.utf8), file: "pop.json", name: "pop")
      return nil
    } catch {
      return error.message
    }
  }

  /// A style that extends stroke and sets `property` to `value` in its `on` look.
  func style(_ property: String, _ value: String) -> String {
    #"{"extends": "stroke", "looks": {"on": {"\#(property)": \#(value)}}}"#
  }

  @Test func theIssuesFillAlphaOfTwoIsRefusedWithItsRange() {
    #expect(
      message(style("fillAlpha", "2"))
        == #"pop.json:1:40: key "looks.on.fillAlpha": expected an opacity, 0–1, got 2"#)
  }

  @Test(arguments: Look.Property.allCases)
  func eachPropertyTakesItsRangeAndNothingBeyond(property: Look.Property) {
    let name = StyleFile.propertyNames[property.rawValue]
    let range = StyleFileReader.settledRange(property).range
    for inside in [range.lowerBound, range.upperBound] {
      #expect(message(style(name, "\(inside)")) == nil, "\(name) \(inside)")
    }
    for outside in [range.lowerBound - 0.01, range.upperBound + 0.01] {
      let m = message(style(name, "\(outside)"))
      #expect(m?.hasPrefix("pop.json:1:") == true, "\(name) \(outside): \(m ?? "accepted")")
      #expect(m?.contains(#"key "looks.on.\#(name)": expected "#) == true, "\(m ?? "")")
    }
  }

  @Test func everyBuiltInStyleKeepsItsLooksInRange() throws {
    for style in AnimationStyle.allCases {
      for look in ViewState.allCases.map(style.look) {
        for p in Look.Property.allCases {
          #expect(StyleFileReader.settledRange(p).range.contains(look[p]), "\(style) \(p)")
        }
      }
    }
  }
}
