import Foundation
import Testing

@testable import CurrentWorld

/// `WorldScope` reads the task-local box in place, as one pointer with `nil`
/// as zero; these tests fail if that layout or that reading ever changes.
@Suite struct WorldScopeLayoutTests {
  @Test func anOptionalBoxIsOnePointer() {
    #expect(MemoryLayout<Locked<World>?>.size == MemoryLayout<UnsafeRawPointer>.size)
    let none: Locked<World>? = nil
    withUnsafeBytes(of: none) { #expect($0.allSatisfy { $0 == 0 }) }
  }

  @Test func readingInPlaceFindsTheSameBoxAsTaskLocalGet() {
    withWorld(fixedWorld()) {
      let viaGet = WorldScope.scoped!.withLock { $0.date() }
      let inPlace = WorldScope.withInnermost { $0.withLock { $0.date() } }
      #expect(viaGet == inPlace)
      #expect(inPlace == Date(timeIntervalSince1970: 0))
    }
  }
}
