"""The operator guide and the README stay true to the code: every setting `durak-bot`
reads is in the guide's table with its default, and the project's docs link only files
the project has."""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import ENVIRONMENT

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_is_in_the_operator_guide_with_its_default():
    guide = (ROOT / "docs" / "operators.md").read_text()
    rows = {m.group(1): m.group(2) for m in
            re.finditer(r"^\| `([A-Z_]+)` \| ([^|]+) \|", guide, re.M)}
    assert set(rows) == {s.name for s in ENVIRONMENT}
    for setting in ENVIRONMENT:
        shown = rows[setting.name].strip().replace("`", "")
        assert shown == (setting.default or "required"), setting.name


def test_docs_link_only_files_of_the_project():
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text()
        assert "../shared" not in text, doc
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            assert (doc.parent / target).resolve().exists(), f"{doc.name}: {target}"
