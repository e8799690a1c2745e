import CurrentWorld
import Testing

@testable import CurrentWorldTesting

/// Which frame of a stack the escape warning names: the caller of `Current`.
@Suite struct CallerPlaceTests {
  /// A frame: its file, and the line it has a place at, if any.
  typealias Frame = (file: String?, line: Int?)

  static let core = CallerPlace.coreSources + "Scopes/Current.swift"
  static let http = CallerPlace.packageSources + "CurrentWorldHTTP/HTTPClient.swift"
  static let testing = CallerPlace.packageSources + "CurrentWorldTesting/CallerPlace.swift"

  static func caller(_ frames: [Frame]) -> (boundary: Int, line: Int?)? {
    CallerPlace.caller(
      in: frames, file: \.file,
      place: { frame in
        frame.line.map {
          TestWorlds.CodePlace(
            fileID: "M/F.swift", filePath: frame.file ?? "", line: $0, column: 1, function: "f")
        }
      }
    ).map { ($0.boundary, $0.place?.line) }
  }

  /// Promise: the frame named is the first with a place after
  /// CurrentWorld's own frames, found by their files, not a list of
  /// modules. A test's file that installed the query sits before them (a
  /// closure `locate: CallerPlace.locate` written in a test); the
  /// package's other modules (an HTTP client that read the clock for the
  /// user's code), code the compiler made, a frame without a place, one at
  /// line 0 (an implicit closure) or in a macro's expansion are passed
  /// over, and the frames
  /// before the user's first are the ones every stack through the same
  /// code shares.
  @Test func theCallerFollowsCurrentWorldsOwnFrames() {
    let frames: [Frame] = [
      (nil, nil), (Self.testing, 20), ("/app/Tests/MyTests.swift", 30), (Self.core, 40),
      (Self.http, 41), ("<compiler-generated>", 0), (Self.http, 42),
      ("/app/Sources/MyApp/A.swift", nil),
      ("@__swiftmacro_5MyApp6expectfMf_.swift", 1), ("/app/Sources/MyApp/A.swift", 0),
      ("/app/Sources/MyApp/A.swift", 50), ("/app/Tests/MyTests.swift", 60),
    ]
    let found = Self.caller(frames)
    #expect(found?.line == 50)
    #expect(found?.boundary == 7)
  }

  /// Promise: a stack with no frame of CurrentWorld names nothing; one
  /// whose frames after it have no place names no place, but still tells
  /// where the user's frames begin.
  @Test func withoutCurrentWorldsFramesNothingIsNamed() {
    #expect(Self.caller([("/app/Tests/MyTests.swift", 30), (Self.testing, 20)]) == nil)
    let placeless = Self.caller([(Self.core, 40), ("@__swiftmacro_X.swift", 1), (nil, nil)])
    #expect(placeless?.boundary == 1)
    #expect(placeless?.line == nil)
  }

  /// Promise: a stack whose frames after CurrentWorld's are all the
  /// package's or have no file (a `URLProtocol` reading the clock on
  /// URLSession's own thread) still tells where they end, with no place,
  /// so that it is learned once rather than counted as a stack that taught
  /// nothing: eight of those turned place finding off for the process.
  @Test func aStackWithNoUserFrameEndsAfterThePackagesFrames() {
    let frames: [Frame] = [
      (Self.testing, 20), (Self.core, 40), (nil, nil), (Self.http, 41), (Self.http, 42),
      (nil, nil), (nil, nil),
    ]
    let found = Self.caller(frames)
    #expect(found?.boundary == 5)
    #expect(found?.line == nil)
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
