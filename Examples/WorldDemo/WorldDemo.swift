import CurrentWorld
import CurrentWorldExamples
import CurrentWorldHTTP
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `swift run world-demo`: the example screens in a terminal, offline on an
/// embedded fixture world unless `--live` is given.
@main struct WorldDemo {
  static func main() async {
    let options: DemoOptions
    do {
      options = try DemoOptions.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(
        Data("world-demo: \(error)\nRun 'world-demo --help' for usage.\n".utf8))
      exit(64)  // EX_USAGE
    }
    if options.help {
      print(DemoOptions.usage)
      return
    }
    #if DEBUG
      await run(options)
    #else
      // Release builds make `Current` a `let`: nothing, not even this demo,
      // can swap in the fixture world or the command line's settings.
      FileHandle.standardError.write(
        Data(
          "world-demo: sets Current, which only debug builds allow; run it with 'swift run world-demo'.\n"
            .utf8))
      exit(1)
    #endif
  }

  #if DEBUG
    static func run(_ options: DemoOptions) async {
      var world = options.live ? World.live : FixtureWorld.world
      if options.live {
        // Live APIs, but the Notes screen's settings and file stay in a
        // store and folders of this run's own, removed as it exits: the
        // demo never writes the user's Documents or settings.
        let scratch = World.fixed(at: Date())
        world.defaults = scratch.defaults
        world.directories = scratch.directories
      }
      if let folder = options.recordings {
        // Each API's calls go to a HAR file of its own in the folder: sent
        // (to the live services, or to the fixtures) and recorded, or
        // answered from the file with nothing sent.
        let mode: HARMode = options.record ? .recordAll : .replay
        let live = options.live
        FixtureWorld.useAPIs(in: &world) { baseURL in
          let client =
            live
            ? HTTPClient.live(
              baseURL: baseURL,
              token: { ProcessInfo.processInfo.environment["TMDB_API_TOKEN"] })
            : FixtureWorld.client(baseURL)
          let name = baseURL.host?.split(separator: ".").dropLast().last ?? "api"
          return client.replaying(
            .contentsOf(folder.appendingPathComponent("\(name).har"), mode: mode))
        }
      }
      if let locale = options.locale { world.locale = locale }
      if let timeZone = options.timeZone { world.timeZone = timeZone }
      if let date = options.date { world.date = { date } }
      world.analytics = Analytics(track: AnalyticsLog.shared.append)

      await withWorld(world) {
        // Made in the demo's world, which answers the session's requests
        // (and dates its recordings).
        if let session = breedsSession(options) { Current.urlSession = session }
        if let seconds = options.countdown {
          await Screens.countdown(from: seconds)
        } else {
          await Screens.run(source: options.source)
        }
      }
    }

    /// The session plain `URLSession` code sends through
    /// (`Current.urlSession`): answered by the embedded fixture, or sent
    /// (to the service, or to the fixture) and recorded to the folder, or
    /// replayed from it; `nil` live, which keeps `URLSession.shared`.
    static func breedsSession(_ options: DemoOptions) -> URLSession? {
      let fixture = URLSessionConfiguration.replaying(.archive(FixtureWorld.breeds))
      guard let folder = options.recordings else {
        return options.live ? nil : URLSession(configuration: fixture)
      }
      let file = folder.appendingPathComponent("dog.har")
      guard options.record else { return .replaying(.contentsOf(file)) }
      return URLSession(
        configuration: .replaying(
          .contentsOf(file, mode: .recordAll), basedOn: options.live ? .default : fixture))
    }
  #endif
}
