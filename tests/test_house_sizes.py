"""The house keeps its rooms small: no module in bot/ over 500 lines, no folder over 20
modules, and every package says in its docstring what it owns (a newcomer reads the
structure, not a list of file names)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[1] / "bot"
MAX_LINES = 500
MAX_MODULES = 20


def _packages() -> list[Path]:
    return sorted(p.parent for p in BOT.rglob("__init__.py") if "migrations" not in p.parts)


def test_no_module_is_longer_than_the_limit():
    long = {str(p.relative_to(BOT)): n for p in BOT.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def test_no_folder_holds_more_modules_than_the_limit():
    crowded = {str(d.relative_to(BOT)): n for d in _packages()
               if (n := len(list(d.glob("*.py")))) > MAX_MODULES}
    assert not crowded, crowded


def test_every_package_says_what_it_owns():
    silent = [str(d.relative_to(BOT)) for d in _packages()
              if not ast.get_docstring(ast.parse((d / "__init__.py").read_text("utf-8")))]
    assert not silent, silent
