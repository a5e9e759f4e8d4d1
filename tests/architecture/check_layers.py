#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The house's seams, checked: every #include "..." in the sources must name a
header of the including file's own library or of one it may depend on
(docs/architecture.md). Prints each violation as file:line and exits 1."""
import os
import re
import sys

# Library of each source folder: a folder is a library (the widgets' rooms are one).
FOLDERS = {name: name for name in ("domain", "sim", "sources", "recording", "backfill", "client", "export",
                                   "noc", "gateway", "host", "analysis", "report", "models", "widgets", "ui")}
# What each library may include, itself included. One way only: no cycle can form. The build
# enforces the same graph (each library's include root shows only what it links); this is the
# second check, and the one that names the seam.
MAY_USE = {
    "domain": {"domain", "proto"},
    "sim": {"sim", "domain", "proto"},
    "sources": {"sources", "domain", "proto"},
    "recording": {"recording", "domain", "proto"},
    "backfill": {"backfill", "sources", "recording", "domain", "proto"},
    "client": {"client", "domain", "proto", "grpc"},
    "export": {"export", "sources", "domain", "proto"},
    "noc": {"noc", "domain", "proto"},
    "gateway": {"gateway", "recording", "noc", "domain", "proto", "grpc"},
    "host": {"host", "gateway", "sim", "sources", "recording", "export", "noc", "client", "domain", "proto", "grpc"},
    "analysis": {"analysis", "recording", "domain", "proto"},
    "report": {"report", "analysis", "recording", "domain", "proto"},
    "models": {"models", "analysis", "recording", "domain", "proto"},
    "widgets": {"widgets", "models", "report", "analysis", "recording", "domain", "proto"},
    "ui": {"ui", "widgets", "models", "report", "analysis", "recording", "backfill", "sources", "client", "domain",
           "proto", "grpc"},
}
# Headless libraries never see Qt Gui or Widgets.
HEADLESS = {"domain", "sim", "sources", "recording", "backfill", "client", "export", "noc", "gateway", "host",
            "analysis", "report"}
GUI_HEADERS = re.compile(r"<(QtGui/|QtWidgets/)?(QWidget|QPainter|QImage|QPixmap|QColor|QFont|QApplication|"
                         r"QGuiApplication|QPdfWriter|QIcon)>")
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]')


def library_of_folder(rel_dir):
    best = None
    for folder, library in FOLDERS.items():
        if rel_dir == folder or rel_dir.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, library)
    return best[1] if best else None


def resolve(root, including_dir, header):
    """The library a quoted include names, or None when it is not one of ours."""
    if header.startswith("vigil/v1/"):
        return "grpc" if header.endswith(".grpc.pb.h") else "proto"
    # A library's own folder, then the libraries' folders as "<library>/<header>", then the
    # rooted folders whose headers are named from their own root.
    candidates = [os.path.join(including_dir, header), os.path.join(root, header)]
    candidates += [os.path.join(root, base, header) for base in ("models", "widgets", "ui")]
    for path in candidates:
        if os.path.isfile(path):
            return library_of_folder(os.path.relpath(os.path.dirname(os.path.normpath(path)), root))
    return None


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = []
    for folder, library in FOLDERS.items():
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = INCLUDE.match(line)
                        if not m:
                            continue
                        kind, header = m.groups()
                        if kind == "<":
                            if library in HEADLESS and GUI_HEADERS.match("<" + header + ">"):
                                problems.append(f"{rel}:{number}: {library} is headless but includes <{header}>")
                            continue
                        used = resolve(root, dirpath, header)
                        if used is not None and used not in MAY_USE[library]:
                            problems.append(f"{rel}:{number}: {library} may not include \"{header}\" ({used})")
    for p in problems:
        print(p)
    print(f"{len(problems)} include(s) across a seam")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
