import CurrentWorld
import Foundation
import Testing

/// `World.fixed(at:)`: the deterministic base of the test world and the
/// demo, each field as its documentation says.
@Suite struct FixedWorldTests {
  static let date = Date(timeIntervalSince1970: 1_768_487_400)

  @Test func timeAndPlaceAreTheSameEverywhere() {
    let world = World.fixed(at: Self.date)
    #expect(world.date() == Self.date)
    #expect(world.calendar.identifier == .gregorian)
    #expect(world.locale.identifier == "en_US_POSIX")
    #expect(world.timeZone.secondsFromGMT(for: Self.date) == 0)
    #expect(world.timeZone.identifier == TimeZone(identifier: "UTC")!.identifier)
    // The calendar computes in the world's zone: 14:30 UTC is hour 14.
    #expect(world.calendar.component(.hour, from: Self.date) == 14)
  }

  @Test func uuidsCountFromZeroInEachWorld() {
    let first = World.fixed(at: Self.date)
    #expect(first.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(first.uuid().uuidString == "00000000-0000-0000-0000-000000000001")
    let second = World.fixed(at: Self.date)
    #expect(second.uuid().uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func notificationsAreRecordedPrivately() {
    let world = World.fixed(at: Self.date)
    #expect(world.notifications !== NotificationHub.live)
    let name = Notification.Name("FixedWorldTests.posted")
    world.notifications.post(name)
    #expect(world.notifications.posted == [name])
    #expect(World.fixed(at: Self.date).notifications.posted == [])
  }

  @Test func theRestIsTheLiveWorlds() {
    let world = World.fixed(at: Self.date)
    #expect(world.context == World.live.context)
    #expect(world.clock is ContinuousClock)
  }
}
