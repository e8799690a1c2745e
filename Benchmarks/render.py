#!/usr/bin/env python3
"""Turns the benchmark binaries' lines into the table of Benchmarks/README.md.

Each line is `build<TAB>case<TAB>ns/op`. A ratio divides a case by a baseline
from the same build (the same process), so the machine's speed cancels out;
targets that compare cases from the two builds compare their ratios.
"""
import sys

rows = []
ns = {}
for line in open(sys.argv[1]):
    build, name, value = line.rstrip("\n").split("\t")
    ns[(build, name)] = float(value)
    rows.append((build, name))

CHEAP = "baseline: let closure"
LIVE = "baseline: let closure, live clock"
BARE = "TaskLocal.withValue, bare"
BOUND = "TaskLocal read, bound: clock!.date()"
SCOPED = "CurrentWorld overridable: Current.date(), in a scope"
APP = "CurrentWorld overridable: app-defined field, in a scope"
DECLARED = "CurrentWorld overridable: WorldDependency field, in a scope"
DECLARED_DEFAULT = "CurrentWorld overridable: WorldDependency field, not overridden"
DECLARED_RELEASE = "CurrentWorld release: WorldDependency field"
SCOPE = "CurrentWorld overridable: withWorld, one override"
DEPS_SCOPE = "swift-dependencies: withDependencies, one override"
DEPS_READ = "swift-dependencies: @Dependency(\\.date) read, wrapper made once"
WRITE = "CurrentWorld overridable: Current.date = …, in a scope"
LAUNCH = "launch: first read of Current"
LAUNCH_BASE = "launch: Foundation values alone, first read"
R, D, O = "release", "debug-semantics", "debug -Onone"

def ratio(build, name, base):
    return ns[(build, name)] / ns[(build, base)]

# The baseline each case is divided by.
baseline_of = {
    "CurrentWorld release: Current.date()": LIVE,
    "baseline: let closure, live clock": LIVE,
    DEPS_SCOPE: BARE,
    SCOPE: BARE,
    WRITE: BARE,
    LAUNCH: LAUNCH_BASE,
    LAUNCH_BASE: LAUNCH_BASE,
    "CurrentWorld overridable: withWorld(world), prebuilt": BARE,
    BARE: BARE,
    "CurrentWorld overridable: Current.date(), no scope": BOUND,
    SCOPED: BOUND,
    "CurrentWorld overridable: Current.date(), 3 nested scopes": BOUND,
    APP: SCOPED,
    DECLARED: SCOPED,
    DECLARED_DEFAULT: SCOPED,
    BOUND: BOUND,
}

def targets():
    out = {}
    def add(build, name, text, ok):
        out[(build, name)] = f"{text}: {'pass' if ok else 'MISS'}"
    release_read = ratio(R, "CurrentWorld release: Current.date()", LIVE)
    add(R, "CurrentWorld release: Current.date()", "<= 1.1x baseline", release_read <= 1.1)
    scoped = ratio(D, SCOPED, BOUND)
    add(D, SCOPED, "<= 1.5x a bound TaskLocal read", scoped <= 1.5)
    # Reads against swift-dependencies' read built the same way, measured in
    # the same process: at -O (release, and optimized with DEBUG) and -Onone.
    release_faster = ns[(R, DEPS_READ)] / ns[(R, "CurrentWorld release: Current.date()")]
    add(R, DEPS_READ, f"Current.date() >= 5x faster ({release_faster:.1f}x)", release_faster >= 5)
    for build in (D, O):
        faster = ns[(build, DEPS_READ)] / ns[(build, SCOPED)]
        add(build, DEPS_READ, f"Current.date() in a scope >= 5x faster ({faster:.1f}x)", faster >= 5)
    add(O, SCOPED, "<= 2.5x a bound TaskLocal read", ratio(O, SCOPED, BOUND) <= 2.5)
    add(D, APP, "<= 1.2x a built-in field", ratio(D, APP, SCOPED) <= 1.2)
    add(O, APP, "<= 1.2x a built-in field", ratio(O, APP, SCOPED) <= 1.2)
    # A dependency declared with WorldDependency, against a WorldKey read
    # measured in the same process (#69).
    add(D, DECLARED, f"<= a WorldKey read ({ns[(D, DECLARED)] / ns[(D, APP)]:.2f}x it); aim 1.2x a built-in field",
        ns[(D, DECLARED)] <= ns[(D, APP)])
    add(O, DECLARED, f"<= 1.5x a WorldKey read ({ns[(O, DECLARED)] / ns[(O, APP)]:.2f}x it)",
        ns[(O, DECLARED)] <= 1.5 * ns[(O, APP)])
    add(R, DECLARED_RELEASE, "<= 1.1x baseline", ratio(R, DECLARED_RELEASE, CHEAP) <= 1.1)
    # Scope entry and writes against swift-dependencies in the same process.
    for build in (D, O):
        deps = ns[(build, DEPS_SCOPE)]
        if build == D:
            stretch = ratio(D, SCOPE, BARE)
            add(D, SCOPE,
                f"<= withDependencies ({ns[(D, SCOPE)] / deps:.2f}x it); stretch <= 2x bare withValue "
                f"({'met' if stretch <= 2 else 'not met'})",
                ns[(D, SCOPE)] <= deps)
        else:
            add(O, SCOPE, f"<= 1.2x withDependencies ({ns[(O, SCOPE)] / deps:.2f}x it)",
                ns[(O, SCOPE)] <= 1.2 * deps)
            add(O, WRITE, f"<= withDependencies ({ns[(O, WRITE)] / deps:.2f}x it)", ns[(O, WRITE)] <= deps)
    add(R, LAUNCH, "<= 1.2x the Foundation values alone", ratio(R, LAUNCH, LAUNCH_BASE) <= 1.2)
    warm = ns[(R, "Current.dateFormatter(.full, .full), warm, formatting a date")]
    new = ns[(R, "DateFormatter, new and configured each time, formatting a date")]
    add(R, "Current.dateFormatter(.full, .full), warm, formatting a date",
        f">= 50x faster than a new DateFormatter ({new / warm:.0f}x)", new / warm >= 50)
    ours = ("build", "clean debug build: CurrentWorld library")
    theirs = ("build", "clean debug build: one file importing swift-dependencies")
    if ours in ns and theirs in ns:
        add(*ours, f">= 3x faster than swift-dependencies ({ns[theirs] / ns[ours]:.1f}x)",
            ns[theirs] / ns[ours] >= 3)
    return out

brief = len(sys.argv) > 2 and sys.argv[2] == "--brief"
# A brief run measures nothing, so it judges no target.
goals = {} if brief else targets()

def show(value):
    if value >= 1e8:
        return f"{value / 1e9:.1f} s"
    return f"{value:,.1f}"

if brief:
    print("Brief run: each case ran a few times only, so these numbers are not measurements.\n")
print("| build | case | ns/op (median) | ratio | target |")
print("|---|---|---:|---:|---|")
for build, name in rows:
    value = ns[(build, name)]
    if build == "build":
        print(f"| {build} | {name} | {show(value)} | | {goals.get((build, name), '')} |")
        continue
    base = baseline_of.get(name, CHEAP)
    print(f"| {build} | {name} | {show(value)} | {ratio(build, name, base):.2f}x {base} | {goals.get((build, name), '')} |")
