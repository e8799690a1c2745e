import CurrentWorld
import Foundation

// A live app's process: every stored-state field reads the platform's own,
// and reading `Current` makes nothing on disk. The script runs it with a
// temporary directory and a home of its own, then looks in them.
print("context: \(Current.context)")
print("standard: \(Current.defaults === UserDefaults.standard)")
print("platform folders: \(Current.directories == AppDirectories.platform)")
print("process environment: \(Current.environment == ProcessInfo.processInfo.environment)")
var random = Current.random
var seeded = RandomSource.seeded(RandomSource.testSeed)
print("seeded: \(random.next() == seeded.next())")
