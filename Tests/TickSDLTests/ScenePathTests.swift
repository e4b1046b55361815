import Foundation
import TestSupport
import Testing

/// A scene file names its style, replay script and output beside itself, and works from
/// any current folder: the real binary, run from another folder.
@Suite struct ScenePathTests {
  @Test func aSceneWorksFromAnotherFolder() throws {
    let sceneDir = Tickplay.temporaryDirectory("scene-here")
    let elsewhere = Tickplay.temporaryDirectory("scene-elsewhere")
    let styles = Tickplay.packageRoot.appendingPathComponent("assets/styles/bounce.json")
    try FileManager.default.copyItem(at: styles, to: sceneDir.appendingPathComponent("pop.json"))
    try "0.1 click 30 30\n".write(
      to: sceneDir.appendingPathComponent("clicks.txt"), atomically: true, encoding: .utf8)
    let scene = """
      {"window": "60x60", "grid": "1x1", "style": "pop.json", "replay": "clicks.txt",
       "out": "out.png", "time": 1}
      """
    let scenePath = sceneDir.appendingPathComponent("demo.json")
    try scene.write(to: scenePath, atomically: true, encoding: .utf8)

    let p = Process()
    p.executableURL = Tickplay.executable
    p.arguments = ["render", "--scene", scenePath.path]
    p.currentDirectoryURL = elsewhere
    let err = Pipe()
    p.standardError = err
    try p.run()
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0, "\(stderr)")
    #expect(FileManager.default.fileExists(atPath: sceneDir.appendingPathComponent("out.png").path))
    #expect(
      !FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("out.png").path))
  }
}
