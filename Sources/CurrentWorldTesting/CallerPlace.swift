#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport
  import Foundation
  #if compiler(>=6.3) && canImport(Runtime)
    import Runtime
  #endif

  /// Finds where in the user's code `Current` was read: the first frame of
  /// the call stack, below CurrentWorld's own, whose file is not one of this
  /// package's. CurrentWorld asks on each read or write that escaped a test
  /// world, and at the first read or write of a test without a world.
  ///
  /// A stack is captured on every ask, which costs microseconds. The
  /// caller's return address is found in it without symbolicating, from
  /// the addresses of the package's own frames that earlier stacks showed;
  /// a stack is symbolicated (about half a second on Linux, where the
  /// debug information is read again each time) only when its caller's
  /// address is new: once per place in the code, however many threads or
  /// tests read there. Without Swift's `Runtime` module (below Swift 6.3,
  /// or before the OS versions that ship it), nothing is found, and the
  /// warning names the thread instead.
  enum CallerPlace {
    /// The package's `Sources` folder as this build compiled it: a frame
    /// whose file is under it is the package's own, whichever module.
    static let packageSources =
      URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().path + "/"

    /// The core's folder: the caller of `Current` follows its frames.
    static let coreSources = packageSources + "CurrentWorld/"

    /// Whether this build and system can find places at all.
    static var canLocate: Bool {
      #if compiler(>=6.3) && canImport(Runtime)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
          return true
        }
      #endif
      return false
    }

    /// How `TestWorlds` finds places: ``locate()``, ``locateLater(_:)``
    /// and ``settled(_:)``.
    static let finder = TestWorlds.PlaceFinder(
      now: locate, later: locateLater, settled: settled)

    /// The place of the caller of `Current`, found on the calling thread:
    /// for a failure, which must be recorded there, in its test.
    static func locate() -> TestWorlds.CodePlace? {
      #if compiler(>=6.3) && canImport(Runtime)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
          let places = StackPlaces.shared
          return places.place(ofCallerIn: places.capture())
        }
      #endif
      return nil
    }

    /// Hands the place of the caller of `Current` to `deliver`: at once
    /// where it is known, else from a queue of its own once the stack has
    /// been symbolicated there, so that the escaping work is not held up.
    static func locateLater(_ deliver: @escaping @Sendable (TestWorlds.CodePlace?) -> Void) {
      #if compiler(>=6.3) && canImport(Runtime)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
          let places = StackPlaces.shared
          guard let backtrace = places.capture() else { return deliver(nil) }
          if let known = places.known(backtrace) { return deliver(known) }
          queue.async { deliver(places.place(ofCallerIn: backtrace)) }
          return
        }
      #endif
      deliver(nil)
    }

    /// Calls `then` once every place asked for later so far is delivered.
    static func settled(_ then: @escaping @Sendable () -> Void) {
      queue.async(execute: then)
    }

    /// Where stacks are symbolicated, one at a time, for
    /// ``locateLater(_:)``.
    private static let queue = DispatchQueue(label: "CurrentWorld.CallerPlace", qos: .utility)

    /// Where the caller of `Current` is among `frames`, innermost first.
    ///
    /// `boundary` is the index of the first frame that follows a frame of
    /// the core and whose file is not the package's: every frame before it
    /// is the package's own, the capture's, or the closure that installed
    /// the query (which may sit in a test's file), and comes before the
    /// caller in every stack through the same code. `place` is the first
    /// frame from there on with a place that a person can open: a macro's
    /// expansion (a read inside `#expect`) has a buffer for a file, and a
    /// line 0 is code that the compiler made. Frames of the package's other
    /// modules are an HTTP client or a server's middleware that read
    /// `Current` for the user's code; frames without a file, or of code
    /// that the compiler made, are passed over. Where every frame with a
    /// file after the core's is the package's (a read by a `URLProtocol` on
    /// URLSession's own thread), the boundary is the first frame after the
    /// package's last, with no place. `nil` when no frame follows the
    /// core's.
    static func caller<Frame>(
      in frames: some Sequence<Frame>,
      file: (Frame) -> String?,
      place: (Frame) -> TestWorlds.CodePlace?
    ) -> (boundary: Int, place: TestWorlds.CodePlace?)? {
      var afterCore = false
      var boundary: Int?
      var afterPackage: Int?
      for (index, frame) in frames.enumerated() {
        // No file, or code that the compiler made (`<compiler-generated>`).
        guard let path = file(frame), !path.hasSuffix(">") else {
          if afterCore, boundary == nil, afterPackage == nil { afterPackage = index }
          continue
        }
        if path.hasPrefix(coreSources) { afterCore = true }
        if afterCore, boundary == nil, path.hasPrefix(packageSources) { afterPackage = nil }
        guard afterCore, !path.hasPrefix(packageSources) else { continue }
        let first = boundary ?? index
        boundary = first
        if !path.contains("@__swiftmacro_"), let place = place(frame), place.line > 0 {
          return (first, place)
        }
      }
      return (boundary ?? afterPackage).map { ($0, nil) }
    }
  }

  #if compiler(>=6.3) && canImport(Runtime)
    /// What the stacks symbolicated so far taught: which return addresses
    /// are the package's own frames, and the place of each caller's.
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    final class StackPlaces: Sendable {
      static let shared = StackPlaces()

      /// The most stacks symbolicated that taught nothing (no frame of the
      /// core in them): each costs as much as a new place.
      static let fruitlessStacks = 8

      private struct Learned {
        /// Return addresses of frames that come before the caller: the
        /// package's, the capture's and the installed closure's.
        var passed = Set<Backtrace.Address>()
        /// The place of the caller that follows each of those frames, by
        /// the return address of the first frame after them; `nil` where
        /// no frame there has a place (a read inside `#expect`, whose stack
        /// ends in Swift Testing's frames).
        var places = [Backtrace.Address: TestWorlds.CodePlace?]()
        var fruitless = 0
      }

      private let learned = Locked(Learned())

      /// The process's images, captured once: a capture that is given none
      /// reads them again, which cost more than a millisecond a read on
      /// Linux. An image loaded later is not in it, and a frame there has
      /// no place.
      let images = ImageMap.capture()

      /// The innermost 24 frames of the caller's stack (`top: 0`): by
      /// default the capture keeps 16 of the outermost and only 7
      /// innermost, which missed the caller of a read in a test that Swift
      /// Testing runs deep in its own stack.
      func capture() -> Backtrace? {
        try? Backtrace.capture(limit: 24, top: 0, images: images)
      }

      /// The place of the caller in `backtrace`, if this process already
      /// knows it without symbolicating: `.some(nil)` where it knows there
      /// is none to find, `nil` where the stack must be symbolicated.
      func known(_ backtrace: Backtrace) -> TestWorlds.CodePlace?? {
        let addresses = backtrace.frames.map(\.originalProgramCounter)
        return learned.withLock { learned in
          if learned.fruitless >= Self.fruitlessStacks { return .some(nil) }
          let first = addresses.first { !learned.passed.contains($0) }
          return first.flatMap { learned.places[$0] }
        }
      }

      /// The place of the caller in `backtrace`: known, or found by
      /// symbolicating it, which teaches the next lookups.
      func place(ofCallerIn backtrace: Backtrace?) -> TestWorlds.CodePlace? {
        guard let backtrace else { return nil }
        if let known = known(backtrace) { return known }
        // Outside the lock: it takes long, and other threads ask meanwhile.
        // Two threads at a new place may both symbolicate it, once.
        guard let symbolicated = backtrace.symbolicated(with: images) else { return nil }
        let frames = symbolicated.frames.filter { !$0.isSwiftThunk }
        let found = CallerPlace.caller(
          in: frames, file: { $0.symbol?.sourceLocation?.path },
          place: { frame in
            guard let symbol = frame.symbol, let location = symbol.sourceLocation else {
              return nil
            }
            let module = CallerPlace.module(ofMangled: symbol.rawName)
            let file = URL(fileURLWithPath: location.path).lastPathComponent
            return TestWorlds.CodePlace(
              fileID: "\(module ?? Substring(symbol.imageName))/\(file)",
              filePath: location.path, line: location.line, column: location.column,
              function: symbol.name)
          })
        learned.withLock { learned in
          guard let found else {
            learned.fruitless += 1
            return
          }
          // Every captured frame before the user's first, thunks included,
          // which the symbolicated frames above leave out.
          let first = frames[found.boundary].captured.originalProgramCounter
          for address in backtrace.frames.map(\.originalProgramCounter) {
            if address == first { break }
            learned.passed.insert(address)
          }
          learned.places[first] = .some(found.place)
        }
        return found?.place
      }
    }
  #endif

  extension TestWorlds {
    /// Whether this build and system find where `Current` was read (see
    /// `CallerPlace`): Swift 6.3 or later, with Swift's `Runtime` module.
    package static var canLocatePlaces: Bool { CallerPlace.canLocate }
  }

  extension CallerPlace {
    /// The module that a mangled Swift symbol (`$s12CurrentWorld…`)
    /// belongs to, or `nil` for a symbol that is not Swift's: the module
    /// part of a place's file ID.
    static func module(ofMangled name: String) -> Substring? {
      guard name.hasPrefix("$s") else { return nil }
      let afterPrefix = name.dropFirst(2)
      let digits = afterPrefix.prefix { $0.isASCII && $0.isNumber }
      guard let length = Int(digits), length > 0 else { return nil }
      let identifier = afterPrefix.dropFirst(digits.count).prefix(length)
      return identifier.count == length ? identifier : nil
    }
  }
#endif
