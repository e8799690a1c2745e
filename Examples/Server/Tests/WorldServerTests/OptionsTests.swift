import CurrentWorldHummingbird
import CurrentWorldTesting
import Foundation
import Testing
import WorldServer

/// The command line: every option, and a clear error for bad input.
@Suite struct OptionsTests {
  @Test func everyOptionIsRead() throws {
    let options = try ServerOptions(arguments: [
      "--port", "9090", "--hostname", "0.0.0.0", "--date", "2026-01-15T14:30:00Z",
      "--locale", "es_AR", "--time-zone", "America/Argentina/Buenos_Aires", "--live",
    ])
    #expect(options.port == 9090)
    #expect(options.hostname == "0.0.0.0")
    #expect(options.date == serverDate)
    #expect(options.locale?.identifier == "es_AR")
    #expect(options.timeZone?.identifier == "America/Argentina/Buenos_Aires")
    #expect(options.live)
  }

  @Test func theDefaultsListenOnLoopback() throws {
    let options = try ServerOptions(arguments: [])
    #expect(options == ServerOptions())
    #expect(options.port == 8080 && options.hostname == "127.0.0.1" && !options.live)
  }

  @Test(arguments: [
    (["--port", "http"], "--port http is not a port"),
    (["--port", "70000"], "--port 70000 is not a port"),
    (["--date", "yesterday"], "--date yesterday is not an ISO 8601 date"),
    (["--time-zone", "Mars/Base"], "--time-zone Mars/Base is not a time zone"),
    (["--port"], "--port needs a value"),
    (["--verbose"], "Unknown option --verbose"),
  ])
  func badInputIsAUsageError(_ arguments: [String], _ message: String) {
    #expect {
      try ServerOptions(arguments: arguments)
    } throws: { error in
      (error as? ServerOptions.UsageError)?.description.contains(message) == true
    }
  }

  @Test func theOptionsMakeTheServersWorld() async throws {
    let options = try ServerOptions(arguments: [
      "--date", "2026-01-15T14:30:00Z", "--locale", "fr_FR", "--time-zone", "Europe/Paris",
    ])
    var world = World.test
    options.configureWorldServer(&world)
    #expect(world.date() == serverDate)
    #expect(world.locale.identifier == "fr_FR")
    #expect(world.timeZone.identifier == "Europe/Paris")
    #expect(world.calendar.timeZone.identifier == "Europe/Paris")
    #expect(try await world.catFactAPI.fetchFact() == Fixtures.catFact)
  }
}
