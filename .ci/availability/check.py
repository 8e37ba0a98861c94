#!/usr/bin/env python3
"""Fails when the package uses an API newer than the macOS it declares.

Package.swift's `.macOS(.vNN)` is the floor. The compiler's index store (from
`swift build`) lists every symbol the package's own sources and tests refer
to, by USR (`references`, built from references.c). The toolchain's module
interfaces carry Apple's `@available(macOS ...)` for the standard library,
Concurrency, Synchronization, RegexBuilder and swift-foundation's
FoundationEssentials and FoundationInternationalization; their symbol graphs
(swift-symbolgraph-extract) give each USR its macOS version. Any reference to
a symbol introduced after the floor is printed as file:line:column and fails
the check, whether or not an `if #available` guards it: the package promises
to need nothing above its floor.

Not covered: Foundation's own module on Linux (swift-corelibs-foundation),
Dispatch and Testing have no Apple availability, so their APIs are not
checked; nor is code under `#if canImport(Darwin)`, which Linux never
compiles. The check fails when the index store is empty or misses more than
a tenth of the Swift files (files that refer to nothing have no references).

  check.py REFERENCES_TSV PACKAGE_SWIFT SYMBOL_GRAPH_DIR
"""
import json
import os
import re
import sys

references_path, manifest_path, graphs = sys.argv[1:4]

manifest = open(manifest_path).read()
floor_match = re.search(r"\.macOS\(\.v(\d+)(?:_(\d+))?\)", manifest)
if not floor_match:
    sys.exit("availability: Package.swift declares no .macOS(.vNN) platform")
floor = (int(floor_match.group(1)), int(floor_match.group(2) or 0))

def macos_version(symbol):
    """The macOS version a symbol was introduced in, (0, 0) when it states none."""
    for entry in symbol.get("availability", []):
        if entry.get("domain") == "macOS" and "introduced" in entry:
            return (entry["introduced"]["major"], entry["introduced"].get("minor", 0))
    return (0, 0)


introduced = {}
# A requirement added to a protocol later (FixedWidthInteger's `&*`, macOS
# 15) comes with a default implementation that older systems have: a call
# is then as old as its oldest default implementation.
defaults = {}
for name in sorted(os.listdir(graphs)):
    if not name.endswith(".symbols.json"):
        continue
    graph = json.load(open(os.path.join(graphs, name)))
    versions = {}
    for symbol in graph["symbols"]:
        usr = symbol["identifier"]["precise"]
        versions[usr] = macos_version(symbol)
        if versions[usr] > (0, 0):
            introduced[usr] = max(versions[usr], introduced.get(usr, (0, 0)))
    for relation in graph["relationships"]:
        if relation["kind"] == "defaultImplementationOf" and relation["source"] in versions:
            target, version = relation["target"], versions[relation["source"]]
            defaults[target] = min(version, defaults.get(target, version))
for usr, version in defaults.items():
    if usr in introduced:
        introduced[usr] = min(introduced[usr], version)
if len(introduced) < 1000:
    sys.exit(f"availability: only {len(introduced)} symbols with a macOS version; the symbol graphs look wrong")

root = os.path.dirname(os.path.realpath(manifest_path)) + os.sep
findings = set()
checked = 0
files_seen = set()
for line in open(references_path):
    usr, path, row, column, name = line.rstrip("\n").split("\t")
    # Units of files since deleted stay in the store; only files that exist count.
    relative = path[len(root):] if path.startswith(root) else None
    if relative is None or not relative.startswith(("Sources/", "Tests/", "Examples/")) or not os.path.exists(path):
        continue
    checked += 1
    files_seen.add(relative)
    version = introduced.get(usr)
    if version and version > floor:
        findings.add((path[len(root):], int(row), int(column), name, version))

# An empty or partial index would pass silently: every Swift file of
# Sources/ and Tests/ that refers to anything must have been read.
expected = set()
for top in ("Sources", "Tests"):
    for directory, _, names in os.walk(os.path.join(root, top)):
        expected.update(os.path.relpath(os.path.join(directory, name), root) for name in names if name.endswith(".swift"))
unread = sorted(expected - files_seen)
if checked == 0 or len(unread) > len(expected) // 10:
    sys.exit(f"availability: the index store covers {len(files_seen)} of {len(expected)} Swift files "
             f"(first unread: {unread[:3]}); build with `swift build --build-tests` first")

for path, row, column, name, version in sorted(findings):
    print(f"{path}:{row}:{column}: {name} needs macOS {version[0]}.{version[1]}, "
          f"above the declared floor macOS {floor[0]}.{floor[1]}")
if findings:
    sys.exit(1)
print(f"availability: {checked} references checked against {len(introduced)} symbols; "
      f"nothing above macOS {floor[0]}.{floor[1]}")
