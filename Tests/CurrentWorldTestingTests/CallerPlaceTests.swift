import CurrentWorld
import Testing

@testable import CurrentWorldTesting

/// Which frame of a stack the escape warning names: the caller of `Current`.
@Suite struct CallerPlaceTests {
  /// A frame: its module, and the line it has a place at, if any.
  typealias Frame = (module: Substring?, line: Int?)

  static func caller(_ frames: [Frame]) -> Int? {
    CallerPlace.caller(
      in: frames, module: \.module,
      place: { frame in
        frame.line.map {
          TestWorlds.CodePlace(
            fileID: "M/F.swift", filePath: "F.swift", line: $0, column: 1, function: "f")
        }
      })?.line
  }

  /// Promise: the frame named is the first with a place after
  /// CurrentWorld's own frames. A test's module that installed the query
  /// sits before them (a closure `locate: CallerPlace.locate` written in a
  /// test); the package's other modules (an HTTP client that read the
  /// clock for the user's code), a frame without a place, or one at line 0
  /// (an implicit closure) are passed over.
  @Test func theCallerFollowsCurrentWorldsOwnFrames() {
    let frames: [Frame] = [
      ("Runtime", 10), ("CurrentWorldTesting", 20), ("MyTests", 0), ("MyTests", 30),
      ("CurrentWorld", 40), ("CurrentWorldHTTP", 41), ("MyApp", nil), ("MyApp", 0),
      ("MyApp", 50), ("MyTests", 60),
    ]
    #expect(Self.caller(frames) == 50)
  }

  /// Promise: a stack with no frame of CurrentWorld, or none after it with
  /// a place, names nothing.
  @Test func withoutCurrentWorldsFramesNothingIsNamed() {
    #expect(Self.caller([("MyTests", 30), ("CurrentWorldTesting", 20)]) == nil)
    #expect(Self.caller([("CurrentWorld", 40), ("MyApp", nil)]) == nil)
  }

  /// Promise: a mangled Swift symbol names its module; other symbols none.
  @Test func aMangledNameGivesItsModule() {
    #expect(
      CallerPlace.module(ofMangled: "$s12CurrentWorld0A5ScopeO4readAA0B0VyFZ") == "CurrentWorld")
    #expect(CallerPlace.module(ofMangled: "$s5MyApp3runyyF") == "MyApp")
    #expect(CallerPlace.module(ofMangled: "main") == nil)
    #expect(CallerPlace.module(ofMangled: "$s99Short") == nil)
  }
}
