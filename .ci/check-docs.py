#!/usr/bin/env python3
"""Fails when a public symbol lacks a /// comment, or when a module's
top-level public symbol is missing from the Topics of its DocC landing page.
Examples belong where they teach (types, entry points, anything whose use the
signature does not show), so none is demanded of a property.

Reads the symbol graphs that `swift build -emit-symbol-graph` wrote into the
folder given as the first argument, for the modules named after it.
"""
import json
import pathlib
import sys

folder = pathlib.Path(sys.argv[1])
modules = sys.argv[2:]
problems = []
checked = 0
for module in modules:
    landing = pathlib.Path(f"Sources/{module}/{module}.docc/{module}.md").read_text()
    paths = [folder / f"{module}.symbols.json", *folder.glob(f"{module}@*.symbols.json")]
    for path in sorted(p for p in paths if p.exists()):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            # An extension block is documented by its members.
            if symbol.get("kind", {}).get("identifier") == "swift.extension":
                continue
            # Synthesized conformances and members inherited from the standard
            # library carry the standard library's docs, not ours.
            location = symbol.get("location", {}).get("uri", "")
            if "/Sources/" not in location:
                continue
            checked += 1
            name = ".".join(symbol["pathComponents"])
            lines = [line["text"] for line in symbol.get("docComment", {}).get("lines", [])]
            where = f'{location.split("/Sources/")[-1]}:{symbol["location"]["position"]["line"] + 1}'
            top_level = len(symbol["pathComponents"]) == 1 and not path.name.count("@")
            if top_level and f"``{symbol['pathComponents'][0]}" not in landing:
                problems.append(f"{where}: {module}.{name} is not in the Topics of {module}.md")
            if not any(line.strip() for line in lines):
                problems.append(f"{where}: public symbol {module}.{name} has no /// comment")
for problem in problems:
    print(problem)
print(f"docs: {checked} public symbols checked, {len(problems)} problems")
sys.exit(1 if problems or checked == 0 else 0)
