"""What the compiled engine is built from: the module names and the source hashes that the
build records and the import-time check compares (``_build``). One definition for both
sides: ``setup.py`` loads this file by path (importing ``bot.engine`` there would import
the engine it is about to build), so it must stay free of side effects and of imports
from ``bot``.
"""

from __future__ import annotations

import hashlib
import os

# deal_base first: moves' ThrowInMoves extends its DealBase and state's ThrowInState
# extends ThrowInMoves (cdef classes across modules); state_config types their config.
# Names are dotted, relative to bot.engine (``core.deal_base`` is bot/engine/core/deal_base.py).
COMPILED = ("core.deal_base", "throwin.state_config", "throwin.moves", "core.deal", "core.leads",
            "throwin.state")
RECORD = "_compiled.json"


def source_path(directory: str, name: str) -> str:
    """The path of module ``name`` (dotted, relative to the engine) under ``directory``,
    without its extension."""
    return os.path.join(directory, *name.split("."))


def source_hashes(directory: str, name: str) -> dict[str, str]:
    """{".py": sha256, ".pxd": sha256} of the files that exist. An installed wheel has no
    ``.pxd`` files: then only the ``.py`` is compared."""
    out = {}
    for ext in (".py", ".pxd"):
        path = source_path(directory, name) + ext
        if os.path.exists(path):
            with open(path, "rb") as f:
                out[ext] = hashlib.sha256(f.read()).hexdigest()
    return out
