// The code of the article "Time, identity and launch", compiled and run as
// tests.
import CurrentWorld
import CurrentWorldTesting
import Foundation
import Testing

/// Retries `operation` up to three times, a second apart.
func withRetries<Value: Sendable>(
  _ operation: @Sendable () async throws -> Value
) async throws -> Value {
  for _ in 1..<3 {
    if let value = try? await operation() { return value }
    try await Current.clock.sleep(for: .seconds(1))
  }
  return try await operation()
}

/// An operation that fails a given number of times, then says which attempt
/// succeeded.
actor Attempts {
  struct Failure: Error {}
  private var count = 0

  func fail(times: Int) throws -> Int {
    count += 1
    if count <= times { throw Failure() }
    return count
  }
}

/// A value whose identity comes from the world.
struct Todo: Identifiable {
  let id: UUID
  var title: String

  init(title: String) {
    id = Current.uuid()
    self.title = title
  }
}

@Suite(.world, .timeLimit(.minutes(10))) struct TimeSnippets {

  @Test func aFixedWorldForPreviews() {
    var world = World.fixed(at: Date(timeIntervalSince1970: 1_768_487_400))
    world.locale = Locale(identifier: "es_AR")
    withWorld(world) {
      #expect(Current.uuid() == UUID(0))
      #expect(Current.calendar.component(.day, from: Current.date()) == 15)
    }
  }
}

@Test(.world, .timeLimit(.minutes(10))) func retriesASecondApart() async throws {
  let clock = TestClock()
  Current.clock = clock
  let attempts = Attempts()
  let result = Task { try await withRetries { try await attempts.fail(times: 2) } }
  await clock.waitForSleepers()
  await clock.advance(by: .seconds(1))
  await clock.waitForSleepers()
  await clock.advance(by: .seconds(1))
  #expect(try await result.value == 3)
}

@Test(.world) func retriesWithoutWaiting() async throws {
  Current.clock = ImmediateClock()
  let attempts = Attempts()
  #expect(try await withRetries { try await attempts.fail(times: 2) } == 3)
}

@Test(.world) func todosGetKnownIdentifiers() {
  #expect(Todo(title: "Buy milk").id == UUID(0))
  #expect(Todo(title: "Call mom").id == UUID(1))
}
