"""docs/architecture.md names every folder of the engine and the runtime that holds code,
so a folder added there (as `engine/history/` once was) is described where readers look.

A folder counts as named when the doc says its whole path (`bot/engine/history/`) or, in
its package's bullet of the module map (`- **engine** — ...` up to the next bullet of that
list), its name with the slash (`history/`): a bare word like "history" in prose is not
a description of the folder.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
PACKAGES = ("engine", "runtime")


def code_folders(package: str) -> list[Path]:
    """The folders under bot/<package> (itself included) with a .py file directly in them."""
    base = ROOT / "bot" / package
    return sorted({path.parent for path in base.rglob("*.py")
                   if "__pycache__" not in path.parts})


def module_map_bullet(text: str, package: str) -> str:
    """The module map's bullet for ``package``: from `- **package**` to the next top-level
    bullet or heading."""
    found = re.search(rf"^- \*\*{package}\*\*.*?(?=^- \*\*|^#)", text, re.M | re.S)
    assert found, f"docs/architecture.md has no module-map bullet for {package}"
    return found.group(0)


@pytest.mark.parametrize("package", PACKAGES)
def test_every_code_folder_is_named_in_the_architecture(package):
    text = DOC.read_text()
    bullet = module_map_bullet(text, package)
    missing = []
    for folder in code_folders(package):
        rel = folder.relative_to(ROOT).as_posix()
        below = folder.relative_to(ROOT / "bot" / package).as_posix()
        named = f"`{rel}/`" in text or (below != "." and f"`{below}/`" in bullet)
        if not named:
            missing.append(rel)
    assert not missing, f"docs/architecture.md does not name {missing}"


def test_the_folders_are_found():
    """The listing itself works: it sees the folders it must (a check that could pass
    by finding nothing proves nothing)."""
    engine = {f.name for f in code_folders("engine")}
    assert {"engine", "core", "history", "throwin", "warsaw"} <= engine
    assert {"runtime", "table", "lobby", "turns", "delivery"} <= \
        {f.name for f in code_folders("runtime")}


def test_a_folder_named_only_in_prose_or_another_bullet_does_not_count():
    text = "- **engine** — `core/` and a history of things\n- **runtime** — `history/`\n"
    assert "`history/`" not in module_map_bullet(text, "engine")
    assert "`core/`" in module_map_bullet(text, "engine")
