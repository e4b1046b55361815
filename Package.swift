// swift-tools-version:6.0
import PackageDescription

// Dependencies run one way: TickGeometry ← TickAnimation ← TickScene ← TickSDL ← tickplay.
// The three pure modules depend on nothing but the standard library, so the
// package graph itself stops them from importing SDL.
let package = Package(
  name: "TickPlayground",
  products: [
    .executable(name: "tickplay", targets: ["tickplay"])
  ],
  targets: [
    .systemLibrary(
      name: "CSDL2",
      pkgConfig: "sdl2",
      providers: [.apt(["libsdl2-dev"])]
    ),
    .systemLibrary(
      name: "CSDL2Image",
      pkgConfig: "SDL2_image",
      providers: [.apt(["libsdl2-image-dev"])]
    ),
    .systemLibrary(
      name: "CSDL2TTF",
      pkgConfig: "SDL2_ttf",
      providers: [.apt(["libsdl2-ttf-dev"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),
    .target(name: "TickGeometry"),
    .target(name: "TickAnimation", dependencies: ["TickGeometry"]),
    .target(name: "TickScene", dependencies: ["TickGeometry", "TickAnimation"]),
    .target(
      name: "TickSDL",
      dependencies: [
        "TickGeometry", "TickScene", "CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig",
      ]
    ),
    .executableTarget(
      name: "tickplay",
      dependencies: ["TickGeometry", "TickAnimation", "TickScene", "TickSDL"]
    ),
    .target(name: "TestSupport", dependencies: ["TickSDL"], path: "Tests/TestSupport"),
    .testTarget(name: "TickGeometryTests", dependencies: ["TickGeometry"]),
    .testTarget(name: "TickAnimationTests", dependencies: ["TickAnimation"]),
    .testTarget(name: "TickSceneTests", dependencies: ["TickScene"]),
    .testTarget(
      name: "TickSDLTests", dependencies: ["TickSDL", "TestSupport", "tickplay"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["TickScene", "TickSDL", "TestSupport", "tickplay"]),
  ]
)
