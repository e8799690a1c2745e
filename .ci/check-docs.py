#!/usr/bin/env python3
"""Fails when a public symbol lacks a /// comment, or when a module's
top-level public symbol is missing from the Topics of its DocC landing page.
Examples belong where they teach (types, entry points, anything whose use the
signature does not show), so none is demanded of a property; an example that
only prints, or only says that you do not call the symbol, fails. So do doc
comments that grow past 35% of the lines in Sources.

A name is curated when a link names it exactly (``World`` is not curated
by ``WorldDependency``), with or without its module and a DocC
disambiguation suffix. Three kinds must be curated in the landing page:
each top-level symbol; each member a module adds to another module's type
(``Foundation/UUID/incrementing()``); and every overload of a member that
the page curates in one form (all of ``HTTPClient/replaying(...)``).

Reads the symbol graphs that `swift build -emit-symbol-graph` (or
`swift-symbolgraph-extract`) wrote into the folder given as the first
argument, for the modules named after it. With `--plant`, first proves the
matching on two planted faults: a name curated only by a longer name, and
an uncurated member of another module's type.
"""
import json
import os
import pathlib
import re
import sys

DOC_SHARE_LIMIT = 0.35

LINK = re.compile(r"``([^`]+)``")


def component(name):
    """A link component without DocC's disambiguation: a hash (`-5j9rd`), a
    kind (`-swift.struct`) or a signature (`-((World)->Void,_)`)."""
    function = re.match(r"^([^()]*\([^()]*\))-", name)
    return function.group(1) if function else re.sub(r"(?<=\w)-[\w.]+$", "", name)


def curated(landing):
    """Each link of a landing page, as its components."""
    return {tuple(component(part) for part in link.split("/")) for link in LINK.findall(landing)}


def uncurated(module, extended, path, links):
    """The link the page's Topics lack for the symbol at `path`, and why it
    is needed, or None. `extended` is the module whose type it extends
    (None: its own)."""
    path = tuple(path)
    if extended is not None:
        # A member added to another module's type: only the page shows it.
        if len(path) == 2 and (extended, *path) not in links:
            return f"{extended}/{'/'.join(path)}", "a member added to another module's type"
        return None
    if len(path) == 1:
        if path in links or (module, *path) in links:
            return None
        return path[0], "a top-level symbol"
    if len(path) == 2:
        base = path[1].split("(")[0]
        siblings = [link for link in links
                    if link[-2:-1] == path[:1] and link[-1].split("(")[0] == base]
        if siblings and path not in links and (module, *path) not in links:
            return "/".join(path), "another overload is curated"
    return None


# The package's traits. A member added to another module's type inside a
# block that one gates (`#if Logging`, wherever it stands in the file) is
# left out of the Topics rule: the catalog is also built without the trait,
# where a link to it could not resolve.
TRAITS = set(re.findall(r'\.trait\(\s*name: "(\w+)"', pathlib.Path("Package.swift").read_text()))


def guarded_by_trait(lines, line):
    """Whether line `line` (0-based) of a file's `lines` sits inside an
    `#if Trait` block of one of the package's traits, wherever the guard
    stands in the file (not in its `#else`)."""
    stack = []
    for text in lines[:line]:
        words = text.strip().split()
        if not words:
            continue
        if words[0] == "#if":
            stack.append(len(words) == 2 and words[1] in TRAITS)
        elif words[0] in ("#elseif", "#else") and stack:
            stack[-1] = False
        elif words[0] == "#endif" and stack:
            stack.pop()
    return any(stack)


def behind_trait(symbol):
    location = symbol.get("location", {})
    uri = location.get("uri", "")
    path = pathlib.Path("Sources") / uri.split("/Sources/")[-1]
    if not path.exists():
        return False
    line = location.get("position", {}).get("line", 0)
    return guarded_by_trait(path.read_text().splitlines(), line)


def topics_problems(module, graphs, landing):
    """Every symbol of `graphs` (name, symbols) that `landing` must curate
    and does not, as (where, message)."""
    links = curated(landing)
    found = []
    for name, symbols in graphs:
        extended = name.split("@")[1].removesuffix(".symbols.json") if "@" in name else None
        for symbol in symbols:
            if extended is not None and behind_trait(symbol):
                continue
            missing = uncurated(module, extended, symbol["pathComponents"], links)
            if missing:
                link, why = missing
                found.append((symbol, f"``{link}`` is not in the Topics of {module}.md ({why})"))
    return found


ROOT = pathlib.Path(__file__).resolve().parent.parent


