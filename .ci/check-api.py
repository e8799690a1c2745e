#!/usr/bin/env python3
"""Fails when a public name of the last release is gone or changed, unless
API/breaking.txt lists it as an intended break.

The public surface is one line per public or open declaration, and per
conformance of a public type, read from the symbol graphs in GRAPHS (the
folder that `.ci/run` fills with `swift-symbolgraph-extract` from its
build's modules):

    module  kind  path  declaration      (two spaces between fields)

The path is the name's place (`World.locale`), prefixed by the module
whose type it extends, if another; the declaration is the graph's
(swift-symbolgraph-extract spells a nested type with its parent,
`ReportedIssue.Severity`), without parameters' internal names, which a
caller never writes. The
baseline is the surface of the release in VERSION, API/<VERSION>.txt.
Each of its lines missing from the current surface (a removal or a changed
declaration), and each new case of one of its enums (an exhaustive
`switch` no longer compiles), is a break: the check fails unless
API/breaking.txt lists that line, then `  # ` and the CHANGELOG entry.
Other new names pass. Only the graphs' platform (Linux) and traits (none)
are seen: Apple-only and trait-gated names are not checked. The graphs
must be extracted from the modules the sources just built.

usage: check-api.py GRAPHS                 compare with the baseline
       check-api.py --write FILE GRAPHS    write the surface as a baseline
       check-api.py --plant GRAPHS         prove that a removal fails
"""
import json
import pathlib
import sys

API = pathlib.Path("API")
# Conformances that every type has, or that follow from Sendable and vary
# with the compiler: not part of what a release promises.
IMPLIED = {"Swift.Copyable", "Swift.Escapable", "Swift.SendableMetatype"}


def declaration(fragments):
    """The declaration's text, without internal parameter names."""
    text, label = "", False
    for fragment in fragments:
        if fragment["kind"] == "internalParam":
            # `from date: Date` is `from: Date`; an operator's `lhs: T`, `_: T`.
            text = text.rstrip() if label else text + "_"
        else:
            text += fragment["spelling"]
        if fragment["kind"] != "text":
            label = fragment["kind"] == "externalParam"
    # A stored `var` and one with accessors are the same to a caller.
    return " ".join(text.split()).removesuffix(" { get set }")


def constraints(items):
    return ", ".join(f'{c["lhs"]}{": " if c["kind"] == "conformance" else " == "}{c["rhs"]}'
                     for c in items or [])


def graph_surface(path):
    """The lines of one symbol graph file."""
    graph = json.loads(path.read_text())
    module = graph["module"]["name"]
    extended = path.name.removesuffix(".symbols.json").partition("@")[2]
    prefix = f"{extended}." if extended else ""
    symbols = {s["identifier"]["precise"]: s for s in graph["symbols"]}
    lines = []
    for symbol in graph["symbols"]:
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        if (symbol.get("accessLevel") not in ("public", "open") or kind == "extension"
                or "::SYNTHESIZED::" in symbol["identifier"]["precise"]):
            continue
        text = declaration(symbol.get("declarationFragments", []))
        where = constraints(symbol.get("swiftExtension", {}).get("constraints"))
        if where:
            text += f" (in extension where {where})"
        lines.append(f'{module}  {kind}  {prefix}{".".join(symbol["pathComponents"])}  {text}')
    for relation in graph["relationships"]:
        source = symbols.get(relation["source"])
        if (relation["kind"] not in ("conformsTo", "inheritsFrom") or source is None
                or source.get("accessLevel") not in ("public", "open")):
            continue
        target = symbols.get(relation["target"])
        name = (".".join(target["pathComponents"]) if target
                else relation.get("targetFallback", relation["target"]))
        if name in IMPLIED:
            continue
        type_path = prefix + ".".join(source["pathComponents"])
        where = constraints(relation.get("swiftConstraints"))
        lines.append(f'{module}  conformance  {type_path}  {type_path}: {name}'
                     + (f" where {where}" if where else ""))
    return lines


