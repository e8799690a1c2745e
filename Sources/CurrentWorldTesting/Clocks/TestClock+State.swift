#if DEBUG
  import CurrentWorld
  internal import CurrentWorldSupport

  // The clock's state: who is asleep, who waits for sleepers, and which
  // woken tasks have not run again.
  extension TestClock {
    struct Sleeper {
      let id: UInt64
      let deadline: TestInstant
      let continuation: CheckedContinuation<Void, any Error>
    }

    struct Watcher {
      let id: UInt64
      let count: Int
      let continuation: CheckedContinuation<Bool, Never>
    }

    struct State {
      var now: TestInstant
      var nextID: UInt64 = 0
      var sleepers: [Sleeper] = []
      var watchers: [Watcher] = []
      /// Sleepers the clock woke whose tasks have not run since.
      var woken: Set<UInt64> = []
      /// The advance waiting for a woken sleeper's task to run, by sleeper.
      var resumptionWaiters: [UInt64: CheckedContinuation<Bool, Never>] = [:]
      /// Woken sleepers whose advance gave up before it began to wait.
      var abandoned: Set<UInt64> = []

      mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
      }

      /// Removes and returns the watchers that enough sleepers satisfy.
      mutating func satisfiedWatchers() -> [Watcher] {
        let count = sleepers.count
        let satisfied = watchers.filter { $0.count <= count }
        watchers.removeAll { $0.count <= count }
        return satisfied
      }

      /// Removes and returns the watcher `id`, if it still waits.
      mutating func removeWatcher(_ id: UInt64) -> Watcher? {
        watchers.firstIndex { $0.id == id }.map { watchers.remove(at: $0) }
      }

      /// The sleeper with the earliest deadline; the first made of equals.
      func indexOfEarliest() -> Int? {
        sleepers.indices.min { sleepers[$0].deadline < sleepers[$1].deadline }
      }

      /// Whether anybody is asleep until `deadline` or earlier.
      func hasSleeper(dueBy deadline: TestInstant) -> Bool {
        sleepers.contains { $0.deadline <= deadline }
      }

      /// The earliest deadline of anybody asleep.
      var earliestDeadline: TestInstant? {
        indexOfEarliest().map { sleepers[$0].deadline }
      }
    }
  }
#endif
