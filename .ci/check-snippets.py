#!/usr/bin/env python3
"""Fails when a Swift code block in a DocC article or the README is not
compiled as it reads.

Every ```swift block in the articles of Sources/*/*.docc (the server
products' catalogs among them) and in README.md must appear, line by line (indentation and blank lines aside), in one Swift
file that a build compiles: the documentation tests, the examples, the
sources, or the Benchmarks package and Tests/Fixtures/SideBySide (the only
places swift-dependencies code may live). Five rules keep a snippet from
leaning on context it hides:

- A snippet that starts with its imports shows a whole file: some compiled
  file must be exactly that snippet (comment-only lines aside), with nothing
  around it.
- A snippet closes every brace, parenthesis and bracket it opens: one
  cut off mid-declaration compiles only inside a file that finishes it.
- A snippet compiled outside an example's module uses no name that only
  that module (or its package's test helpers) declares, unless a snippet of
  the same article declares it: a test of an example server that builds
  the example's application would not compile in a user's package.
- A snippet that declares something (a test, a type, a function) must not
  be compiled inside a test context it does not show (a suite, a test, an
  XCTestCase or WorldTestCase, a `withWorld`): pasted as it reads, it would
  lose that context's traits, base class or world. (A statement snippet is
  a fragment of a body, and an excerpt of a method may sit in its type.)

- A snippet compiled in a test target uses no name that only that target
  (the file around the snippet, the target's other files, or the shared
  test helpers) declares, as a type or function or as a member of an
  extension (`Current.score`), unless a snippet of the same article
  declares it: a reader pasting it into a new package has none of them.

`--plant` proves the last rule: it takes the declarations of `Attempts` and
of `World.greeting` out of "Time, identity and launch" and passes only if
both of the snippets that use them fail.

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


TOP_LEVEL = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|nonisolated|static|final)\s+)*"
    r"(?:func|let|var|struct|class|enum|actor|typealias|protocol)\s+(\w+)")
MEMBER = re.compile(r"(?<=[\w)\]]\.)([a-z_]\w*)\b")
MEMBER_DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|nonisolated|static|final|mutating)\s+)*"
    r"(?:func|let|var|case)\s+(\w+)")
EXTENSION = re.compile(r"^(?:(?:public|internal|private|fileprivate|package|nonisolated)\s+)*extension\b")
# A dependency in a namespace, which `Current.name` reads as a member.
DEPENDENCY = re.compile(
    r"^(?:(?:public|internal|package|nonisolated)\s+)*static\s+let\s+(\w+)\s*=\s*WorldDependency\b")
# A name a snippet uses: not a member (`.name`), not an argument label (`name:`).
NAME = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\b(?!\s*:)")


def module_of(path):
    """The folder of the module that compiles `path`."""
    parts = path.relative_to(root).parts
    for index in range(len(parts) - 2, -1, -1):
        if parts[index] in ("Sources", "Tests"):
            return root.joinpath(*parts[: index + 2])
    return root.joinpath(*parts[:2])  # Examples/Apps, Examples/WorldDemo


def declared_at_top_level(lines):
    """The names that a file's own lines declare outside any type or body.
    A file inside `#if` indents its top level by two spaces."""
    code_lines = [line for line in lines if line.strip() and not line.strip().startswith("//")]
    indent = "  " if code_lines and code_lines[0].startswith("#if") else ""
    names = set()
    for line in lines:
        if line.startswith(indent) and not line[len(indent):].startswith(" "):
            match = TOP_LEVEL.match(line[len(indent):])
            if match:
                names.add(match.group(1))
    return names


class Compiled:
    def __init__(self, path):
        raw = path.read_text().splitlines()
        self.raw = raw
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
PRODUCTS = {"CurrentWorld", "CurrentWorldHTTP", "CurrentWorldServer", "CurrentWorldTesting",
            "CurrentWorldHummingbird", "CurrentWorldVapor"}
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


# The names the public products declare: a snippet may use any of them.
public_names, public_members = set(), set()
for file in compiled:
    if file.path.relative_to(root).parts[:1] == ("Sources",) and module_of(file.path).name in PRODUCTS:
        public_names |= declared_at_top_level(file.raw)
        public_members |= {match.group(1) for line in file.raw
                           for match in [MEMBER_DECLARATION.match(line.strip())] if match}


def borrowed(block, file, article_names):
    """The names `block` uses that, where it is compiled, come from an
    example's module that it does not show: a test of an example server
    that builds the example's application, say. (An excerpt of an example's
    own module shows that module; an article's own types, which its other
    snippets declare or which a reader's app has, are not borrowed.)"""
    module = module_of(file.path)
    imported = {line.split()[-1] for line in file.raw if line.strip().startswith("import ")}
    # A module the snippet imports itself is shown: "where X is the app's module".
    shown_imports = {line.split()[-1] for line in block if line.startswith("import ")}
    hidden = set()
    for other in compiled:
        other_module = module_of(other.path)
        parts = other_module.relative_to(root).parts
        excerpt = other_module == module and "Tests" not in parts
        if parts[0] != "Examples" or excerpt:
            continue
        name = "CurrentWorldExamples" if parts[:2] == ("Examples", "Apps") else other_module.name
        # An example's test helpers, seen by the other tests of its target.
        same_tests = other_module == module
        if (name in imported and name not in shown_imports) or same_tests:
            hidden |= declared_at_top_level(other.raw)
    hidden_members = set()
    # A test target's own declarations, in the file around the snippet and
    # the target's other files, and the shared test helpers it imports:
    # a reader pasting the snippet into a new package has none of them.
    if "Tests" in module.relative_to(root).parts:
        for other in compiled:
            other_module = module_of(other.path)
            helpers = other_module == root / "Tests" / "Helpers" and "TestHelpers" in imported
            if other_module == module or helpers:
                hidden |= declared_at_top_level(other.raw)
                hidden_members |= declared_in_extensions(other)
    used = {name for line in block for name in NAME.findall(code(line))}
    members = {name for line in block for name in MEMBER.findall(code(line))}
    names = used & hidden | members & (hidden_members - public_members)
    return sorted(names - article_names - declared_in(block) - public_names)


