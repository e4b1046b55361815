import Testing

@testable import TickApp

/// The toast a reload shows: the saved file's name, and applied or why not.
@Suite struct ReloadToastTests {
  @Test func namesTheSavedFileWithoutItsFolder() {
    #expect(ReloadToast.applied(saved: ["/home/me/styles/pop.json"]) == "pop.json applied")
    #expect(
      ReloadToast.applied(saved: ["/a/scene.json", "/a/base.json"])
        == "scene.json, base.json applied")
  }

  @Test func aRefusedSaveSaysWhereAndWhy() {
    let error = "/a/pop.json:3:12: key \"box.fill\": expected a colour such as \"#2ecb94\""
    #expect(
      ReloadToast.refused(saved: ["/a/pop.json"], error: error)
        == "pop.json not applied: line 3: key \"box.fill\": expected a colour such as \"#2ecb94\"")
    // A save of a file whose base is broken: the base is named beside its line.
    let inBase = "/a/base.json:7:2: unexpected end of input"
    #expect(
      ReloadToast.refused(saved: ["/a/pop.json"], error: inBase)
        == "pop.json not applied: base.json line 7: unexpected end of input")
    // A message with no place, its paths shortened.
    #expect(
      ReloadToast.refused(
        saved: ["/a/pop.json"], error: "cannot read /a/pop.json: No such file or directory")
        == "pop.json not applied: cannot read pop.json: No such file or directory")
    // No file reported as saved: the error's own file is named.
    #expect(
      ReloadToast.refused(saved: [], error: inBase)
        == "base.json not applied: line 7: unexpected end of input")
  }

  @Test func findsThePlaceAfterColonsInTheMessage() {
    let p = ReloadToast.ErrorPlace("/x:y/a.json:12:3: key \"a:b\": expected 1:2")
    #expect(p.file == "/x:y/a.json" && p.line == 12 && p.rest == "key \"a:b\": expected 1:2")
    let none = ReloadToast.ErrorPlace("time 12:30: late")
    #expect(none.file == nil && none.line == nil && none.rest == "time 12:30: late")
  }
}
