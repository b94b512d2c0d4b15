"""No module under bot/ imports itself back, directly or through others.

Every ``import`` and ``from ... import`` counts, wherever it stands: at the top, inside a
function (a lazy import is still a dependency), under ``if TYPE_CHECKING:`` or in a
``try``. Relative imports are resolved. ``from pkg import name`` depends on ``pkg`` (its
``__init__`` runs and ``name`` may be read from it) and also on ``pkg.name`` when that is
a module; ``import a.b.c`` depends on ``a.b.c``. (Every module also needs its parent
packages imported first; that is how packages work and is not counted.)
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """{dotted name: (file, is a package __init__)} of every module under ``root/package``."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_package)
    return out


def _known(name: str, mods: dict) -> str | None:
    """``name`` or its closest enclosing module that is one of ``mods``."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, is_package: bool, mods: dict) -> set[str]:
    """The modules of ``mods`` that module ``name`` imports, anywhere in its body."""
    here = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(m for a in node.names if (m := _known(a.name, mods)))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")[:len(here.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            if m := _known(source, mods):
                found.add(m)
            found.update(f"{source}.{a.name}" for a in node.names
                         if f"{source}.{a.name}" in mods)
    found.discard(name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    mods = modules(root, package)
    return {name: imports_of(name, path, is_pkg, mods) for name, (path, is_pkg) in mods.items()}


def _path_through(graph: dict[str, set[str]], component: list[str]) -> str:
    """One concrete circle inside ``component``, e.g. 'a -> b -> a', for the message."""
    members, start = set(component), component[0]
    trail, seen = [start], {start}
    while True:
        nxt = sorted(graph[trail[-1]] & members)
        back = [m for m in nxt if m in seen]
        if back:
            return " -> ".join(trail[trail.index(back[0]):] + [back[0]])
        fresh = [m for m in nxt if m not in seen]
        trail.append(fresh[0])
        seen.add(fresh[0])


def test_no_import_cycle_in_bot():
    graph = import_graph(ROOT, "bot")
    assert "bot.engine.game" in graph["bot.engine"]  # the walk sees the real package
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(_path_through(graph, c) for c in found)


def test_the_checker_finds_lazy_relative_and_type_only_circles(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("def f():\n    from .sub import b  # lazy\n    return b\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    (pkg / "d.py").write_text("from pkg import c\n")  # depends on pkg and on pkg.c
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.d"] == {"pkg", "pkg.c"}
    assert cycles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    assert _path_through(graph, ["pkg.a", "pkg.c", "pkg.sub.b"]) == \
        "pkg.a -> pkg.sub.b -> pkg.c -> pkg.a"
