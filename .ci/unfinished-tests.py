#!/usr/bin/env python3
"""Names the tests that a test log shows started but never finished.

`.ci/run` calls it when a test run overran its time limit, so the log says
which tests to look at rather than only that the run was stopped.
"""
import re
import sys

log = open(sys.argv[1], encoding="utf-8", errors="replace").read()
# Swift Testing: "◇ Test name(...) started." then ✔, ✘ or ━ with the result.
started = re.findall(r"◇ Test (.+?\)) started", log)
ended = set(re.findall(r"[✔✘━] Test (.+?\)) (?:with \d+ test cases? )?(?:passed|failed|recorded|skipped)", log))
# XCTest: "Test Case '-[Class test]' started." then passed, failed or skipped.
xc_started = re.findall(r"Test Case '(.+?)' started", log)
xc_ended = set(re.findall(r"Test Case '(.+?)' (?:passed|failed|skipped)", log))
# A parameterized test's cases are named by their test, which is listed.
started = [name for name in started if not name.startswith("case passing")]
unfinished = [name for name in dict.fromkeys(started) if name not in ended]
unfinished += [name for name in dict.fromkeys(xc_started) if name not in xc_ended]
print("The test run overran its time limit. Tests that started and never finished:")
for name in unfinished[:40] or ["(none found in the log: the runner itself hung)"]:
    print(f"  {name}")
if len(unfinished) > 40:
    print(f"  … and {len(unfinished) - 40} more")
