import Foundation

/// Runs one test of this test executable again, in a process of its own, and
/// reports how that process ended.
///
/// Some behaviour is once per process (a diagnosis that CurrentWorld shows
/// once) or fails the whole run on purpose (a forgotten override called from
/// detached work); a child process is the only place to watch it. A probe is
/// a test that runs only when ``variable`` names it.
enum ProbeProcess {
  /// The environment variable that names the probe a child runs.
  static let variable = "CURRENTWORLD_PROBE"

  /// The probe this process runs, if it is a child.
  static let current = ProcessInfo.processInfo.environment[variable]

  /// This test executable, when the runner lets a test start it again:
  /// Linux's `swift test` runs one `.xctest` executable for both libraries.
  /// macOS runs `xctest` or `swiftpm-testing-helper` instead, and there the
  /// probes are not run.
  static let executable: String? = {
    let path = CommandLine.arguments.first ?? ""
    return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path)
      ? path : nil
  }()

  /// How long a child may run before it is ended, so that a hung child
  /// fails by name: far longer than the longest probe takes even on a
  /// saturated machine (30 s was too short beside three other copies of
  /// the suite), and three times that under ThreadSanitizer, which slows a
  /// child tenfold.
  static let limitSeconds =
    ProcessInfo.processInfo.environment["CURRENTWORLD_SANITIZER"] == nil ? 120 : 360

  /// Whether probes can run here: a test executable, and not a child.
  static var isAvailable: Bool { executable != nil && current == nil }

  struct Outcome {
    let status: Int32
    let output: String
    var failed: Bool { status != 0 }
  }

  /// Runs the Swift Testing probe `name`, found by `filter`; on one CPU
  /// only if `oneCPU` (Linux), as in a container given one core.
  static func swiftTesting(
    _ name: String, filter: String, environment: [String: String] = [:], oneCPU: Bool = false
  ) async throws -> Outcome {
    try await run(
      name, ["--testing-library", "swift-testing", "--filter", filter], environment,
      oneCPU: oneCPU)
  }

  /// Runs the XCTest probe `name`: `test` is `Class` or `Class/testMethod`.
  static func xcTest(_ name: String, test: String, environment: [String: String] = [:])
    async throws -> Outcome
  {
    try await run(name, ["CurrentWorldTestingTests.\(test)"], environment)
  }

  /// Runs a child on a thread of its own: waiting for it on the
  /// cooperative pool, which has as many threads as cores, stalled every
  /// other test while children hung.
  private static func run(
    _ name: String, _ arguments: [String], _ environment: [String: String],
    oneCPU: Bool = false
  ) async throws -> Outcome {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result { try runBlocking(name, arguments, environment, oneCPU: oneCPU) })
      }
    }
  }

  /// The first CPU this process may run on, from Linux's
  /// `Cpus_allowed_list` ("0-1", "2,5").
  private static func firstAllowedCPU() -> String? {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
    let list = line?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""
    return list.split(whereSeparator: { $0 == "-" || $0 == "," }).first.map(String.init)
  }

  private static func runBlocking(
    _ name: String, _ arguments: [String], _ environment: [String: String], oneCPU: Bool
  ) throws -> Outcome {
    // `Process` exists on macOS and Linux only; elsewhere no probe runs
    // (``executable`` is `nil` there too, since no `.xctest` file runs).
    #if os(macOS) || os(Linux)
      let process = Process()
      if oneCPU {
        // util-linux's `taskset`: Swift's Glibc module has no `sched_setaffinity`.
        guard let cpu = firstAllowedCPU() else { throw CocoaError(.featureUnsupported) }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/taskset")
        process.arguments = ["-c", cpu, executable!] + arguments
      } else {
        process.executableURL = URL(fileURLWithPath: executable!)
        process.arguments = arguments
      }
      var childEnvironment = ProcessInfo.processInfo.environment
      childEnvironment[variable] = name
      // A child that traps must not start Swift's backtracer: it outlives the
      // child holding the pipe open, so reading to the end never ended.
      childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
      childEnvironment.merge(environment) { _, new in new }
      process.environment = childEnvironment
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      // A child that hangs is ended, so the probe fails by name with what the
      // child printed, rather than holding the whole run until CI's cap. With
      // SIGKILL: the test runners block SIGTERM (`terminate()`) on their
      // threads, so a hung runner ignored it.
      // On a thread of its own: a run whose GCD threads are all blocked
      // must still end its child.
      Thread.detachNewThread {
        Thread.sleep(forTimeInterval: TimeInterval(limitSeconds))
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      }
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return Outcome(
        status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    #else
      throw CocoaError(.featureUnsupported)
    #endif
  }
}
