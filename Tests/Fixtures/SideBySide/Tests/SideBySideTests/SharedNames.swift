// The article "Coming from other styles", section "Side by side in one test
// file": a file of its own that says, for the whole test target, which
// library's clocks and issue reporter the shared names mean.
import CurrentWorld
import CurrentWorldTesting

// swift-dependencies re-exports swift-clocks and IssueReporting, whose
// TestClock, ImmediateClock, UnimplementedClock and IssueReporter share
// CurrentWorld's names. Declared once in the test target, these make every
// file in it mean CurrentWorld's; swift-dependencies' are then
// `Clocks.TestClock<Duration>` and `IssueReporting.IssueReporter`. Both
// libraries have an `unimplemented`: name the module, so that each key gets
// its own library's.
typealias TestClock = CurrentWorldTesting.TestClock
typealias ImmediateClock = CurrentWorldTesting.ImmediateClock
typealias UnimplementedClock = CurrentWorldTesting.UnimplementedClock
typealias IssueReporter = CurrentWorld.IssueReporter
