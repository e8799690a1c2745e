#!/usr/bin/env python3
"""Measures how many plausible one-line bugs the test suite catches.

Each mutant below is one small bug in a behaviour that the README or the
docs promise. The script clones the repository into a scratch folder, puts
in one mutant at a time, builds, and runs the README's `swift test` with a
time limit. A mutant is

  killed    when a named test fails and the run ends within the limit: an
            issue that is not a known one on a Swift Testing test, read
            from its event stream (JSON lines), or a failed XCTest case,
            read from XCTest's failure lines (swift test gives XCTest no
            structured output here), as .ci/check-failure-attribution does,
  CRASHED   when the run fails with no named test failing (a crash, or a
            runner's error): caught, but not by a test that says why,
  HUNG      when the run is stopped at the limit (caught only by a hang),
  SURVIVED  when every test passes,
  INVALID   when the mutant does not compile: an error of this tool (the
            mutant must be written again), never left out of the count.

The score is the share killed of every mutant run; anything but a named
kill fails the run.

The goal (issue #22) is 95% killed, and none caught only by a hang. One
mutant costs a rebuild and a run of the suite, two to three minutes on two
cores, so `.ci/run` checks that every mutant still matches its source
(`--check`) and runs a fixed sample (`--sample`) in its own build folder;
the full run is for a person, after changing tests or promises.

    python3 .ci/mutants.py                 # every mutant
    python3 .ci/mutants.py --only http     # the mutants whose area or name matches
    python3 .ci/mutants.py --list          # what would run
    python3 .ci/mutants.py --check         # every mutant matches its source, nothing built
    python3 .ci/mutants.py --sample --in-place   # CI's sample, in this checkout
    python3 .ci/mutants.py --plant         # three planted mutants get CRASHED, HUNG, INVALID,
                                           # and a failing baseline is refused

Before any mutant, the unmutated suite runs: a suite that fails (a flaky or
broken test) would make every mutant "killed", so the run is refused. A
passing baseline is reused by a later run on the same commit and changes
(CI's sample, then its planted mutants). The mutated file is restored on
every signal that can be caught; after a SIGKILL, the next run restores it.
A run stopped at its limit ends the processes it started, by id.

Each mutant's test log and event stream are kept in the scratch clone's
.build/mutant-logs.

When a change moves the text a mutant replaces, the script fails and names
every such mutant: update the mutant with the code, do not drop it.
"""
import argparse
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

# Seconds. A whole run of the suite takes under a minute here. The suites'
# own time limits are 10 minutes (Swift Testing counts in whole minutes, and
# a loaded CI machine needs that much), so a mutant that makes a test hang
# is stopped here first and counted HUNG: caught, but not by a named test.
TEST_LIMIT = 200

CORE = "Sources/CurrentWorld"
HTTP = "Sources/CurrentWorldHTTP"
TESTING = "Sources/CurrentWorldTesting"

# The mutants that CI runs (`--sample`): promises that the last changes
# made, in modules that rebuild fast.
SAMPLE = [
    "a language with q=0 is listed",
    "a replay matches the query in recorded order",
    "a Swift Testing issue of an unimplemented call carries no call (#70)",
    "the last check before writing is skipped",
]

# Mutants that prove the verdicts (`--plant`): each must get its own. In a
# leaf module with a small test target (run with `--covering`), so that
# proving them rebuilds little, and the core's build is left as it was.
NEGOTIATION = "Sources/CurrentWorldServer/LanguageNegotiation.swift"
PLANTED = [
    ("CRASHED", "every language match traps", NEGOTIATION,
     "    negotiate(header).all\n", '    fatalError("planted")\n'),
    ("HUNG", "every language match spins", NEGOTIATION,
     "    negotiate(header).all\n", "    while true {}\n"),
    ("INVALID", "a language match does not compile", NEGOTIATION,
     "    negotiate(header).all\n", "    negotiate(header).all + 1\n"),
]

