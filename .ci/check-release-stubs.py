#!/usr/bin/env python3
"""Checks that CurrentWorldTesting's release stubs cannot drift from its
debug API.

In release, every public name of CurrentWorldTesting exists only as an
`@available(*, unavailable)` stub (Sources/CurrentWorldTesting/ReleaseBuild.swift),
so that test code built in release is told it needs a debug build. This
compares the debug build's symbol graph with the stubs': every public type,
free function, initializer and member added to another module's type in
debug must have a stub with the same path and argument labels. Members of
the module's own types need none: a use of the type is refused first.

A symbol graph leaves unavailable declarations out, so the stubs' graph is
made from a copy of ReleaseBuild.swift without its `unavailable` attributes,
compiled against the release build's modules.

usage: check-release-stubs.py DEBUG_GRAPHS RELEASE_MODULES
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

MODULE = "CurrentWorldTesting"
TYPES = {"swift.class", "swift.struct", "swift.enum", "swift.protocol"}


def load(folder):
    symbols = []
    for path in glob.glob(os.path.join(folder, f"{MODULE}*.symbols.json")):
        with open(path, encoding="utf-8") as file:
            symbols += json.load(file)["symbols"]
    return [s for s in symbols if s.get("accessLevel") in ("public", "open")]


def required(symbols):
    own_types = {s["pathComponents"][0] for s in symbols
                 if len(s["pathComponents"]) == 1 and s["kind"]["identifier"] in TYPES}
    keys = set()
    for symbol in symbols:
        path = tuple(symbol["pathComponents"])
        kind = symbol["kind"]["identifier"]
        if len(path) == 1 or path[0] not in own_types or kind == "swift.init":
            keys.add((path, kind))
    return keys


def stub_graphs(modules, folder):
    source = open("Sources/CurrentWorldTesting/ReleaseBuild.swift", encoding="utf-8").read()
    available = re.sub(r'@available\(\s*\*,\s*unavailable,\s*message:\s*"[^"]*"\s*\)', "", source)
    if "unavailable" in available:
        sys.exit("an `unavailable` attribute of ReleaseBuild.swift is not of the form this reads")
    copy = os.path.join(folder, "ReleaseBuild.swift")
    with open(copy, "w", encoding="utf-8") as file:
        file.write(available)
    subprocess.run(
        ["swiftc", "-swift-version", "6", "-parse-as-library", "-emit-module",
         "-module-name", MODULE, "-emit-module-path", os.path.join(folder, f"{MODULE}.swiftmodule"),
         "-I", modules, "-emit-symbol-graph", "-emit-symbol-graph-dir", folder,
         "-emit-extension-block-symbols", copy], check=True)


with tempfile.TemporaryDirectory() as stubs:
    stub_graphs(sys.argv[2], stubs)
    debug, release = load(sys.argv[1]), load(stubs)
if not debug or not release:
    sys.exit("no symbols of CurrentWorldTesting found; build both graphs first")
stubs = {(tuple(s["pathComponents"]), s["kind"]["identifier"]) for s in release}
missing = sorted(required(debug) - stubs)
for path, kind in missing:
    print(f"no release stub for {'.'.join(path)} ({kind.removeprefix('swift.')})")
if missing:
    sys.exit(f"{len(missing)} public name(s) of {MODULE} have no matching release stub "
             "in Sources/CurrentWorldTesting/ReleaseBuild.swift")
print(f"every public name of {MODULE} has its release stub ({len(required(debug))} checked)")
