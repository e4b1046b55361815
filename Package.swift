// swift-tools-version:6.0
import PackageDescription

// Dependencies run one way (docs/architecture.md, "Modules"): TickScene uses TickGeometry
// and TickAnimation (which know nothing of each other), and TickThreads (the step's
// worker pool); TickFrame (pixels on the CPU) and
// TickFiles (JSON, style and replay files) use TickScene; TickApp (play's running state)
// uses both; TickCommandLine uses TickApp; TickSDL uses them all, with TickThreads; and
// tickplay adds TickEncode (the animated-image encoders). The pure modules depend on
// nothing but the standard library and each other, so the package graph itself stops them
// from importing SDL.
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
    // giflib has no pkg-config file on Debian: the module map links it by name.
    .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
    // Animated exports that keep every colour: lossless WebP (libwebp's animation encoder),
    // and APNG, whose chunks are written here with zlib's deflate and CRC-32.
    .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // WM_NAME as UTF8_STRING (SDL writes it in the locale's encoding, which tools that
    // read WM_NAME cannot decode): C, so that X11's names stay out of Swift.
    .target(
      name: "CX11Title", dependencies: ["CSDL2"], linkerSettings: [.linkedLibrary("X11")]),
    // The compose path's frames put straight into an X11 window through MIT-SHM, not drawn
    // by the renderer: in C, as CX11Title, so that X11's names stay out of Swift.
    .target(
      name: "CX11Shm", dependencies: ["CSDL2"],
      linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext")]),
    // A window destroyed by another client ends play cleanly, where Xlib's default error
    // handler would exit at once: in C, as CX11Title, so that X11's names stay out of Swift.
    .target(
      name: "CX11Gone", dependencies: ["CSDL2"], linkerSettings: [.linkedLibrary("X11")]),
    // Signal handlers, and the part files they remove when a signal ends the process: in
    // C, where what a handler may do (async-signal-safe calls only) is plain.
    .target(name: "CSignals"),
    .target(name: "TickGeometry"),
    .target(name: "TickAnimation"),
    .target(name: "TickScene", dependencies: ["TickGeometry", "TickAnimation", "TickThreads"]),
    .target(name: "TickFrame", dependencies: ["TickGeometry", "TickScene"]),
    .target(name: "TickFiles", dependencies: ["TickGeometry", "TickAnimation", "TickScene"]),
    .target(
      name: "TickApp",
      dependencies: ["TickGeometry", "TickAnimation", "TickScene", "TickFrame", "TickFiles"]),
    .target(
      name: "TickCommandLine",
      dependencies: [
        "TickGeometry", "TickAnimation", "TickScene", "TickFrame", "TickFiles", "TickApp",
      ]),
    // The cores a process may run on: sched_getaffinity and CPU_COUNT, which glibc declares
    // only under _GNU_SOURCE, in C.
    .target(name: "CAffinity"),
    .target(name: "TickThreads"),
    .target(
      name: "TickEncode", dependencies: ["TickGeometry", "TickFiles", "CGIF", "CWebP", "CZlib"]),
    .target(
      name: "TickSDL",
      dependencies: [
        "TickGeometry", "TickScene", "TickFrame", "TickFiles", "TickApp", "TickCommandLine",
        "TickThreads", "CAffinity", "CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig", "CX11Title",
        "CX11Shm",
        "CX11Gone", "CSignals",
      ]
    ),
    .executableTarget(
      name: "tickplay",
      dependencies: [
        "TickGeometry", "TickAnimation", "TickScene", "TickFrame", "TickFiles", "TickApp",
        "TickCommandLine", "TickThreads", "TickEncode", "TickSDL", "CSignals",
      ]
    ),
    .target(
      name: "TestSupport", dependencies: ["TickScene", "TickFrame", "TickSDL"],
      path: "Tests/TestSupport"),
    .testTarget(name: "TickGeometryTests", dependencies: ["TickGeometry", "TickFrame"]),
    .testTarget(name: "TickAnimationTests", dependencies: ["TickAnimation"]),
    // Scenes that the pure modules' tests start from, shared between their targets.
    .target(name: "SceneFixtures", dependencies: ["TickScene"], path: "Tests/SceneFixtures"),
    .testTarget(
      name: "TickSceneTests", dependencies: ["TickScene", "TickFrame", "SceneFixtures"]),
    .testTarget(
      name: "TickFrameTests", dependencies: ["TickFrame", "TickScene", "SceneFixtures"]),
    .testTarget(name: "TickThreadsTests", dependencies: ["TickThreads"]),
    .testTarget(
      name: "TickAppTests",
      dependencies: ["TickScene", "TickFrame", "TickFiles", "TickApp", "TickCommandLine"]),
    .testTarget(
      name: "TickSDLTests",
      dependencies: [
        "TickFrame", "TickFiles", "TickApp", "TickCommandLine", "TickEncode", "TickSDL",
        "TestSupport", "tickplay",
      ],
      exclude: ["Goldens"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TickScene", "TickFrame", "TickFiles", "TickApp", "TickCommandLine", "TickSDL",
        "TestSupport", "tickplay",
      ]),
  ]
)