def surface(folder):
    lines = set()
    for path in sorted(folder.glob("*.symbols.json")):
        lines.update(graph_surface(path))
    return sorted(lines)


def read_lines(path):
    return [line for line in path.read_text().splitlines()
            if line.strip() and not line.startswith("#")]


def breaks(baseline, current):
    """The baseline's lines that are gone, and the new cases of its enums
    (an exhaustive `switch` over the enum no longer compiles)."""
    gone = sorted(set(baseline) - set(current))
    fields = lambda line: line.split("  ", 3)
    enums = {fields(line)[2] for line in baseline if fields(line)[1] == "enum"}
    cases = [line for line in current if line not in baseline and fields(line)[1] == "enum.case"
             and fields(line)[2].rpartition(".")[0] in enums]
    return ([(line, "gone or changed") for line in gone]
            + [(line, "a new case of a released enum") for line in cases])


def problems_of(found, allowed):
    """A BREAK for each break not in API/breaking.txt, and a STALE for each
    entry there that breaks nothing."""
    lines = {line for line, _ in found}
    return ([f"BREAK ({why}): {line}" for line, why in found if line not in allowed]
            + [f"STALE: API/breaking.txt lists what breaks nothing: {line}"
               for line in sorted(set(allowed) - lines)])


def allowed_breaks():
    """API/breaking.txt's lines, each `surface line  # reason`."""
    allowed, problems = {}, []
    for entry in read_lines(API / "breaking.txt"):
        line, _, reason = entry.partition("  # ")
        if not reason.strip():
            problems.append(f"API/breaking.txt: no `  # reason` after: {line}")
        allowed[line] = reason
    return allowed, problems


arguments = sys.argv[1:]
if arguments[0] == "--write":
    lines = surface(pathlib.Path(arguments[2]))
    pathlib.Path(arguments[1]).write_text(
        "# The public surface, written by `python3 .ci/check-api.py --write`: module, kind,\n"
        "# path, declaration; one line per public name or conformance.\n"
        + "".join(line + "\n" for line in lines))
    print(f"api: wrote {len(lines)} lines to {arguments[1]}")
    sys.exit(0 if lines else 1)

plant = arguments[0] == "--plant"
current = surface(pathlib.Path(arguments[-1]))
# The release that users install, in VERSION, is the baseline.
baseline_path = API / f"{pathlib.Path('VERSION').read_text().strip()}.txt"
if not baseline_path.exists():
    sys.exit(f"api: no {baseline_path}: a release writes its surface with "
             f"`python3 .ci/check-api.py --write {baseline_path} {arguments[-1]}`")
baseline = read_lines(baseline_path)
allowed, problems = allowed_breaks()

if plant:
    # A real public name of the release, still here, taken out in memory:
    # the check must fail on one more break, naming it.
    victim = next(line for line in current if "  World.locale  " in line and line in baseline)
    before = problems_of(breaks(baseline, current), allowed)
    after = problems_of(breaks(baseline, [line for line in current if line != victim]), allowed)
    new = [problem for problem in after if problem not in before]
    caught = new == [f"BREAK (gone or changed): {victim}"]
    print(f"planted: `World.locale` taken out: {'caught' if caught else 'NOT caught'}: {new}")
    sys.exit(0 if caught else 1)

found = breaks(baseline, current)
problems += problems_of(found, allowed)
for problem in problems:
    print(problem)
if any(problem.startswith("BREAK") for problem in problems):
    print(f"\nEach BREAK is a public name of {baseline_path.stem} that is gone or whose "
          "declaration changed,\nor a new case of one of its enums. Restore it; or, if the "
          "break is intended, describe it\nin CHANGELOG.md's Unreleased section "
          "(**Source-breaking**, with its migration) and add\nits line, as printed "
          "after `BREAK (...): `, to API/breaking.txt, followed by `  # `\nand that "
          "CHANGELOG entry.")
print(f"api: {len(current)} public lines, {len(baseline)} in {baseline_path}, "
      f"{len(found)} breaks ({len(allowed)} listed in API/breaking.txt), {len(problems)} problems")
sys.exit(1 if problems or not current else 0)
