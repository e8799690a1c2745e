#!/usr/bin/env python3
"""Fails when a Swift code block in a DocC article or the README is not
compiled as it reads.

Every ```swift block in the articles of Sources/*/*.docc (the server
products' catalogs among them) and in README.md must appear, line by line (indentation and blank lines aside), in one Swift
file that a build compiles: the documentation tests, the examples, the
sources, or the Benchmarks package (the only place swift-dependencies code
may live). Two rules keep a snippet from leaning on context it hides:

- A snippet that starts with its imports shows a whole file: some compiled
  file must be exactly that snippet (comment-only lines aside), with nothing
  around it.
- A snippet closes every brace, parenthesis and bracket it opens: one
  cut off mid-declaration compiles only inside a file that finishes it.
- A snippet that declares something (a test, a type, a function) must not
  be compiled inside a test context it does not show (a suite, a test, an
  XCTestCase or WorldTestCase, a `withWorld`): pasted as it reads, it would
  lose that context's traits, base class or world. (A statement snippet is
  a fragment of a body, and an excerpt of a method may sit in its type.)

Manifest fragments are the exception (the README's two, and any block that
starts a `.package(url:` line): a manifest that names the published URL
cannot be built here.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
TEST_CONTEXT = re.compile(r"@Suite|@Test|XCTestCase|WorldTestCase|withWorld|\.world\b")
DECLARATION = re.compile(
    r"^(@\w+|((public|private|fileprivate|internal|package|nonisolated|static|final|override)\s+)*"
    r"(struct|class|enum|actor|extension|func|protocol|typealias)\b)")


def code(line):
    """A line without its string literals and trailing comment, for braces."""
    line = re.sub(r'#?"(\\.|[^"\\])*"#?', '""', line)
    return line.split("//", 1)[0]


class Compiled:
    def __init__(self, path):
        raw = path.read_text().splitlines()
        self.path = path
        # The stripped non-empty lines, each with its raw line's index.
        self.lines, self.raw_index = [], []
        for index, line in enumerate(raw):
            if line.strip():
                self.lines.append(line.strip())
                self.raw_index.append(index)
        self.code_lines = [line for line in self.lines if not line.startswith("//")]
        # The declarations open at each raw line: a stack of header lines.
        self.open_at, stack = [], []
        for line in raw:
            self.open_at.append(list(stack))
            for char in code(line):
                if char == "{":
                    stack.append(line.strip())
                elif char == "}" and stack:
                    stack.pop()

    def find(self, block):
        size = len(block)
        for start in range(len(self.lines) - size + 1):
            if self.lines[start:start + size] == block:
                yield self.open_at[self.raw_index[start]]


compiled = []
for folder in ["Tests", "Examples", "Sources", "Benchmarks/Sources"]:
    for path in sorted((root / folder).rglob("*.swift")):
        # A scratch folder holds the dependencies' sources, not ours.
        if any(part.startswith(".build") for part in path.relative_to(root).parts):
            continue
        if any(part.startswith(".build") for part in path.parts):
            continue  # a build folder's copies of other packages
        compiled.append(Compiled(path))


def balanced(block):
    """Whether every bracket the snippet opens, it closes: a snippet cut off
    mid-declaration would compile only inside a file that finishes it."""
    depth = {"{": 0, "(": 0, "[": 0}
    closing = {"}": "{", ")": "(", "]": "["}
    for line in block:
        for char in code(line):
            if char in depth:
                depth[char] += 1
            elif char in closing:
                depth[closing[char]] -= 1
                if depth[closing[char]] < 0:
                    return False
    return all(value == 0 for value in depth.values())


def problem_with(block):
    """Why `block` is not compiled as it reads, or None."""
    if not balanced(block):
        return "this snippet is cut off: a bracket it opens is never closed, or the reverse"
    if block[0].startswith("import "):
        shown = [line for line in block if not line.startswith("//")]
        if any(file.code_lines == shown for file in compiled):
            return None
        return "this whole-file snippet is not a compiled file of its own, as it reads"
    hidden = None
    for file in compiled:
        for context in file.find(block):
            tests = [header for header in context if TEST_CONTEXT.search(header)]
            if not DECLARATION.match(block[0]) or not tests:
                return None
            hidden = f"compiled only inside `{tests[-1]}` ({file.path.relative_to(root)}), which it does not show"
    return hidden or "this snippet is not in any compiled file"


problems = []
checked = 0
MANIFEST_FRAGMENTS = ("dependencies: [", ".target(name: \"MyApp\"")

articles = root.glob("Sources/*/*.docc/*.md")
for article in sorted(articles) + [root / "README.md"]:
    text = article.read_text()
    for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        block = [line.strip() for line in match.group(1).splitlines() if line.strip()]
        if article.name == "README.md" and block and block[0].startswith(MANIFEST_FRAGMENTS):
            continue
        if block and block[0] == ".package(" and block[1].startswith("url: "):
            continue  # a manifest that names the published URL, in an article too
        checked += 1
        problem = problem_with(block)
        if problem:
            line = text[: match.start()].count("\n") + 1
            problems.append(f"{article.relative_to(root)}:{line}: {problem}")
for problem in problems:
    print(problem)
print(f"snippets: {checked} article and README snippets checked, {len(problems)} not compiled as they read")
sys.exit(1 if problems or checked == 0 else 0)