def public_symbols(graph):
    """The graph's public symbols declared in Sources, extension blocks left
    out: an extension block is documented by its members, and synthesized
    conformances carry the standard library's docs, not ours."""
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        if symbol.get("kind", {}).get("identifier") == "swift.extension":
            continue
        # This repository's Sources only: a protocol extension's members
        # that a conforming type inherits (Vapor's `Client.get`) are in the
        # graph too, placed in the dependency's checkout.
        if f"{ROOT}/Sources/" not in symbol.get("location", {}).get("uri", ""):
            continue
        yield symbol


def place(symbol):
    location = symbol["location"]
    return f'{location["uri"].split("/Sources/")[-1]}:{location["position"]["line"] + 1}'


arguments = [argument for argument in sys.argv[1:] if argument != "--plant"]
folder = pathlib.Path(arguments[0]).resolve()
modules = arguments[1:]
problems = []
checked = 0
module_graphs = {}
for module in modules:
    paths = [folder / f"{module}.symbols.json", *folder.glob(f"{module}@*.symbols.json")]
    if paths[0].exists():
        module_graphs[module] = [
            (path.name, list(public_symbols(json.loads(path.read_text()))))
            for path in sorted(p for p in paths if p.exists())]

if "--plant" in sys.argv[1:]:
    # A top-level name curated only by a longer one, and a member of another
    # module's type taken out of its page: each must be found.
    core = pathlib.Path("Sources/CurrentWorld/CurrentWorld.docc/CurrentWorld.md").read_text()
    planted = re.sub(r"^- ``World``$", "- ``WorldDependency``", core, flags=re.M)
    testing = pathlib.Path(
        "Sources/CurrentWorldTesting/CurrentWorldTesting.docc/CurrentWorldTesting.md").read_text()
    caught = [
        planted != core and any(
            message.startswith("``World``")
            for _, message in topics_problems("CurrentWorld", module_graphs["CurrentWorld"], planted)),
        any(message.startswith("``Testing/Trait/world``")
            for _, message in topics_problems(
                "CurrentWorldTesting", module_graphs["CurrentWorldTesting"],
                testing.replace("- ``Testing/Trait/world``\n", ""))),
    ]
    # A trait guard after the file's imports, and code after its #endif.
    sample = ["import Foundation", "", "#if Logging", "  extension World {}", "#endif",
              "extension Logger {}", "#if Logging", "#else", "  extension Other {}", "#endif"]
    caught.append(guarded_by_trait(sample, 3) and not guarded_by_trait(sample, 5)
                  and not guarded_by_trait(sample, 8))
    print(f"planted: {sum(caught)} of 3 caught (two uncurated names, a trait guard after imports)")
    sys.exit(0 if all(caught) else 1)

for module in modules:
    landing = pathlib.Path(f"Sources/{module}/{module}.docc/{module}.md").read_text()
    if module not in module_graphs:
        # A module whose graph was not written was not checked at all.
        problems.append(f"{module}: no symbol graph in {folder}; was the module built?")
        continue
    for _, symbols in module_graphs[module]:
        for symbol in symbols:
            checked += 1
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            if not any(line.strip() for line in lines):
                name = ".".join(symbol["pathComponents"])
                problems.append(f"{place(symbol)}: public symbol {module}.{name} has no /// comment")
    for symbol, message in topics_problems(module, module_graphs[module], landing):
        problems.append(f"{place(symbol)}: {message}")
# The doc comments of Sources as a whole, and their example blocks.
total_lines = doc_lines = 0
for path in sorted(pathlib.Path("Sources").rglob("*.swift")):
    lines = path.read_text().splitlines()
    total_lines += len(lines)
    docs = [(number, line.strip()[3:].strip()) for number, line in enumerate(lines, 1)
            if line.strip().startswith("///")]
    doc_lines += len(docs)
    example, start = None, 0
    for number, text in docs:
        if text.startswith("```"):
            if example is None:
                example, start = [], number
                continue
            code = [line for line in example if line and not line.startswith("//")]
            if not code or all(re.match(r"(print|dump)\(", line) for line in code):
                problems.append(f"{path}:{start}: this example only prints; show a use, or drop it")
            if any("you do not call it" in line.lower() for line in example):
                problems.append(f"{path}:{start}: an example that says not to call the symbol teaches nothing")
            example = None
        elif example is not None:
            example.append(text)
share = doc_lines / max(total_lines, 1)
if share > DOC_SHARE_LIMIT:
    problems.append(
        f"Sources: /// lines are {share:.0%} of all lines, above {DOC_SHARE_LIMIT:.0%}; "
        "keep examples to types and entry points")

for problem in problems:
    print(problem)
print(f"docs: {checked} public symbols checked, /// lines {share:.1%} of Sources, "
      f"{len(problems)} problems")
sys.exit(1 if problems or checked == 0 else 0)
