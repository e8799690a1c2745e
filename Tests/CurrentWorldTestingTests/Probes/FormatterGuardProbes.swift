import CurrentWorld
import Foundation
import Testing

/// A Thai full date's formatter, asked for a month where its pattern starts
/// with a weekday: ICU stops inside "สิ", which stops corelibs Foundation.
private enum ThaiFullDate {
  static let text = "สิงหาคม"

  static func plain() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "th_TH")
    formatter.calendar = Calendar(identifier: .buddhist)
    formatter.timeZone = TimeZone(identifier: "Asia/Bangkok")
    formatter.dateStyle = .full
    formatter.timeStyle = .none
    return formatter
  }

  static func shared() -> SharedDateFormatter {
    var world = World.test
    world.locale = Locale(identifier: "th_TH")
    world.calendar = Calendar(identifier: .buddhist)
    world.timeZone = TimeZone(identifier: "Asia/Bangkok")!
    return withWorld(world) { Current.dateFormatter(dateStyle: .full, timeStyle: .none) }
  }
}

@Suite(.enabled(if: ProbeProcess.current != nil)) struct FormatterGuardProbes {
  @Test(.enabled(if: ProbeProcess.current == "plain-formatter"))
  func plainFormatter() {
    let date = ThaiFullDate.plain().date(from: ThaiFullDate.text)
    print("survived: \(String(describing: date))")
  }

  @Test(.enabled(if: ProbeProcess.current == "shared-formatter"))
  func sharedFormatter() {
    let date = ThaiFullDate.shared().date(from: ThaiFullDate.text)
    print("survived: \(String(describing: date))")
  }
}

/// Promise: the vocabulary check in `SharedDateFormatter.date(from:)` is what
/// turns corelibs Foundation's trap into `nil`. Both probes parse the same
/// text with the same settings; only the shared formatter runs the check.
/// (Probes run on Linux only; Apple's Foundation does not trap, and there
/// the check does not run.)
@Suite(
  .enabled(if: ProbeProcess.isAvailable, "needs Linux's single .xctest test executable"),
  .timeLimit(.minutes(10)))
struct FormatterGuardTests {
  @Test func thePlainFormatterStopsTheProcessAndTheSharedOneAnswersNil() async throws {
    let plain = try await ProbeProcess.swiftTesting("plain-formatter", filter: "plainFormatter")
    #expect(plain.failed, "\(plain.output)")
    #expect(plain.output.contains("Fatal error: Incorrect range"), "\(plain.output)")
    #expect(!plain.output.contains("survived"), "\(plain.output)")

    let shared = try await ProbeProcess.swiftTesting("shared-formatter", filter: "sharedFormatter")
    #expect(!shared.failed, "\(shared.output)")
    #expect(shared.output.contains("survived: nil"), "\(shared.output)")
  }
}