def declared_in_extensions(file):
    """The members that a file's extensions declare one level in, such as
    `extension World { var score: Int … }`: declarations whose innermost
    open brace is an extension's; and the dependencies it declares in a
    namespace (`static let score = WorldDependency(…)`), which read as
    members of `Current`."""
    return {match.group(1) for line, context in zip(file.raw, file.open_at)
            if context and EXTENSION.match(context[-1])
            for match in [MEMBER_DECLARATION.match(line.strip())] if match} | {
        match.group(1) for line in file.raw for match in [DEPENDENCY.match(line.strip())] if match}


def declared_in(block):
    """The names a snippet declares: its types, functions, constants and
    variables, and a function's parameters."""
    names = {match.group(1) for line in block for match in TOP_LEVEL.finditer(line.strip())}
    for line in block:
        names |= set(re.findall(r"\b(?:let|var|case|for)\s+(\w+)", line))
        names |= set(re.findall(r"\b(?:func|init)\b[^(]*\((.*)\)", line) and
                     re.findall(r"(\w+)\s*:", re.findall(r"\b(?:func|init)\b[^(]*\((.*)\)", line)[0]))
    return names


def problem_with(block, article_names):
    """Why `block` is not compiled as it reads, or None."""
    if not balanced(block):
        return "this snippet is cut off: a bracket it opens is never closed, or the reverse"
    if block[0].startswith("import "):
        shown = [line for line in block if not line.startswith("//")]
        files = [file for file in compiled if file.code_lines == shown]
        if not files:
            return "this whole-file snippet is not a compiled file of its own, as it reads"
        names = borrowed(block, files[0], article_names)
        if names:
            return f"uses {', '.join(names)}, declared only where it is compiled ({files[0].path.relative_to(root)}'s module), which it does not show"
        return None
    hidden = None
    for file in compiled:
        for context in file.find(block):
            tests = [header for header in context if TEST_CONTEXT.search(header)]
            names = borrowed(block, file, article_names)
            if names:
                hidden = hidden or f"uses {', '.join(names)}, declared only where it is compiled ({file.path.relative_to(root)} or its module), which it does not show"
                continue
            if not DECLARATION.match(block[0]) or not tests:
                return None
            hidden = f"compiled only inside `{tests[-1]}` ({file.path.relative_to(root)}), which it does not show"
    return hidden or "this snippet is not in any compiled file"


problems = []
checked = 0
MANIFEST_FRAGMENTS = ("dependencies: [", ".target(name: \"MyApp\"")

PLANT = "--plant" in sys.argv[1:]
PLANTED_ARTICLE = "TimeIdentityAndLaunch.md"
PLANTED = ["```swift\nactor Attempts {", "```swift\nenum AppDependencies {"]


def without_planted_declarations(text):
    """The article with the snippets that declare the planted helpers removed."""
    for start in PLANTED:
        begin = text.index(start)
        end = text.index("```\n", begin + len(start)) + len("```\n")
        text = text[:begin] + text[end:]
    return text


articles = root.glob("Sources/*/*.docc/*.md")
for article in sorted(articles) + [root / "README.md"]:
    if PLANT and article.name != PLANTED_ARTICLE:
        continue
    text = article.read_text()
    if PLANT:
        text = without_planted_declarations(text)
    blocks = [[line.strip() for line in block.splitlines() if line.strip()]
              for block in re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)]
    article_names = set().union(*(declared_in(block) for block in blocks))
    for match in re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M):
        block = [line.strip() for line in match.group(1).splitlines() if line.strip()]
        if article.name == "README.md" and block and block[0].startswith(MANIFEST_FRAGMENTS):
            continue
        if block and block[0] == ".package(" and block[1].startswith("url: "):
            continue  # a manifest that names the published URL, in an article too
        checked += 1
        problem = problem_with(block, article_names)
        if problem:
            line = text[: match.start()].count("\n") + 1
            problems.append(f"{article.relative_to(root)}:{line}: {problem}")
if PLANT:
    found = [name for name in ("Attempts", "greeting")
             if any(re.search(rf"uses (\w+, )*{name}\b", problem) for problem in problems)]
    print("\n".join(problems))
    print(f"planted: {len(found)} of 2 hidden helpers caught ({', '.join(found)})")
    sys.exit(0 if len(found) == 2 else 1)
for problem in problems:
    print(problem)
print(f"snippets: {checked} article and README snippets checked, {len(problems)} not compiled as they read")
sys.exit(1 if problems or checked == 0 else 0)