# (area, bug, file, text, replacement): the text occurs once in the file.
MUTANTS = [
    # Scopes
    ("scopes", "withWorld's update is not applied", f"{CORE}/Scopes/WorldScope.swift",
     "    try update(&world)\n    // Not through", "    var unchanged = world\n    try update(&unchanged)\n    // Not through"),
    ("scopes", "a scope write goes to the process-wide world", f"{CORE}/Scopes/WorldScope.swift",
     "      box.store(world)", "      processWide.store(world)"),
    ("scopes", "a read ignores the scope", f"{CORE}/Scopes/WorldScope.swift",
     "    static func read() -> World { read(box) }",
     "    static func read() -> World { read(processWide) }"),
    ("scopes", "async withWorld(update) enters Current, not the updated world",
     f"{CORE}/Scopes/WorldScope.swift",
     "return try await withWorld(world, isolation: isolation",
     "return try await withWorld(Current, isolation: isolation"),
    ("scopes", "SharedWorld captures the process-wide world", f"{CORE}/Scopes/SharedWorld.swift",
     "box = WorldScope.box", "box = WorldScope.processWide"),
    ("scopes", "SharedWorld's async run ignores its world", f"{CORE}/Scopes/SharedWorld.swift",
     "try await WorldScope.$box.withValue(box, operation: operation, isolation: isolation)",
     "try await operation()"),
    ("scopes", "SharedWorld.bind runs outside the world", f"{CORE}/Scopes/SharedWorld.swift",
     "run { body(repeat each argument) }", "body(repeat each argument)"),
    ("scopes", "SharedWorld.world is the reader's world", f"{CORE}/Scopes/SharedWorld.swift",
     "      WorldScope.read(box)\n", "      Current\n"),
    ("scopes", "SharedWorld.world is a copy, not read in its scope",
     f"{CORE}/Scopes/SharedWorld.swift", "      WorldScope.read(box)\n",
     "      World(storage: WorldStorage(WorldScope.read(box).storage.fields))\n"),
    ("scopes", "a world read in another scope merges as if read here",
     f"{CORE}/Scopes/WorldBox.swift", "readHere: id != 0 && world.readIn == id)",
     "readHere: id != 0)"),
    ("scopes", "a built world merges into a scope nobody read",
     f"{CORE}/Scopes/WorldBox.swift", "readHere: id != 0 && world.readIn == id)",
     "readHere: world.readIn == id)"),
    # Merging
    ("merging", "a merge drops the uuid field", f"{CORE}/World/Fields/UUIDField.swift",
     "{ $0.uuid = $1.uuid }", "{ _, _ in }"),
    ("merging", "the test world leaves notifications live",
     f"{CORE}/World/Fields/NotificationsField.swift", "world.notifications = .recording()",
     "_ = world"),
    ("merging", "a merge skips calendar alignment", f"{CORE}/World/WorldEdits.swift",
     "} else if written.overlaps(.calendarTriple) {\n      merged.alignCalendar()\n    }", "}"),
    ("merging", "a merged locale skips the destination's calendar rule",
     f"{CORE}/World/WorldEdits.swift", "merged.followLocale(merged.locale)",
     "merged.alignCalendar()"),
    ("merging", "a locale write counts its calendar as written (#68)",
     f"{CORE}/World/Fields/LocaleField.swift", "set { update(.locale) {",
     "set { update(FieldSet(rawValue: FieldSet.locale.rawValue | FieldSet.calendar.rawValue)) {"),
    ("merging", "a locale write leaves the calendar's locale",
     f"{CORE}/World/BuiltInFields.swift",
     "      if !calendar.setOnPurpose { calendar.value = newLocale.calendar }\n      alignCalendar()",
     "      if !calendar.setOnPurpose { calendar.value = newLocale.calendar }"),
    ("merging", "alignment skips the calendar's locale", f"{CORE}/World/BuiltInFields.swift",
     "if calendar.value.locale != locale { calendar.value.locale = locale }", ""),
    ("merging", "setting an app key twice keeps the old value",
     f"{CORE}/World/DependencyList.swift",
     "if self.key == key { return next }", "if self.key == key { return self }"),
    ("merging", "an app key's test context reads its live value", f"{CORE}/World/World.swift",
     "case .test: return Key.testValue", "case .test: return Key.liveValue"),
    ("merging", "previewValue defaults to testValue", f"{CORE}/World/WorldKey.swift",
     "public static var previewValue: Value { liveValue }",
     "public static var previewValue: Value { testValue }"),
    ("escapes", "an escape still being placed when an XCTest test ends is dropped",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Escapes.swift",
     "      for escape in pending.takeAll() {", "      for escape in [PendingEscape]() {"),
    # One-line dependencies (#69)
    ("dependencies", "a dependency reads its process value in every context",
     f"{CORE}/World/WorldDependency.swift",
     "    if context == madeFor, let made { return made.value }\n    return madeAtFirstRead(for: context)",
     "    if let made { return made.value }\n    return madeAtFirstRead(for: context)"),
    ("dependencies", "a preview without a preview value reads the test value",
     f"{CORE}/World/WorldDependency.swift",
     "let context = makers[context] == nil ? .live : context",
     "let context = makers[context] == nil ? .test : context"),
    ("dependencies", "racing first reads keep each their own value",
     f"{CORE}/World/WorldDependency.swift",
     "      if let first = values[context] { return first }\n", ""),
    ("dependencies", "an override does not keep its dependency alive",
     f"{CORE}/World/World+Dependencies.swift",
     "key: ObjectIdentifier(dependency), owner: dependency)",
     "key: ObjectIdentifier(dependency), owner: nil)"),
    ("dependencies", "a dependency's write is not recorded for a merge",
     f"{CORE}/World/World+Dependencies.swift",
     "    update(key: key) { fields in", "    update(.date) { fields in"),
    ("dependencies", "the namespace subscript writes a copy",
     f"{CORE}/World/World+Dependencies.swift",
     "    set { self[Self.dependency(key)] = newValue }",
     "    set { var copy = self; copy[Self.dependency(key)] = newValue }"),
    # Made only when read; bootstrap makes nothing it replaces; a static var is caught (#77)
    ("dependencies", "a dependency makes its live value in every process",
     f"{CORE}/World/WorldDependency.swift",
     "    madeFor = makers[process] == nil ? .live : process", "    madeFor = .live"),
    ("dependencies", "a dependency first used in bootstrap makes its value at once",
     f"{CORE}/World/WorldDependency.swift",
     "    made = LaunchWorld.isConfiguring ? nil : MadeValue(makers[madeFor]!())",
     "    made = MadeValue(makers[madeFor]!())"),
    ("dependencies", "a value made at its first read is made at every read",
     f"{CORE}/World/WorldDependency.swift",
     "    if let value = madeLater.withLock({ $0[context] }) { return value }\n", ""),
    ("escapes", "escapes: .fail only warns", "Sources/CurrentWorldTesting/WorldTrait.swift",
     "        escapes == .fail && !Self.failsOnEscapes\n",
     "        false && escapes == .fail && !Self.failsOnEscapes\n"),
    ("escapes", "a WorldTestCase's escapes: .fail only warns",
     "Sources/CurrentWorldTesting/WorldTestCase.swift",
     "        escapes == .fail\n        ? TestWorlds.failOnEscapes(",
     "        false\n        ? TestWorlds.failOnEscapes("),
    ("dependencies", "a static var dependency is not reported",
     f"{CORE}/World/World+Dependencies.swift",
     "      if isKnownUniquelyReferenced(&dependency) {", "      if false, isKnownUniquelyReferenced(&dependency) {"),
    ("merging", "app-key edits are not merged", f"{CORE}/World/World.swift",
     "    if !edits!.keys.contains(key) { edits!.keys.append(key) }\n", "\n"),
    ("merging", "dump descends into a field's value", f"{CORE}/World/World+Description.swift",
     "self, children: summaries.map { (label: $0.label, value: $0.summary) },",
     "self, children: Mirror(reflecting: storage.fields).children,"),
    # Escapes
    ("escapes", "a Swift Testing test without a world is not reported",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Diagnosis.swift", "        reportTestWithoutWorld(query)", "        _ = query"),
    ("escapes", "a test world is not counted as active", f"{CORE}/Scopes/TestWorlds/TestWorlds.swift",
     "      active.withLock { $0 += 1 }\n      defer { active.withLock { $0 -= 1 } }\n"
     "      return try withWorld(world, operation: operation)",
     "      return try withWorld(world, operation: operation)"),
    ("escapes", "an escape is reported every time, not once per place",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Escapes.swift",
     "      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }\n      IssueReporter.deliver(\n        ReportedIssue(\n          message: escapeMessage",
     "      _ = reported.withLock({ $0.insert(diagnosis).inserted })\n      IssueReporter.deliver(\n        ReportedIssue(\n          message: escapeMessage"),
    ("escapes", "a Swift Testing test without a world is only warned",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Diagnosis.swift",
     "column: place?.column ?? 0,\n          severity: .failure))",
     "column: place?.column ?? 0,\n          severity: .warning))"),
    ("escapes", "a test without a world is reported at each read and write (#67)",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Diagnosis.swift",
     "      if reported.withLock({ $0.contains(diagnosis) }) { return }\n      let place = query.places.now()\n      guard reported.withLock({ $0.insert(diagnosis).inserted }) else { return }",
     "      let place = query.places.now()"),
    ("escapes", "a test without a world is placed at the test (#67)",
     f"{CORE}/Scopes/TestWorlds/TestWorlds+Diagnosis.swift", "      let place = query.places.now()",
     "      let place: CodePlace? = nil"),
    ("escapes", "the caller is the first frame after the core, whatever its file (#70)",
     f"{TESTING}/CallerPlace.swift", "        guard afterCore, !path.hasPrefix(packageSources) else { continue }",
     "        guard afterCore else { continue }"),
    ("escapes", "a new place is symbolicated on the escaping thread (#70)",
     f"{TESTING}/CallerPlace.swift", "          queue.async { deliver(places.place(ofCallerIn: backtrace)) }",
     "          deliver(places.place(ofCallerIn: backtrace))"),
    ("escapes", "a read inside #expect is placed in the macro's expansion (#67)",
     f"{TESTING}/CallerPlace.swift", "        if !path.contains(\"@__swiftmacro_\"), let place = place(frame)",
     "        if let place = place(frame)"),
    ("escapes", "a Swift Testing issue of an unimplemented call carries no call (#70)",
     f"{TESTING}/TestRunnerReporter.swift", "if let call = issue.unimplemented, !issue.isWarning {",
     "if let call = issue.unimplemented, false {"),
    ("reporting", "an unimplemented call's issue is shown as a caught error (#79)",
     f"{TESTING}/Issue+Unimplemented.swift",
     "Issue.record(Comment(rawValue: comment), sourceLocation: location)",
     "Issue.record(call, Comment(rawValue: comment), sourceLocation: location)"),
    ("reporting", "an issue recorded while a call's issue is matched is the call (#79)",
     f"{TESTING}/Issue+Unimplemented.swift",
     "        comments.map(\\.rawValue) == [recording.comment]", "        true"),
    ("xctest", "a pending XCTest observer waits for the main queue's turn (#67)",
     f"{TESTING}/TestRunnerReporter.swift",
     "      if XCTestRun.isPending { XCTestRun.addPendingObserver() }\n", ""),
    ("escapes", "a notification observer runs outside the observing world",
     f"{CORE}/Notifications/NotificationHub.swift",
     "world.run { handler(userInfo) }", "handler(userInfo)"),
    # Resets
    ("resets", "no reset before an XCTest test", f"{TESTING}/XCTestRun.swift",
     "      TestWorlds.unseenTestIsKnown(wasRunning: false)\n      TestWorlds.resetProcessWide()\n",
     "      TestWorlds.unseenTestIsKnown(wasRunning: false)\n"),
    ("resets", "no reset after an XCTest test", f"{TESTING}/XCTestRun.swift",
     "      started.withLock { $0 = nil }\n      TestWorlds.resetProcessWide()",
     "      started.withLock { $0 = nil }"),
    ("resets", "WorldTestCase ignores its world override", f"{TESTING}/WorldTestCase.swift",
     "TestWorlds.withTestWorld(world)", "TestWorlds.withTestWorld(.test)"),
    # Traits
    ("traits", "a test's world trait ignores its suite's world", f"{TESTING}/WorldTrait.swift",
     "var world = Self.isActive ? Current : World.test", "var world = World.test"),
    ("traits", "a world trait's update is not applied", f"{TESTING}/WorldTrait.swift",
     "      update(&world)\n", "\n"),
    # Detection
    ("detection", "previews are detected as tests", f"{CORE}/World/World+Context.swift",
     '== "1" { return .preview }', '== "1" { return .test }'),
    ("detection", "CURRENTWORLD_CONTEXT is ignored", f"{CORE}/World/World+Context.swift",
     "if let forced = environment(", "if false, let forced = environment("),
    ("detection", "swiftpm-testing-helper is not a test runner",
     f"{CORE}/World/World+Context.swift",
     '"swiftpm-testing-helper".utf8', '"swiftpm-testing-helpers".utf8'),
    ("detection", "a bundle argument with a trailing slash is missed",
     f"{CORE}/World/World+Context.swift",
     ' || $0.utf8.ends(with: ".xctest/")', ""),
    ("detection", "XCTestBundlePath is not a test variable", f"{CORE}/World/World+Context.swift",
     '"XCTestBundlePath", ', ""),
    ("detection", "the live world in a test process has the live context",
     f"{CORE}/World/BuiltInFields.swift", "static let defaultContext = World.Context.process",
     "static let defaultContext = World.Context.live"),
    ("detection", "a debug lock does not check for misuse", "Sources/CurrentWorldSupport/Locked.swift",
     ".init(PTHREAD_MUTEX_ERRORCHECK)", ".init(PTHREAD_MUTEX_NORMAL)"),
    ("detection", "the process-wide world keeps World.live's context",
     f"{CORE}/World/World+ProcessWide.swift", "    fields.context = context\n", "\n"),
    # Reporting
    ("reporting", "a scoped reporter is ignored", f"{CORE}/Reporting/IssueReporter.swift",
     "get { scoped ?? installed.withLock { $0.inUse } }", "get { installed.withLock { $0.inUse } }"),
    ("reporting", "connecting the runners replaces the app's reporter",
     f"{CORE}/Reporting/IssueReporter.swift",
     "var inUse: IssueReporter { setByCode ?? testRunner ?? .standardError }",
     "var inUse: IssueReporter { testRunner ?? setByCode ?? .standardError }"),
    ("reporting", "an issue does not reach the runner when the app set a reporter",
     f"{CORE}/Reporting/IssueReporter.swift", "    runner?.report(issue)\n", "\n"),
    ("reporting", "standard error swaps warning and error", f"{CORE}/Reporting/IssueReporter.swift",
     'issue.isWarning ? "warning: " : "error: "', 'issue.isWarning ? "error: " : "warning: "'),
    ("reporting", "standard error shows the column for the line",
     f"{CORE}/Reporting/IssueReporter.swift",
     '"\\(issue.fileID):\\(issue.line): "', '"\\(issue.fileID):\\(issue.column): "'),
    ("reporting", "an XCTest warning fails the test", f"{TESTING}/TestRunnerReporter.swift",
     "          IssueReporter.standardError.report(issue)\n        } else {\n"
     "          recordXCTestFailure(issue)",
     "          recordXCTestFailure(issue)\n        } else {\n          recordXCTestFailure(issue)"),
    ("reporting", "a Swift Testing issue loses its line", f"{TESTING}/TestRunnerReporter.swift",
     "line: max(issue.line, 1),", "line: 1,"),
    ("reporting", "an XCTest failure loses its line", f"{TESTING}/TestRunnerReporter.swift",
     "XCTFail(message, file: place.filePath, line: place.line)",
     "XCTFail(message, file: place.filePath, line: 1)"),
    ("reporting", "an unimplemented closure with a placeholder reports nothing",
     f"{CORE}/Reporting/Unimplemented.swift",
     "    _ = reportUnimplemented(.notOverridden(field), fileID, filePath, line, column)\n", ""),
    # Time and place
    ("time", "World.test's locale is en_US", f"{CORE}/World/Fields/LocaleField.swift",
     'Locale(identifier: "en_US_POSIX")', 'Locale(identifier: "en_US")'),
    ("time", "testDate is the Unix epoch", f"{TESTING}/World+Test.swift",
     "Date(timeIntervalSinceReferenceDate: 0)", "Date(timeIntervalSince1970: 0)"),
    ("time", "a fixed world's calendar stays set on purpose",
     f"{CORE}/World/Fields/CalendarField.swift",
     "$0.calendar.setOnPurpose = false", "$0.calendar.setOnPurpose = true"),
    ("time", "World.test's uuid is random", f"{CORE}/World/Fields/UUIDField.swift",
     "world.uuid = World.countingUUIDs()", "world.uuid = { UUID() }"),
    # Formatting
    ("formatting", "a cached formatter ignores the time zone",
     f"{CORE}/Formatting/DateFormatterCache.swift", "    formatter.timeZone = key.timeZone\n", ""),
    ("formatting", "the formatter cache never evicts", f"{CORE}/Formatting/DateFormatterCache.swift",
     "      if state.formatters.count >= Self.limit {\n        swap(&state.formatters, &evicted)\n        state.restarts += 1\n      }\n", ""),
    ("formatting", "a world builds a formatter per call",
     f"{CORE}/Formatting/World+DateFormatting.swift", "    DateFormatterCache.shared.formatter(",
     "    DateFormatterCache().formatter("),
    ("formatting", "formatStyle uses the current calendar",
     f"{CORE}/Formatting/World+DateFormatting.swift",
     "      locale: locale,\n      calendar: calendar,\n      timeZone: timeZone\n    )\n  }",
     "      locale: locale,\n      calendar: .current,\n      timeZone: timeZone\n    )\n  }"),
    ("formatting", "makeDateFormatter drops the time zone",
     f"{CORE}/Formatting/SharedDateFormatter.swift",
     "    copy.timeZone = timeZone\n", ""),
    # HTTP
    ("http", "300 is a success", f"{HTTP}/HTTPClient.swift", "(200..<300)", "(200...300)"),
    ("http", "a body of exactly the limit is refused", f"{HTTP}/HTTPClient.swift",
     "guard data.count <= limit else", "guard data.count < limit else"),
    ("http", "an endpoint's own size limit is ignored", f"{HTTP}/HTTPClient.swift",
     "let limit = endpoint.responseSizeLimit ?? responseSizeLimit",
     "let limit = responseSizeLimit"),
    ("http", "limitingResponse(to:) counts KiB", f"{HTTP}/Endpoint.swift",
     "copy.responseSizeLimit = bytes", "copy.responseSizeLimit = bytes * 1024"),
    ("http", "a declared length over the limit is read anyway",
     f"{HTTP}/SessionTransport.swift",
     "response.expectedContentLength <= Int64(limit)",
     "response.expectedContentLength / 4 <= Int64(limit)"),
    ("http", "a streamed body ignores the chunk that crosses the limit",
     f"{HTTP}/SessionTransport.swift",
     "body.count + data.count <= limit", "body.count <= limit"),
    ("http", "a credential redirect to another origin is followed",
     f"{HTTP}/SessionTransport.swift",
     "return !carriesCredentials || request.url.map(Origin.init) == origin", "return true"),
    ("http", "an origin compares hosts by case", f"{HTTP}/SessionTransport.swift",
     "host = url.host?.lowercased()", "host = url.host"),
    ("http", "an endpoint's credential headers are carried across origins",
     f"{HTTP}/SessionTransport.swift",
     'credentials: Self.credentialHeaders.union(["authorization"])',
     'credentials: ["authorization"]'),
    ("http", "a credential header name is kept in its case", f"{HTTP}/Endpoint.swift",
     "copy.credentialHeaders.insert(name.lowercased())", "copy.credentialHeaders.insert(name)"),
    ("http", "a secret query item is shown in errors", f"{HTTP}/Redaction.swift",
     "guard SecretNames.isSecret(name, inQueryOrForm: true), item.value", "guard false, item.value"),
    ("http", "a URL's password is kept in errors", f"{HTTP}/Redaction.swift",
     "      components.password = nil\n", ""),
    ("http", "a four-character secret is not hidden", f"{HTTP}/Redaction.swift",
     "$0.count >= 4", "$0.count > 4"),
    ("http", "a status body excerpt shows the token", f"{HTTP}/HTTPClient.swift",
     "APIError.excerpt(of: data, hiding: token.secrets)", "APIError.excerpt(of: data)"),
    ("http", "a URLError timeout is a transport error", f"{HTTP}/HTTPClient.swift",
     "where error.code == .timedOut {\n      throw .timeout(url: url)",
     "where error.code == .timedOut {\n      throw .cancelled(url: url)"),
    ("http", "cancellation is reported as a timeout", f"{HTTP}/HTTPClient.swift",
     "catch is CancellationError {\n      throw .cancelled(url: url)",
     "catch is CancellationError {\n      throw .timeout(url: url)"),
    ("http", "an infinite timeout sets a deadline", f"{HTTP}/HTTPClient.swift",
     "guard seconds > 0, seconds < 1e9 else", "guard seconds > 0 else"),
    ("http", "a cancelled call still sends", f"{HTTP}/HTTPClient.swift",
     "      try Task.checkCancellation()\n      // A recording learns the token",
     "      // A recording learns the token"),
    ("http", "the deadline does not cancel the transport", f"{HTTP}/Deadline.swift",
     "          worker.cancel()\n", ""),
    ("http", "a cancelled caller waits for the transport", f"{HTTP}/Deadline.swift",
     "      outcome.finish(.failure(CancellationError()))\n", ""),
    ("http", "a NUL in a header value is sent", f"{HTTP}/Endpoint.swift",
     " || $0 == 0x00 }", " }"),
    ("http", "an empty header name is a token", f"{HTTP}/Endpoint.swift",
     "!text.isEmpty && text.utf8.allSatisfy", "text.utf8.allSatisfy"),
    ("http", "a query value keeps its plus sign", f"{HTTP}/Endpoint.swift",
     '0123456789-._~")', '0123456789-._~+")'),
    ("http", "a '.' path segment is allowed", f"{HTTP}/Endpoint.swift",
     '$0 == "." || $0 == ".."', '$0 == ".."'),
    ("http", "an empty token is sent", f"{HTTP}/Endpoint.swift",
     "guard let token, !token.isEmpty else", "guard let token else"),
    ("http", "a 503's Retry-After is ignored", f"{HTTP}/APIError.swift",
     "response.statusCode == 429 || response.statusCode == 503", "response.statusCode == 429"),
    ("http", "a Retry-After date rounds down", f"{HTTP}/APIError.swift",
     ".rounded(.up)", ".rounded(.down)"),
    ("http", "a decoding path shows indexes as keys", f"{HTTP}/APIError.swift",
     'text += "[\\(index)]"', 'text += ".\\(index)"'),
    ("http", "a missing key's path leaves out the key", f"{HTTP}/APIError.swift",
     "(context.codingPath + [key],", "(context.codingPath,"),
    ("http", "a text of exactly the limit is marked as cut", f"{HTTP}/Redaction.swift",
     "text.count > limit ?", "text.count >= limit ?"),
    ("http", "a task cancelled before it starts is sent", f"{HTTP}/SessionTransport.swift",
     "if cancelled { task.cancel() } else { task.resume() }", "task.resume()"),
    # Clocks
    ("clocks", "TestClock wakes sleepers in registration order",
     f"{TESTING}/Clocks/TestClock+State.swift",
     "sleepers[$0].deadline < sleepers[$1].deadline", "sleepers[$0].id < sleepers[$1].id"),
    ("clocks", "advance gives up one wake early (#79)", f"{TESTING}/Clocks/TestClock.swift",
     "        if Task.isCancelled { return false }\n        if wokeLast,",
     "        if bound.isSpent || Task.isCancelled { return false }\n        if wokeLast,"),
    ("clocks", "a sleep until now suspends", f"{TESTING}/Clocks/TestClock.swift",
     "if deadline <= state.now {", "if deadline < state.now {"),
    ("clocks", "advance does not move now past the last sleeper",
     f"{TESTING}/Clocks/TestClock.swift",
     "            if state.now < deadline { state.now = deadline }\n", ""),
    ("clocks", "waitForSleepers wants one more sleeper than asked",
     f"{TESTING}/Clocks/TestClock+State.swift",
     "        let count = sleepers.count\n", "        let count = sleepers.count - 1\n"),
    ("clocks", "checkSuspension passes with one sleeper", f"{TESTING}/Clocks/TestClock.swift",
     "guard deadlines.isEmpty else", "guard deadlines.count < 2 else"),
    ("clocks", "a cancelled TestClock sleeper is never woken", f"{TESTING}/Clocks/TestClock.swift",
     "        sleeper?.continuation.resume(throwing: CancellationError())\n", ""),
    ("clocks", "ImmediateClock's now never moves", f"{TESTING}/Clocks/ImmediateClock.swift",
     "now = max(now, deadline)", "now = now"),
    ("clocks", "ImmediateClock ignores cancellation", f"{TESTING}/Clocks/ImmediateClock.swift",
     "      try Task.checkCancellation()\n", ""),
    ("clocks", "TestInstant's duration is reversed", f"{TESTING}/Clocks/TestInstant.swift",
     "other.offset - offset", "offset - other.offset"),
    ("clocks", "UnimplementedClock's sleep returns instead of throwing",
     f"{TESTING}/Clocks/UnimplementedClock.swift", "      throw error\n", "      return\n"),
    ("clocks", "UnimplementedClock fails a deadline's timer",
     f"{TESTING}/Clocks/UnimplementedClock.swift", "if TimeoutTask.isCurrent {",
     "if !TimeoutTask.isCurrent {"),
    # UUIDs
    ("uuids", "incrementing starts at 1", f"{CORE}/World/World+Fixed.swift",
     "Locked<UInt64>(0)", "Locked<UInt64>(1)"),
    ("uuids", "incrementing steps by 2", f"{CORE}/World/World+Fixed.swift",
     "defer { count += 1 }", "defer { count += 2 }"),
    ("uuids", "UUID(number) keeps only 32 bits", f"{CORE}/World/World+Fixed.swift",
     "number & 0xFFFF_FFFF_FFFF", "number & 0xFFFF_FFFF"),
    # Bootstrap
    ("bootstrap", "a second bootstrap replaces the first", f"{CORE}/World/World+Bootstrap.swift",
     "      if let refusal = refusal(in: state) { return refusal }\n", ""),
    ("bootstrap", "bootstrap is applied in test processes", f"{CORE}/World/World+Bootstrap.swift",
     "case .configured(let storage) where context != .test:", "case .configured(let storage):"),
    ("bootstrap", "a bootstrap refusal is not reported", f"{CORE}/World/World+Bootstrap.swift",
     "    if let refusal = LaunchWorld.configure(world) {\n"
     "      IssueReporter.report(refusal, fileID: fileID, filePath: filePath, line: line, column: column)\n"
     "    }",
     "    _ = LaunchWorld.configure(world)"),
    # Recorder
    ("recorder", "a pending value is not recorded", f"{TESTING}/StateRecorder.swift",
     "recorded.values + (transitions.pending.map { [$0] } ?? [])", "recorded.values"),
    ("recorder", "consecutive changes are coalesced", f"{CORE}/State/PropertyTransitions.swift",
     "    if hasChanged { onValue(model[keyPath: keyPath]) }\n    hasChanged = true",
     "    hasChanged = true"),
    ("recorder", "assertValues compares only counts", f"{TESTING}/StateRecorder.swift",
     "guard actual != expected else", "guard actual.count != expected.count else"),
    ("recorder", "ViewState errors ignore their codes", f"{CORE}/State/ViewState.swift",
     "leftError.domain == rightError.domain && leftError.code == rightError.code",
     "leftError.domain == rightError.domain"),
    # Notifications and state
    ("notifications", "a recording hub does not record", f"{CORE}/Notifications/NotificationHub.swift",
     "    log?.withLock { $0.append(name) }\n", ""),
    ("notifications", "userInfo is not posted", f"{CORE}/Notifications/NotificationHub.swift",
     "center.post(name: name, object: nil, userInfo: userInfo)",
     "center.post(name: name, object: nil, userInfo: nil)"),
    ("notifications", "a released observation keeps observing",
     f"{CORE}/Notifications/NotificationObservation.swift", "  deinit { cancel() }\n", ""),
    ("state", "ViewState.isLoading is true for initial", f"{CORE}/State/ViewState.swift",
     "if case .loading = self { return true }", "if case .initial = self { return true }"),
    ("state", "a world's description shows a time zone's full form",
     f"{CORE}/World/World+Description.swift",
     "case let zone as TimeZone: zone.identifier", 'case let zone as TimeZone: "\\(zone)"'),
    # More formatting, escapes, reporting, traits
    ("formatting", "a cached formatter ignores its date style",
     f"{CORE}/Formatting/DateFormatterCache.swift", "    formatter.dateStyle = key.dateStyle\n", ""),
    ("formatting", "makeDateFormatter drops the locale",
     f"{CORE}/Formatting/SharedDateFormatter.swift", "    copy.locale = locale\n", ""),
    ("formatting", "dateFormatter ignores the world's locale",
     f"{CORE}/Formatting/World+DateFormatting.swift",
     "      for: DateFormatterCache.Key(\n        locale: locale,",
     '      for: DateFormatterCache.Key(\n        locale: Locale(identifier: "en_US_POSIX"),'),
    ("escapes", "a write outside tests is not warned about", f"{CORE}/Scopes/TestWorlds/TestWorlds+Diagnosis.swift",
     "} else if !reading && runner == .none {", "} else if false {"),
    ("reporting", "a reported issue has no compiled place", f"{CORE}/Reporting/ReportedIssue.swift",
     "    compiledPlace = CompiledPlace(filePath: filePath, line: line)\n", ""),
    ("traits", "a suite's world trait skips nested suites", f"{TESTING}/WorldTrait.swift",
     "public var isRecursive: Bool { true }", "public var isRecursive: Bool { false }"),
    ("clocks", "waitForSleepers wants more than enough already asleep",
     f"{TESTING}/Clocks/TestClock.swift",
     "if state.sleepers.count >= count || Task.isCancelled { return false }",
     "if state.sleepers.count > count || Task.isCancelled { return false }"),
    # More HTTP
    ("http", "jsonBody sends no Content-Type", f"{HTTP}/Endpoint.swift",
     '    copy.headers["Content-Type"] = "application/json"\n', ""),
    ("http", "a base path's trailing slash is doubled", f"{HTTP}/Endpoint.swift",
     'let trimmedBase = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath',
     "let trimmedBase = basePath"),
    ("http", "the body is not sent", f"{HTTP}/Endpoint.swift", "    request.httpBody = body\n", ""),
    ("http", "an endpoint's timeout is not on its request", f"{HTTP}/Endpoint.swift",
     "timeoutInterval: timeoutInterval ?? defaultTimeout)", "timeoutInterval: defaultTimeout)"),
    ("http", "an endpoint's timeout is not the deadline", f"{HTTP}/HTTPClient.swift",
     "let seconds = endpoint.timeoutInterval ?? timeout", "let seconds = timeout"),
    # Leak checks
    ("leaks", "expectDeallocation does not wait", f"{TESTING}/Deallocation.swift",
     "while object != nil, waited < timeout", "while object != nil, waited > timeout"),
    ("leaks", "expectDeallocation passes a survivor", f"{TESTING}/Deallocation.swift",
     "    guard object == nil else {", "    guard object == nil || true else {"),
    ("leaks", "assertDeallocatedAfterTest checks the opposite",
     f"{TESTING}/Deallocation.swift",
     "guard object != nil else { return }", "guard object == nil else { return }"),
    ("leaks", "expectDeallocation never counts the time it waited",
     f"{TESTING}/Deallocation.swift", "waited += .milliseconds(5)", "waited += .zero"),
    # Date parsing: no text stops the process, and every written date parses
    ("parsing", "date(from:) hands any text to corelibs' formatter",
     f"{CORE}/Formatting/SharedDateFormatter.swift",
     "    guard FormatterVocabulary.isParseable(string, by: vocabularyOnce) else { return nil }\n",
     ""),
    ("parsing", "a character the formatter never writes is let through",
     f"{CORE}/Formatting/FormatterVocabulary.swift",
     "      if !vocabulary.written.contains(character.unicodeScalars.map(\\.value)) { return false }",
     "      _ = character"),
    ("parsing", "a name that ends inside a character is let through",
     f"{CORE}/Formatting/FormatterVocabulary.swift",
     "        !boundaries.contains(start + length)\n      {\n        return false\n      }\n    }\n    return true",
     "        !boundaries.contains(start + length)\n      {\n        _ = length\n      }\n    }\n    return true"),
    ("parsing", "a format character ends a word", f"{CORE}/Formatting/FormatterVocabulary.swift",
     ".nonspacingMark, .spacingMark, .enclosingMark, .format:",
     ".nonspacingMark, .spacingMark, .enclosingMark:"),
    # Built-in fields from the table
    ("fields", "World.fixed skips the fields' fixed values", f"{CORE}/World/World+Fixed.swift",
     "      field.fixed?(&world, date)", "      _ = field"),
    ("fields", "preferredLocales keeps the live list in a fixed world",
     f"{CORE}/World/Fields/PreferredLocalesField.swift",
     "    fixed: { world, _ in world.preferredLocales = [Locale(identifier: \"en_US\")] })",
     "    fixed: nil)"),
    # The request pipeline (CurrentWorldServer)
    ("server", "a request's languages are not led by the negotiated locale",
     "Sources/CurrentWorldServer/RequestWorlds.swift",
     "world.preferredLocales = [first] + preferred.filter { $0.identifier != first.identifier }",
     "world.preferredLocales = preferred"),
    ("server", "a language with q=0 is listed", "Sources/CurrentWorldServer/LanguageNegotiation.swift",
     "for range in ranges where range.quality > 0 {", "for range in ranges {"),
    ("http", "a call from a cancelled task is sent", f"{HTTP}/HTTPClient.swift",
     "      // cancelled call sends nothing.\n      try Task.checkCancellation()\n", "      // cancelled call sends nothing.\n"),
    ("http", "the Linux delivery queue never holds the thread that adds",
     f"{HTTP}/DeliveryQueue.swift", "        OperationQueue.current !== self && slots.wait(",
     "        false && slots.wait("),
    ("server", "header names match only as written", "Sources/CurrentWorldServer/RequestHeaders.swift",
     "byte == lower || (byte &- UInt8(ascii: \"A\") < 26 && byte | 0x20 == lower)",
     "byte == lower"),
    ("server", "a repeated time-zone field keeps the first",
     "Sources/CurrentWorldServer/RequestHeaders.swift",
     "        zone = zone.map { \"\\($0), \\(value)\" } ?? value", "        zone = zone ?? value"),
    ("server", "Content-Language keeps the locale's extensions",
     "Sources/CurrentWorldServer/RequestWorlds.swift",
     "    return language.isEmpty ? tag : language.joined(separator: \"-\")", "    return tag"),
    # Record and replay (#71)
    ("har-replay", "a replay matches the query in recorded order", f"{HTTP}/Recording/RequestKey.swift",
     '"\\($0.name)=\\($0.value ?? "")" }.sorted()', '"\\($0.name)=\\($0.value ?? "")" }'),
    ("har-replay", "a JSON body is matched by its bytes", f"{HTTP}/Recording/RequestKey.swift",
     "    self.body = Self.withoutBoundary(Self.normalized(body))\n",
     "    self.body = Self.withoutBoundary(body)\n"),
    ("har-replay", "a recorded answer is given again", f"{HTTP}/Recording/HARTransport+Replaying.swift",
     "let index = state.unused[route, default: []].remove(at: position)",
     "let index = state.unused[route]![position]"),
    ("har-replay", "an unmatched request is sent", f"{HTTP}/Recording/HARTransport.swift",
     "      case .failure(let missing): return .failure(failure(missing.message(file: name)))",
     "      case .failure: return nil"),
    ("har-replay", "a named or credential header is written", f"{HTTP}/Recording/HARRedactor.swift",
     "    headerNames.contains(name.lowercased())\n", "    false\n"),
    ("har-replay", "an echoed secret is written", f"{HTTP}/Recording/HARRedactor.swift",
     "      found += hidesQueryItem(item.name) ? [value] : hiddenValues(in: Data(value.utf8))",
     "      found += hidesQueryItem(item.name) ? [] : hiddenValues(in: Data(value.utf8))"),
    ("har-replay", "a recording's time is the machine's", f"{HTTP}/Recording/HARTransport+Recording.swift",
     "    let started = now()", "    let started = Date()"),
    ("har-replay", "the environment cannot ask for recording", f"{HTTP}/Recording/HARTransport.swift",
     "    self.mode = mode.effective(environment: environment)", "    self.mode = mode"),
    ("har-replay", "a replay keeps Content-Encoding", f"{HTTP}/Recording/HTTPArchive.swift",
     '["content-encoding", "content-length", "transfer-encoding"]', '["content-length", "transfer-encoding"]'),
    ("har-replay", "a strict replay is not checked at the test's end", f"{HTTP}/Recording/HARTransport+Strict.swift",
     "    let added = Self.checkAtTestEnd { [weak self] in self?.reportUnused() }",
     "    let added = false"),
    ("har-replay", "an authorized replayed call skips its timeout", f"{HTTP}/HTTPClient.swift",
     "    if !endpoint.requiresAuthorization, let replay, replay.answersAtOnce {",
     "    if let replay, replay.answersAtOnce {"),
    ("har-replay", "a replaced transport is still taken for the replay", f"{HTTP}/HTTPClient.swift",
     "    didSet { replay = nil }", "    didSet {}"),
    ("har-replay", "a named query item is matched by its value",
     f"{HTTP}/Recording/HARRedactor.swift",
     "        if hidesQueryItem(item.name.removingPercentEncoding ?? item.name) {",
     "        if false, hidesQueryItem(item.name.removingPercentEncoding ?? item.name) {"),
    ("har-replay", "a malformed entry's place is not named", f"{HTTP}/Recording/HTTPArchive.swift",
     'reason: "log.entries[\\(index)].\\(problem.reason)"', "reason: problem.reason"),
    # No secret in a recording, by default (#76)
    ("har-secrets", "a form field is written", f"{HTTP}/Recording/HARRedactor.swift",
     "      data = Data(form(data, pairs: pairs, depth: depth).utf8)", "      _ = pairs"),
    ("har-secrets", "an OAuth answer's access_token is written", f"{HTTP}/SecretNames.swift",
     '"password", "secret", "signature", "token", "verifier",', '"password", "secret", "signature", "verifier",'),
    ("har-secrets", "a credential-looking header is written", f"{HTTP}/Recording/HARRedaction.swift",
     'return name.hasPrefix("auth") ||', 'return name.hasPrefix("-") && name.hasPrefix("auth") ||'),
    ("har-secrets", "a kept name is hidden anyway", f"{HTTP}/Recording/HARRedactor.swift",
     "    return !kept.contains(comparable) && SecretNames.isSecret",
     "    return SecretNames.isSecret"),
    ("har-secrets", "a JSON-escaped echo is written", f"{HTTP}/Recording/SecretForms.swift",
     "    var forms: Set<String> = [secret, jsonEscaped(secret)]", "    var forms: Set<String> = [secret]"),
    ("har-secrets", "a percent-encoded echo is written", f"{HTTP}/Recording/SecretForms.swift",
     "    for allowed in [alphanumerics, unreserved, queryValueAllowed] {",
     "    for allowed in [queryValueAllowed] {"),
    ("har-secrets", "a base64 echo is written", f"{HTTP}/Recording/SecretForms.swift",
     "    return [base64, unpadded, urlSafe, urlSafe + padding]",
     "    return []"),
    ("har-secrets", "a lone cookie value is written", f"{HTTP}/Recording/HARRedactor.swift",
     '        found += Self.cookieValues(value, separator: ";").filter(SecretShapes.isHunted)',
     '        _ = Self.cookieValues(value, separator: ";")'),
    ("har-secrets", "a Set-Cookie value is written", f"{HTTP}/Recording/HARRedactor.swift",
     '        found += Self.cookieValues(value, separator: ",").filter(SecretShapes.isHunted)',
     '        _ = Self.cookieValues(value, separator: ",")'),
    ("har-secrets", "an answer's hidden value is no secret elsewhere", f"{HTTP}/Recording/HARRedactor.swift",
     "    for readable in ContentCoding.readable(body, decoded: decoded, encoding: encoding) {\n      found += hiddenValues(in: readable)\n    }\n    learn(secrets: found)\n  }\n\n  /// This redactor",
     "    learn(secrets: found)\n  }\n\n  /// This redactor"),
    ("har-secrets", "a plural secret name is kept", f"{HTTP}/SecretNames.swift",
     '    guard part.count >= 3, part.hasSuffix("s"), !part.hasSuffix("ss") else { return part }',
     '    guard false else { return part }'),
    ("har-secrets", "a presigned URL in an answer keeps its signature",
     f"{HTTP}/Recording/BodyValues.swift",
     "    named += Self.queryItems(text).map { ($0.name, $0.value, .query) }", ""),
    ("har-secrets", "a token in a script's JSON is written", f"{HTTP}/Recording/BodyValues.swift",
     "    named += Self.jsonPairs(text, depth: depth).map { ($0.name, $0.value, .json) }", ""),
    ("har-secrets", "a Location keeps its query", f"{HTTP}/Recording/HARRedactor.swift",
     "    if Self.urlHeaders.contains(name.lowercased()) { return url(text: value) }\n",
     ""),
    ("har-secrets", "a URL that cannot be parsed is written as it was",
     f"{HTTP}/Recording/HARRedactor.swift",
     "    guard var components = URLComponents(string: text) else {\n      return self.text(Self.withoutQuery(text))",
     "    guard var components = URLComponents(string: text) else {\n      return self.text(text)"),
    ("har-secrets", "a binary body is not searched", f"{HTTP}/Recording/HARLeakCheck.swift",
     "      if bodyHolds(bytes, forms: forms, binary: encoding?.lowercased() == \"base64\") {",
     "      if false, bodyHolds(bytes, forms: forms, binary: encoding?.lowercased() == \"base64\") {"),
    ("har-secrets", "the last check before writing is skipped", f"{HTTP}/Recording/FileRecording.swift",
     "      if let leak = HARLeakCheck.leak(", "      if false, let leak = HARLeakCheck.leak("),
    ("har-secrets", "a secret replaces the end of a word", f"{HTTP}/Recording/SecretForms.swift",
     "    if SecretForms.isWord(form[0]), let before = byte(back: 1, from: position),",
     "    if false, SecretForms.isWord(form[0]), let before = byte(back: 1, from: position),"),
    ("har-secrets", "a secret replaces the start of a word", f"{HTTP}/Recording/SecretForms.swift",
     "      if SecretForms.isWord(after) { return false }",
     "      if SecretForms.isWord(after), false { return false }"),
    ("har-secrets", "recordNew rewrites the file with its own answers only",
     f"{HTTP}/Recording/FileRecording.swift",
     "        state.written = entries().map { Written(entry: $0.entry, key: $0.key) }",
     "        _ = entries()"),
    # One issue per miss, saying where it was answered (#85)
    ("har-shared", "a miss's error has no description", f"{HTTP}/Recording/HARTransport.swift",
     "    return Self.reported(message)", "    return URLError(.resourceUnavailable)"),
    ("har-shared", "a session's issue claims it came from outside the test's task",
     "Sources/CurrentWorldTesting/TestRelay.swift",
     "        + (issue.whereReported", "        + (String?.none"),
    ("har-shared", "an expected miss is reported", f"{HTTP}/Recording/HARTransport.swift",
     "      case .failure where mode == .replayThrowingMisses:",
     "      case .failure where mode == .replayThrowingMisses && false:"),
    ("har-shared", "a client kept from another test answers", f"{HTTP}/Recording/HARTransport.swift",
     "    guard let madeIn, let sender = SessionWorld.namedTestInEffect, sender.id != madeIn.id",
     "    guard let madeIn, let sender = SessionWorld.namedTestInEffect, sender.id != madeIn.id, false"),
    ("har-shared", "a plain XCTestCase's first write is warned about as outside tests",
     f"{TESTING}/XCTestRun.swift",
     "      TestWorlds.unseenTestIsKnown(wasRunning: !seen)",
     "      TestWorlds.unseenTestIsKnown(wasRunning: false && !seen)"),
    ("har-shared", "an invalidated session's route is kept", f"{HTTP}/Sessions/SessionRoute.swift",
     "      let route = SessionRoute.routes.withLock { $0.byTag.removeValue(forKey: tag) }",
     "      let route = SessionRoute.routes.withLock { $0.byTag[tag] }"),
    ("har-shared", "an unarranged session's failure is placed at the library",
     f"{HTTP}/Sessions/SessionRoute+Unarranged.swift",
     "      let made = unarranged(in: SessionWorld(), readAt: SessionWorld.readerPlace()).session()",
     "      let made = unarranged(in: SessionWorld(), readAt: nil).session()"),
    ("har-shared", "a kept answer is not written",
     f"{HTTP}/Recording/FileRecording.swift",
     "      state.written.append(Written(entry: kept.entry, key: kept.key, by: member))\n", ""),
    ("har-shared", "a recordAll joining a recordNew recording replays", f"{HTTP}/Recording/HARTransport.swift",
     "    case .additions? where mode == .recordAll: state.phase = .recording\n", ""),
    ("har-shared", "a recordNew joining a recordAll recording ignores the file's answers",
     f"{HTTP}/Recording/HARTransport+Recording.swift",
     "    let entry = found ?? (mode == .recordNew ? keep(key) : nil)", "    let entry = found"),
    ("har-shared", "a replayed redirect takes an endpoint's credential to another origin",
     f"{HTTP}/Recording/HTTPClient+Replaying.swift",
     "            of: request, by: response, credentials: SessionTransport.credentialHeaders)",
     "            of: request, by: response, credentials: [])"),
    # One write, after everything is learned (#84)
    ("har-end", "a refused write leaves what the recording wrote before",
     f"{HTTP}/Recording/FileRecording.swift",
     "            try? original.write(to: file, options: .atomic)", "            _ = original"),
    ("har-end", "an entry is written as first redacted, not with secrets learned later",
     f"{HTTP}/Recording/FileRecording.swift",
     "        written.madeAt == state.learned\n", "        true\n"),
    ("har-end", "a test's recording is not written as the test ends",
     f"{HTTP}/Recording/HARTransport+Recording.swift",
     "    let added = Self.checkAtTestEnd { [weak self] in self?.endTest() }",
     "    let added = false"),
    ("har-end", "a recording whose client lives on is not written at exit",
     f"{HTTP}/Recording/FileRecording.swift",
     "    atexit { FileRecording.writeAll() }", "    _ = 0"),
    ("har-end", "a client made outside tests is written at the first test's end only",
     f"{HTTP}/Recording/HARTransport+Recording.swift",
     "  private func endTest() {\n    state.withLock { $0.endsAtTestEnd = false }\n",
     "  private func endTest() {\n"),
    ("har-end", "a refusal is reported again at every end",
     f"{HTTP}/Recording/FileRecording.swift",
     "        state.changed = false\n        if state.wrote {", "        if state.wrote {"),
    # What the red-team pass of #84 broke
    ("har-redteam", "a hidden path segment matches only itself",
     f"{HTTP}/Recording/RequestKey.swift",
     "allSatisfy { $0 == $1 || $0 == marker || $1 == marker }", "allSatisfy { $0 == $1 }"),
    ("har-redteam", "a body with a byte order mark is written as text without it",
     f"{HTTP}/Recording/HARRecording.swift",
     "if let text = String(data: body, encoding: .utf8), Data(text.utf8) == body {",
     "if let text = String(data: body, encoding: .utf8) {"),
    ("har-redteam", "a header's name keeps a secret",
     f"{HTTP}/Recording/HARRecording.swift",
     "HAR.NameValue(name: redaction.text(name), value: redaction.header(name, value))",
     "HAR.NameValue(name: name, value: redaction.header(name, value))"),
    ("har-redteam", "a Link header's URLs keep their hidden query items",
     f"{HTTP}/Recording/HARRedactor.swift",
     '    while let open = rest.firstIndex(of: "<"),',
     '    while false, let open = rest.firstIndex(of: "<"),'),
    ("har-redteam", "a fresh multipart boundary misses its recording",
     f"{HTTP}/Recording/RequestKey.swift",
     "    self.body = Self.withoutBoundary(Self.normalized(body))\n",
     "    self.body = Self.normalized(body)\n"),
    ("har-redteam", "a stack with no user frame counts as one that taught nothing",
     f"{TESTING}/CallerPlace.swift",
     "      return (boundary ?? afterPackage).map { ($0, nil) }",
     "      return boundary.map { ($0, nil) }"),
    ("har-redteam", "a base64 value holding the token among other bytes is written",
     f"{HTTP}/Recording/SecretForms.swift",
     "    let runs = Self.base64Runs(in: replaced).filter { holdsSecret(decoding: replaced[$0]) }",
     "    let runs = Self.base64Runs(in: replaced).filter { _ in false }"),
    # One file, many recorders (#85)
    ("har-shared", "a recorder of a file this process records starts a recording of its own",
     f"{HTTP}/Recording/FileRecording.swift",
     "      if let recording = open[path] { return recording }",
     "      if let recording = open[path], false { return recording }"),
    ("har-shared", "a request another recorder recorded is sent again",
     f"{HTTP}/Recording/HARTransport+Recording.swift",
     "    if let answer = try answerFromRecording(request) { return answer }", ""),
    ("har-shared", "another process's claim is ignored", f"{HTTP}/Recording/FileClaim.swift",
     "        holder != own, isRunning(holder)", "        holder != own, isRunning(holder), false"),
    ("har-secrets", "recordNew fails a request it has no answer for",
     f"{HTTP}/Recording/HARTransport.swift",
     "      case .failure where mode == .recordNew:", "      case .failure where mode == .recordAll:"),
    ("har-secrets", "a miss says differ(s)", f"{HTTP}/Recording/MissingAnswer.swift",
     '(differences.count == 1 ? "differs" : "differ")',
     '(differences.count == 1 ? "differ(s)" : "differ(s)")'),
    # Any URLSession code records and replays per test world (#78)
    ("urlsession", "every session shares one protocol class", f"{HTTP}/Sessions/SessionRoute.swift",
     "      let tag = RouteTags.tag(routes.count)", "      let tag = RouteTags.tag(1)"),
    ("urlsession", "two numbers share a tag type", f"{HTTP}/Sessions/SessionRoute.swift",
     "    one ? One<Rest>.self : Zero<Rest>.self", "    One<Rest>.self"),
    ("urlsession", "identical requests take the last recorded answer first",
     f"{HTTP}/Recording/HARTransport+Replaying.swift",
     "let position = state.unused[route]?.firstIndex(where: { state.recorded[$0].key == key })",
     "let position = state.unused[route]?.lastIndex(where: { state.recorded[$0].key == key })"),
    ("urlsession", "a test world's session is the shared one", f"{HTTP}/Sessions/URLSession+World.swift",
     "    live: .shared, test: SessionRoute.unarrangedSession)", "    live: .shared, test: .shared)"),
    ("urlsession", "every test reads the process's unarranged session",
     f"{HTTP}/Sessions/URLSession+World.swift",
     "          return SessionRoute.unarrangedSessionForTestInEffect()",
     "          return SessionRoute.unarrangedSession"),
    ("urlsession", "an unarranged session's request is not reported",
     f"{HTTP}/Sessions/SessionRoute+Answering.swift",
     "      SessionWorld.reportUnarranged(message, in: world, at: place)\n", ""),
    ("urlsession", "the process's unarranged session ends with the test that made it",
     f"{HTTP}/Sessions/SessionRoute.swift", "    guard world != nil else { return }\n", ""),
    ("urlsession", "a session answers after its test ended, and keeps its world", f"{HTTP}/Sessions/SessionRoute.swift",
     "      defer { answering = nil }\n", ""),
    ("worldroute", "a client that reads the world sends a replaying session's requests live",
     f"{HTTP}/Sessions/WorldRoute.swift",
     "      let routed = session.configuration.protocolClasses?.first as? any RoutedClass.Type\n",
     "      let routed = Optional<any RoutedClass.Type>.none\n"),
    ("worldroute", "a client that reads the world sends an invalidated session's requests live",
     f"{HTTP}/Sessions/WorldRoute.swift",
     "    return WorldRoute(route: SessionRoute.route(tagged: routed.tag), client: client)",
     "    guard let route = SessionRoute.route(tagged: routed.tag) else { return nil }\n"
     "    return WorldRoute(route: route, client: client)"),
    ("worldroute", "an unarranged request through a client that reads the world is not reported",
     f"{HTTP}/Sessions/WorldRoute.swift",
     "      SessionWorld.reportUnarranged(message, in: now.world, at: place)\n", ""),
    # A long wait names its test (#88's hang guard)
    ("hang-guard", "a long wait's note names no test", f"{CORE}/Reporting/LongWaits.swift",
     "CurrentWorld: \\(whose) \\(watched.test) has waited", "CurrentWorld: a test has waited"),
    ("hang-guard", "a TestClock sleep stays watched after it wakes",
     f"{TESTING}/Clocks/TestClock.swift", "        LongWaits.end(wait)\n", ""),
    ("hang-guard", "an ended test's waits are named", f"{CORE}/Reporting/LongWaits.swift",
     "if watched.checks?.hasEnded == true {", "if false {"),
    ("hang-guard", "a live send is not watched", f"{HTTP}/HTTPClient+World.swift",
     "      try await LongWaits.watch(what(), fix: fix, operation: operation)",
     "      try await operation()"),
    ("hang-guard", "a replaying session's request is not watched",
     f"{HTTP}/Sessions/RoutedProtocol.swift",
     "    delivery.watched(by: route.beginLongWait(for: request))\n", ""),
    ("urlsession", "a session answers outside its test's world", f"{HTTP}/Sessions/URLSession+World.swift",
     "    try await shared.run(body)", "    try await body()"),
    ("urlsession", "a replay answers outside its test's world", f"{HTTP}/Sessions/URLSession+World.swift",
     "    try shared.run(body)", "    try body()"),
    ("urlsession", "a replayed redirect is the answer", f"{HTTP}/Sessions/SessionRoute+Answering.swift",
     "      guard case .success(let (_, response)) = answer,\n",
     "      guard false, case .success(let (_, response)) = answer,\n"),
    ("urlsession", "a failed request is not recorded", f"{HTTP}/Recording/HARTransport+Recording.swift",
     "    } catch let error as URLError where Self.recordsFailure(error.code) {",
     "    } catch let error as URLError where false && Self.recordsFailure(error.code) {"),
    ("urlsession", "a recorded failure replays as a lost connection", f"{HTTP}/Recording/HARTransport+Replaying.swift",
     "        exchange.failure ?? .networkConnectionLost,", "        .networkConnectionLost,"),
    ("urlsession", "a body given as a stream is not read", f"{HTTP}/Sessions/RoutedProtocol.swift",
     "    if request.httpBody == nil, let stream = request.httpBodyStream {",
     "    if false, let stream = request.httpBodyStream {"),
    ("urlsession", "an upload's unseen body must match", f"{HTTP}/Sessions/RoutedProtocol.swift",
     "    let bodyUnseen = task is URLSessionUploadTask && request.httpBody == nil",
     "    let bodyUnseen = false"),
    ("urlsession", "a recorded redirect is the answer", f"{HTTP}/Sessions/SessionRoute+Answering.swift",
     "      guard let next = redirect(of: request, by: response) else { return (data, response) }",
     "      guard false, let next = redirect(of: request, by: response) else { return (data, response) }"),
    ("urlsession", "a recording session follows redirects itself", f"{HTTP}/Sessions/SessionRoute.swift",
     "SessionTransport(configuration: base, followsRedirects: false)",
     "SessionTransport(configuration: base, followsRedirects: true)"),
    # The app's stored state (#86)
    ("stored", "the trait does not end its test's stores", f"{TESTING}/WorldTrait.swift",
     "      defer { end(checks, watched) }", "      _ = watched"),
    ("stored", "a WorldTestCase does not end its test's stores", f"{TESTING}/WorldTestCase.swift",
     "        for path in checks.end() {", "        for path in [String]() {"),
    ("stored", "a failed test's folders are removed", f"{CORE}/StoredState/IsolatedFolders.swift",
     "        return keep ? root.path : nil", "        return nil"),
    ("stored", "a plain XCTestCase's stores are not ended", f"{TESTING}/XCTestRun.swift",
     "      for path in TestWorlds.endProcessWideStorage(failed: failed) {",
     "      for path in [String]() {"),
    ("stored", "every test world shares one settings store", f"{CORE}/World/Fields/DefaultsField.swift",
     "$0.defaults = .isolated(IsolatedDefaults())", "$0.defaults = .byContext"),
    ("stored", "a test's settings store is the real one", f"{CORE}/World/Fields/DefaultsField.swift",
     "      world.context == .live\n        ? SendableDefaults", "      world.context != .preview\n        ? SendableDefaults"),
    ("stored", "every test world shares its folders", f"{CORE}/World/Fields/DirectoriesField.swift",
     "$0.directories = .isolated(IsolatedFolders())", "$0.directories = .byContext"),
    ("stored", "an environment write reaches the process", f"{CORE}/World/Fields/EnvironmentField.swift",
     "    set { update(.environment) { $0.environment = EnvironmentValues(given: newValue) } }",
     "    set { for (name, value) in newValue { setenv(name, value, 1) } }"),
    ("stored", "a test world's numbers are the system's", f"{CORE}/World/Fields/RandomField.swift",
     "world.random = .seeded(RandomSource.testSeed)", "world.random = .system"),
    ("stored", "each draw starts the seeded sequence again", f"{CORE}/World/Fields/RandomField.swift",
     "    return seeded.next()", "    return SeededSequence(RandomSource.testSeed).next()"),
    ("stored", "a write to the real store alone is not the test's failure", f"{TESTING}/StandardDefaultsWatch.swift",
     "        if suspects == [name] && reportsFailures { return message(changed) }",
     "        if suspects == [] && reportsFailures { return message(changed) }"),

    # Record and replay a team can live with (#85), the parts done
    ("replay", "a miss whose body differs does not say where", f"{HTTP}/Recording/MissingAnswer.swift",
     "    guard differences.contains(\"body\"),", "    guard false, differences.contains(\"body\"),"),
    ("replay", "a loopback server's port is written", f"{HTTP}/Recording/RecordedOrigin.swift",
     "    guard isLoopback(url), var components", "    guard false, isLoopback(url), var components"),
    ("replay", "a replayed redirect keeps the file's localhost origin", f"{HTTP}/Recording/HARTransport+Replaying.swift",
     "        RecordedOrigin.replayed($0, recordedFrom: exchange.url, requested: url)", "        $0"),
    ("bootstrap", "a concurrent reader is blamed on the configuration", f"{CORE}/World/World+Bootstrap.swift",
     "by: isConfiguring ? .useWhileConfiguring : .concurrentUse)", "by: .useWhileConfiguring)"),
    ("replay", "a re-recording with the server down replaces the file's answer", f"{HTTP}/Recording/HARTransport+Recording.swift",
     "      if keep(kept) != nil {", "      if keep(kept) != nil, false {"),
    ("replay", "recording asks the token source again", f"{HTTP}/Recording/HTTPClient+Replaying.swift",
     "          return try await har.record(request, live: live, token: known, now: now)",
     "          return try await har.record(request, live: live, token: token, now: now)"),
    ("har-shared", "a client does not follow a redirect a session recorded",
     f"{HTTP}/Recording/HTTPClient+Replaying.swift",
     "        else { return (data, response) }\n        request = next",
     "        else { return (data, response) }\n        return (data, response)"),
    ("urlsession", "a live world's URL session read makes the unarranged one", f"{HTTP}/Sessions/URLSession+World.swift",
     "        if context == .test, session === SessionRoute.unarrangedSession {",
     "        if session === SessionRoute.unarrangedSession {"),
    # Promises that no test pinned (#88)
    ("har-replay", "a replay matches a POST whatever its body", f"{HTTP}/Recording/RequestKey.swift",
     "&& (lhs.body == rhs.body || lhs.bodyUnseen || rhs.bodyUnseen)",
     "&& (lhs.body == lhs.body || lhs.bodyUnseen || rhs.bodyUnseen)"),
    ("har-secrets", "a bearer token echoed without its scheme is written", f"{HTTP}/Recording/HARRedactor.swift",
     "    parts.append(credential)\n", ""),
    ("har-secrets", "an answer header named like a credential (X-Session-Token) is written",
     f"{HTTP}/Recording/HARRedactor.swift",
     "    return namesSecretHeader(name)\n  }", "    return headerNames.contains(name.lowercased())\n  }"),
    ("har-secrets", "an answer header is a credential by its suffix only (X-Signature is written)",
     f"{HTTP}/Recording/HARRedactor.swift",
     "&& (HARRedaction.looksLikeCredential(header: name) || SecretNames.isSecret(name)))",
     "&& HARRedaction.looksLikeCredential(header: name))"),
    ("har-secrets", "a form's hidden values are looked up under JSON names (its code is written)",
     f"{HTTP}/Recording/BodyValues.swift",
     "        named.append((pair.name, pair.value, .form))",
     "        named.append((pair.name, pair.value, .json))"),
    ("har-secrets", "of two cookies in one Set-Cookie line only the first is a secret",
     f"{HTTP}/Recording/HARRedactor.swift",
     'found += Self.cookieValues(value, separator: ",").filter(SecretShapes.isHunted)',
     'found += Self.cookieValues(value, separator: ";").filter(SecretShapes.isHunted)'),
    ("urlsession", "a recorded 307 or 308 redirect is the answer", f"{HTTP}/Sessions/SessionRoute+Answering.swift",
     "[301, 302, 303, 307, 308].contains(response.statusCode)",
     "[301, 302, 303].contains(response.statusCode)"),
    ("urlsession", "a POST redirected by a 301 or 302 is followed as a POST with its body",
     f"{HTTP}/Sessions/SessionRoute+Answering.swift",
     'if response.statusCode == 303 || (method == "POST" && response.statusCode < 303) {',
     "if response.statusCode == 303 || (method == \"POST\" && response.statusCode < 301) {"),
    ("bootstrap", "bootstrap configures outside its configuring mark", f"{CORE}/World/World+Bootstrap.swift",
     "try LaunchWorld.$isConfiguring.withValue(true) { try configure(&world) }", "try configure(&world)"),
    ("http", "a worker starts the transport for a caller cancelled before it started",
     f"{HTTP}/Deadline.swift", "      guard !outcome.isFinished else { return }\n", ""),
    ("scopes", "a replaced world is released under the scope's lock", f"{CORE}/Scopes/WorldBox.swift",
     "let replaced = buffer.header.store(world, readHere: id != 0 && world.readIn == id)",
     "let replaced: WorldStorage? = nil\n      _ = buffer.header.store(world, readHere: id != 0 && world.readIn == id)"),
    ("http", "a Retry-After that is not ASCII reaches DateFormatter", f"{HTTP}/APIError.swift",
     "guard value.utf8.allSatisfy({ $0 < 0x80 }), let date = httpDate().date(from: value)",
     "guard let date = httpDate().date(from: value)"),
]


def sh(command, cwd, limit=None):
    """Runs `command`; returns (exit status, output, seconds). 124 is a timeout,
    after which the command's process group and the test executable in this
    clone are killed, and nothing else: another clone may be testing beside."""
    global RUNNING
    start = time.time()
    child = subprocess.Popen(
        command, cwd=cwd, shell=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True)
    RUNNING = child.pid
    try:
        out, _ = child.communicate(timeout=limit)
        status = child.returncode
    except subprocess.TimeoutExpired:
        end(child.pid)
        out, _ = child.communicate()
        status = 124
    finally:
        RUNNING = None
    return status, out.decode("utf-8", "replace"), time.time() - start


# The command `sh` runs now, for a signal to end.
RUNNING = None


def end(root):
    """Ends the command started as `root` and every process descended from
    it, by id: SwiftPM starts the test executable in a process group of its
    own, and nothing else is ended (another clone may be testing beside)."""
    started = descendants(root)
    try:
        os.killpg(root, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in started:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def descendants(root):
    """The ids of every process descended from `root`, from `ps`."""
    table = subprocess.run(["ps", "-A", "-o", "pid=,ppid="], capture_output=True, text=True).stdout
    children = {}
    for line in table.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            children.setdefault(int(parts[1]), []).append(int(parts[0]))
    found, queue = [], [root]
    while queue:
        for pid in children.get(queue.pop(), []):
            found.append(pid)
            queue.append(pid)
    return found


def run_suite(work, limit, stream, extra=""):
    """Runs the README's `swift test` (built already) with Swift Testing's
    event stream at `stream`; returns (status, log, seconds, events)."""
    if os.path.exists(stream):
        os.remove(stream)
    # No backtrace: symbolicating a crash took over a minute on a loaded
    # machine, so a crash was counted as a hang. The tests' waits for work
    # they expect at once (`settleLimit`) end well inside `limit`, so a
    # wait that never ends fails its test by name, not the run as HUNG.
    status, log, seconds = sh(
        f"SWIFT_BACKTRACE=enable=no CURRENTWORLD_SETTLE_SECONDS={max(limit // 2, 30)} swift test --skip-build --event-stream-output-path '{stream}' "
        f"--event-stream-version 0 {extra}", work, limit)
    return status, log, seconds, stream_events(stream)


# A test that fails, for `--plant`: a failing baseline must be refused.
FAILING_BASELINE = ("Tests/CurrentWorldServerTests/LanguageNegotiationTests.swift",
                    '    #expect(Self.negotiation.matches("*") == [])',
                    '    #expect(Self.negotiation.matches("*") != [])',
                    "--filter LanguageNegotiationTests/everyMatchInOrderBeginsWithTheBest")


def baseline(work, limit, logs, extra=""):
    """Runs the unmutated suite, or reuses this tree's earlier passing run
    (the same commit and the same changes); None when it passes, else why
    no mutant may be counted against it."""
    state = subprocess.run("git rev-parse HEAD && git diff HEAD", cwd=work, shell=True,
                           capture_output=True, text=True).stdout
    stamp = os.path.join(logs, "baseline-passed")
    key = hashlib.sha256((state + extra).encode()).hexdigest()
    if not extra and os.path.exists(stamp) and open(stamp).read() == key:
        print("baseline: the unmutated suite passed earlier on this tree", flush=True)
        return None
    status, log, seconds, events = run_suite(work, limit, os.path.join(logs, "baseline.jsonl"), extra)
    with open(os.path.join(logs, "baseline.log"), "w", encoding="utf-8") as saved:
        saved.write(log)
    if status == 0:
        if not extra:
            open(stamp, "w").write(key)
        print(f"baseline: the unmutated suite passed ({seconds:.0f}s)", flush=True)
        return None
    names = failed_tests(events, log) or unfinished_tests(events)
    return (f"the unmutated suite fails (status {status}; {' '.join(names[:6]) or 'no test named'}): "
            "every mutant would count as killed against it, so none is run. Fix the suite first.")


def passed_in(path):
    """None when `path`, a log of the whole `swift test` on this tree,
    shows both libraries' runs passing; else why no mutant may be counted."""
    log = open(path, encoding="utf-8", errors="replace").read() if os.path.exists(path) else ""
    swift_testing = re.findall(r"Test run with \d+ tests? in \d+ suites? passed", log)
    xctest = re.findall(r"Executed \d+ tests?, with (?:\d+ tests? skipped and )?(\d+) failures", log)
    if swift_testing and xctest and xctest[-1] == "0":
        print(f"baseline: the unmutated suite passed in {path}", flush=True)
        return None
    return f"{path} shows no passing run of the whole suite: no mutant may be counted against it"


def judge(work, limit, stream, extra):
    """Runs the suite (with `extra`, a filter) on a mutant that built;
    returns (verdict, log, seconds, the tests that say why)."""
    status, log, seconds, events = run_suite(work, limit, stream, extra)
    names = failed_tests(events, log)
    if status == 124:
        return "HUNG", log, seconds, (unfinished_tests(events) + ["failed:"] + names
                                      + ["waiting:"] + waiting_tests(log))
    if status == 0:
        return "SURVIVED", log, seconds, names
    if names:
        return "killed", log, seconds, names
    return "CRASHED", log, seconds, unfinished_tests(events)


def covering(path):
    """The `swift test` filter that runs the test target of the module that
    `path` belongs to (the core's too: every target covers it, but its own
    tests kill most of its mutants in a fraction of the whole suite's time)."""
    parts = path.split("/")
    if len(parts) > 2 and parts[0] == "Sources":
        return f"--filter '^{parts[1]}Tests\\.'"
    return ""


class Mutation:
    """The one file a mutant changes, put back on every way out that can
    be caught (the end of the mutant, an exception, SIGINT, SIGTERM,
    SIGHUP). SIGKILL cannot be caught: the original is also kept in
    `.build/mutant-logs/mutated-file.json`, and the next run puts it back."""

    def __init__(self, logs):
        self.saved = os.path.join(logs, "mutated-file.json")
        self.current = None
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(number, self.stopped)
        Mutation.recover(logs)

    @staticmethod
    def recover(logs):
        """Puts back the file that a killed run left mutated under `logs`."""
        saved = os.path.join(logs, "mutated-file.json")
        if os.path.exists(saved):
            with open(saved, encoding="utf-8") as left:
                mutated = json.load(left)
            open(mutated["file"], "w", encoding="utf-8").write(mutated["original"])
            os.remove(saved)
            print(f"restored {mutated['file']}, which a killed run left mutated", flush=True)

    def apply(self, file, old, new):
        original = open(file, encoding="utf-8").read()
        with open(self.saved, "w", encoding="utf-8") as saved:
            json.dump({"file": file, "original": original}, saved)
        self.current = (file, original)
        open(file, "w", encoding="utf-8").write(original.replace(old, new, 1))

    def restore(self):
        if self.current:
            file, original = self.current
            open(file, "w", encoding="utf-8").write(original)
            self.current = None
        if os.path.exists(self.saved):
            os.remove(self.saved)

    def stopped(self, number, _frame):
        if RUNNING:
            end(RUNNING)
        self.restore()
        sys.exit(f"stopped by signal {number}; the mutated file was restored, and what it "
                 "started ended")


def stream_events(path):
    """The events of Swift Testing's event stream at `path`; a line cut off
    by a run that was stopped is left out."""
    events = []
    if os.path.exists(path):
        with open(path, encoding="utf-8", errors="replace") as stream:
            for line in stream:
                try:
                    record = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if record.get("kind") == "event":
                    events.append(record["payload"])
    return events


def test_name(test_id):
    """`aTest` of `Module.Suite/aTest(x:)/File.swift:3:4`, of a nested
    suite's `Module.Outer/Inner/aTest()/…` and of a free function's
    `Module.aTest()/File.swift:3:4`; None for a suite (its ID ends without
    a source place), and for an issue on no test."""
    parts = (test_id or "").split("/")
    if len(parts) < 2 or not re.search(r":\d+:\d+$", parts[-1]):
        return None
    return parts[-2].split("(")[0].split(".")[-1]


def failed_tests(events, log):
    names = []
    for event in events:
        issue = event.get("issue") or {}
        if event.get("kind") != "issueRecorded" or issue.get("isKnown"):
            continue
        if (issue.get("_severity") or issue.get("severity")) == "warning":
            continue
        if test_name(event.get("testID")):
            names.append(test_name(event.get("testID")))
    names += re.findall(r"Test Case '-?\[?[\w.]+[ .](\w+)\]?' failed", log)
    return list(dict.fromkeys(names))


def unfinished_tests(events):
    started = [test_name(e.get("testID")) for e in events if e.get("kind") == "testStarted"]
    ended = {test_name(e.get("testID")) for e in events if e.get("kind") == "testEnded"}
    return ["unfinished:"] + [name for name in dict.fromkeys(started) if name and name not in ended]


def waiting_tests(log):
    """The tests that the library's long-wait notes in `log` name: where a
    hung run waits (see the core's LongWaits)."""
    found = re.findall(r"^CurrentWorld: (?:the test|work of the test) (.+?) has waited \d+ s",
                       log, re.M)
    return list(dict.fromkeys(found))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--only", action="append", help="run the mutants whose area or bug contains this (repeatable)")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--check", action="store_true",
                        help="only check that every mutant matches its source")
    parser.add_argument("--sample", action="store_true", help="run CI's sample (SAMPLE)")
    parser.add_argument("--keep", help="a scratch clone to reuse (made if missing)")
    parser.add_argument("--in-place", action="store_true",
                        help="mutate this checkout, restoring each file, instead of a clone")
    parser.add_argument("--plant", action="store_true",
                        help="run PLANTED and check that each gets its own verdict")
    parser.add_argument("--covering", action="store_true",
                        help="run the test target of the mutated file's module first, and "
                             "the whole suite only for a mutant that survives it")
    parser.add_argument("--baseline-log",
                        help="a log of `swift test` on this same tree that passed, instead of "
                             "running the unmutated suite again")
    parser.add_argument("--limit", type=int, default=TEST_LIMIT,
                        help="seconds a run of the suite may take (default: %(default)s)")
    args = parser.parse_args()
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    Mutation.recover(os.path.join(repo, ".build", "mutant-logs"))
    stale = []
    planted_baseline = ("baseline", "a failing baseline", *FAILING_BASELINE[:3])
    for area, bug, path, old, _ in MUTANTS + PLANTED + [planted_baseline]:
        count = open(os.path.join(repo, path), encoding="utf-8").read().count(old)
        if count != 1:
            stale.append(f"mutant '{bug}': its text occurs {count} times in {path}")
    missing = [bug for bug in SAMPLE if bug not in {m[1] for m in MUTANTS}]
    stale += [f"the sample names '{bug}', which is no mutant" for bug in missing]
    if stale:
        sys.exit("\n".join(stale) + f"\n{len(stale)} stale: update each with the code")
    if args.check:
        print(f"mutants: all {len(MUTANTS)} match their source")
        return
    chosen = PLANTED if args.plant else [m for m in MUTANTS
              if (not args.only or any(part in m[0] or part in m[1] for part in args.only))
              and (not args.sample or m[1] in SAMPLE)]
    if args.list:
        for area, bug, path, *_ in chosen:
            print(f"{area:11} {bug}  ({path})")
        return
    if args.in_place:
        work = repo
    else:
        work = args.keep or os.path.join(tempfile.mkdtemp(), "mutants")
        if not os.path.isdir(work):
            subprocess.run(["git", "clone", "-q", repo, work], check=True)
    logs = os.path.join(work, ".build", "mutant-logs")
    os.makedirs(logs, exist_ok=True)
    mutation = Mutation(logs)
    status, log, _ = sh("swift build --build-tests", work)
    if status != 0:
        sys.exit("main does not build:\n" + log[-2000:])
    # Every kill is counted against a suite that passes without the mutant.
    refusal = (passed_in(args.baseline_log) if args.baseline_log
               else baseline(work, args.limit, logs))
    if refusal:
        sys.exit("mutants: " + refusal)
    if args.plant:
        path, old, new, only = FAILING_BASELINE
        mutation.apply(os.path.join(work, path), old, new)
        try:
            built, log, _ = sh("swift build --build-tests", work)
            refused = baseline(work, args.limit, logs, only) if built == 0 else None
        finally:
            mutation.restore()
        if not refused:
            sys.exit("planted: a failing baseline was not refused")
        print(f"planted: a failing baseline is refused ({refused[:90]}…)", flush=True)
    results = []
    for number, (area, bug, path, old, new) in enumerate(chosen, 1):
        file = os.path.join(work, path)
        mutation.apply(file, old, new)
        try:
            status, log, _ = sh("swift build --build-tests", work)
            if status != 0:
                verdict, seconds, names = "INVALID", 0, ["does not compile: write it again"]
            else:
                stream = os.path.join(logs, f"{number:03}.jsonl")
                only = covering(path) if args.covering else ""
                verdict, log, seconds, names = judge(work, args.limit, stream, only)
                if verdict == "SURVIVED" and only:
                    # Its module's tests passed; a test of another target
                    # (a child-process probe, a documentation snippet) may
                    # still catch it, so it survives only the whole suite.
                    verdict, log, more, names = judge(work, args.limit, stream, "")
                    seconds += more
        finally:
            mutation.restore()
        with open(os.path.join(logs, f"{number:03}.log"), "w", encoding="utf-8") as saved:
            saved.write(f"{verdict}: {bug}\n\n{log}")
        results.append((area, bug, verdict))
        print(f"{verdict:8} {seconds:4.0f}s  {area:10} {bug}  {' '.join(names[:6])}", flush=True)
    if args.plant:
        wrong = [f"{bug}: {verdict}, not {area}" for area, bug, verdict in results
                 if verdict != area]
        print("\n".join(wrong) or f"planted: each of {len(results)} got its own verdict")
        sys.exit(1 if wrong else 0)
    counts = {verdict: sum(r[2] == verdict for r in results)
              for verdict in ("killed", "CRASHED", "HUNG", "SURVIVED", "INVALID")}
    others = [f"{n} {verdict}" for verdict, n in counts.items() if verdict != "killed" and n]
    print(f"\n{counts['killed']} of {len(results)} killed by a named test "
          f"({100 * counts['killed'] / max(len(results), 1):.0f}%)"
          + (f"; {', '.join(others)}." if others else "."))
    sys.exit(0 if counts["killed"] == len(results) else 1)


if __name__ == "__main__":
    main()
