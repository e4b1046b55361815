import Foundation
import TestSupport
import Testing
import TickSDL

/// `tools/install` puts tickplay where a desktop finds it: the binary, a desktop entry that
/// runs it, and an icon drawn by tickplay itself, each written where it says.
@Suite struct InstallTests {
  @Test func installWritesADesktopEntryAndAnIcon() throws {
    let home = Tickplay.temporaryDirectory("install")
    let bin = home.appendingPathComponent("my bin")
    let env = ["HOME": home.path, "TICKPLAY_INSTALL_FROM": Tickplay.executable.path]
    // The folder the entry goes to follows XDG_DATA_HOME: unset, it is ~/.local/share.
    let install = Tickplay.packageRoot.appendingPathComponent("tools/install").path
    let r = try Tickplay.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["-u", "XDG_DATA_HOME", install, bin.path],
      environment: env, timeout: 120)
    #expect(r.status == 0, "\(r.stdout) \(r.stderr)")

    let share = home.appendingPathComponent(".local/share")
    let entry = share.appendingPathComponent("applications/tickplay.desktop").path
    let icon = share.appendingPathComponent("icons/hicolor/256x256/apps/tickplay.png").path
    for written in [bin.appendingPathComponent("tickplay").path, entry, icon] {
      #expect(r.stdout.contains("installed \(written)\n"), "\(written): \(r.stdout)")
    }
    let text = try String(contentsOfFile: entry, encoding: .utf8)
    let lines = Set(text.split(separator: "\n").map(String.init))
    #expect(lines.contains("[Desktop Entry]") && lines.contains("Type=Application"), "\(text)")
    // The folder's space is quoted, as the Desktop Entry Specification asks.
    #expect(lines.contains("Exec=\"\(bin.path)/tickplay\" play"), "\(text)")
    #expect(lines.contains("Icon=tickplay"), "\(text)")
    #expect(lines.contains { $0.hasPrefix("Categories=") && $0.hasSuffix(";") }, "\(text)")

    let image = try RGBAImage(contentsOf: icon)
    #expect(image.width == 256 && image.height == 256)
    // Not blank: the selected disc's green at the centre's left, the white tick, and the
    // background in a corner.
    #expect(Looks.isFill(image.pixel(64, 128)), "\(image.pixel(64, 128))")
    #expect(Looks.isWhite(image.pixel(4, 4)))
    let colours = Set(stride(from: 0, to: image.pixels.count, by: 4).map { image.pixels[$0] })
    #expect(colours.count > 16, "an anti-aliased disc and tick have many levels")
  }
}
