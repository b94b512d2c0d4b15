"""The docs refer only to files the repository has: README.md, docs/*.md and every
README.md under bot/.

Two kinds of reference are checked:
- relative links, ``[text](target)`` (an anchor after ``#`` is not checked), resolved
  from the document's folder like a Markdown viewer does;
- file names written out, a path with a folder (``bot/cli/replay.py``,
  ``scripts/bench_webapp.py``, ``docs/operators.md``, ``runtime/outbox.py`` under bot/)
  or a bare ``name.md`` / ``name.py``: a path must be a file of the repository (from its
  root, the document's folder or ``bot/``), a bare name the name of one somewhere in it.

Only ``.py`` and ``.md`` names count: build outputs (``_compiled.json``, ``*.so``), globs
and URLs are not files the repository holds, and a word in prose has no extension. A
name must be a whole token: a URL's tail (``github.com/x/y.md``) is not one.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s#]*)(?:#[^)]*)?\)")
# Not after a word, slash, dot or hyphen: a whole token, never the tail of a URL or path.
PATH = re.compile(r"(?<![\w/.:-])((?:[\w-]+/)+[\w.-]+\.(?:py|md))(?![\w/-])")
NAME = re.compile(r"(?<![\w/.:-])([\w-]+\.(?:py|md))(?![\w/-])")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
            *sorted((ROOT / "bot").rglob("README.md"))]


def repository_files() -> set[str]:
    """Paths relative to the root: git's tracked files (a stray file in one checkout is
    not the repository's), or every file on disk where git is not there."""
    try:
        listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return {p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*") if p.is_file()}
    return {line for line in listed if line}


def broken_references(doc: Path, text: str, files: set[str]) -> list[str]:
    folders = {str(Path(f).parent.as_posix()) for f in files}
    folders |= {p for f in folders for p in _parents(f)}
    names = {Path(f).name for f in files}
    here = doc.parent.relative_to(ROOT)
    broken = []
    for target in LINK.findall(text):
        if not target or re.match(r"[a-z]+:", target):  # http:, https:, mailto:, tg:
            continue
        rel = _normal(here / target)
        if rel not in files and rel not in folders:
            broken.append(f"link {target}")
    for path in PATH.findall(text):
        bases = (Path("."), here, Path("bot"))
        if not any(_normal(base / path) in files for base in bases):
            broken.append(f"file {path}")
    for name in NAME.findall(text):
        if name not in names:
            broken.append(f"file {name}")
    return broken


def _parents(folder: str) -> set[str]:
    return {p.as_posix() for p in Path(folder).parents}


def _normal(path: Path) -> str:
    """``a/b/../c`` as ``a/c``, relative to the root (outside it: kept as it is)."""
    resolved = (ROOT / path).resolve()
    try:
        return resolved.relative_to(ROOT).as_posix()
    except ValueError:
        return str(resolved)


@pytest.mark.parametrize("doc", documents(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_file_a_doc_names_is_in_the_repository(doc):
    assert broken_references(doc, doc.read_text(), repository_files()) == []


def test_the_documents_include_the_readmes_under_bot():
    found = {p.relative_to(ROOT).as_posix() for p in documents()}
    assert {"README.md", "docs/operators.md", "bot/ai/README.md",
            "bot/engine/README.md"} <= found


FILES = {"README.md", "docs/operators.md", "bot/cli/replay.py", "bot/ai/README.md",
         "bot/runtime/delivery/outbox.py", "scripts/bench_webapp.py"}


@pytest.mark.parametrize("text, broken", [
    # what is there: a path from the root, from bot/, from the doc's folder; a bare name
    ("see `bot/cli/replay.py`, runtime/delivery/outbox.py and ai/README.md", []),
    ("[guide](docs/operators.md#settings), [the AI](bot/ai/README.md), outbox.py", []),
    # what is not
    ("details in the notes `ai-3p-screens.md`", ["file ai-3p-screens.md"]),
    ("RULES.md, the project's rules", ["file RULES.md"]),
    ("`turns/computers.py` plays it", ["file turns/computers.py"]),
    ("[gone](docs/gone.md)", ["link docs/gone.md", "file docs/gone.md"]),
    ("`scripts/bench_nothing.py --seconds 5`", ["file scripts/bench_nothing.py"]),
    # not references: prose, URLs, build outputs, globs, other extensions, an anchor
    ("the history of a deal; files .py and .md; e.g. a 2.5 s wait", []),
    ("https://github.com/x/y/blob/main/NOTES.md and `bot/engine/_compiled.json`", []),
    ("`bot/engine/core/*.so`, [rules](#rules), [site](https://example.org/a.md)", []),
])
def test_what_counts_as_a_reference(text, broken):
    assert broken_references(ROOT / "README.md", text, FILES) == broken
