"""Which engine build runs: the compiled modules (Cython, built by ``pip install``) or the
pure-Python sources. Decided once, when ``bot.engine`` is first imported.

The compiled build is used only when all of these hold:
- ``DURAK_PURE_ENGINE`` is unset, empty or ``0`` (``1`` forces pure Python: tests, debugging);
- every module of ``COMPILED`` has an extension module next to its ``.py``;
- ``_compiled.json`` (written by the build) records, for each of them, the hashes of the
  ``.py`` and ``.pxd`` it was built from, and the files on disk still match (a wheel
  install has no ``.pxd``: its ``.py`` must match). An edit to
  an engine source in an editable install therefore falls back to pure Python until the
  next ``pip install -e .`` instead of running stale compiled code.

Otherwise a meta-path finder makes ``import bot.engine.throwin.state`` (and the others) load the
``.py`` source even where an extension module exists. It is all or nothing: the compiled
``ThrowInState`` extends the compiled ``ThrowInMoves`` and ``DealBase`` types, so the two
builds never mix.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import sys

from ._sources import COMPILED, RECORD, source_hashes, source_path

__all__ = ["BUILD", "COMPILED", "REASON", "RECORD", "engine_build", "source_hashes", "source_path"]
_HERE = os.path.dirname(os.path.abspath(__file__))
_PACKAGE = __name__.rpartition(".")[0]  # bot.engine


def _matches(recorded: object, name: str) -> bool:
    if not isinstance(recorded, dict):
        return False
    now = source_hashes(_HERE, name)
    return ".py" in now and all(recorded.get(ext) == h for ext, h in now.items())


def _has_extension(name: str) -> bool:
    return any(os.path.exists(source_path(_HERE, name) + suffix)
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def decide() -> tuple[str, str]:
    """("compiled" | "pure", why)."""
    if os.environ.get("DURAK_PURE_ENGINE", "") not in ("", "0"):
        return "pure", "DURAK_PURE_ENGINE is set"
    missing = [name for name in COMPILED if not _has_extension(name)]
    if missing:
        return "pure", "not built (no compiled " + ", ".join(missing) + ")"
    try:
        with open(os.path.join(_HERE, RECORD)) as f:
            record = json.load(f)
    except (OSError, ValueError):
        return "pure", f"no readable {RECORD} from the build"
    changed = [name for name in COMPILED if not _matches(record.get(name), name)]
    if changed:
        return "pure", ("sources changed since the build: " + ", ".join(changed)
                        + " (rerun pip install -e .)")
    return "compiled", "built from the current sources"


class _SourceFinder:
    """Loads the modules of ``COMPILED`` from their ``.py`` files."""

    _names = {f"{_PACKAGE}.{name}": name for name in COMPILED}

    @classmethod
    def find_spec(cls, fullname: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        name = cls._names.get(fullname)
        if name is None:
            return None
        source = source_path(_HERE, name) + ".py"
        return importlib.util.spec_from_file_location(
            fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, source))


BUILD, REASON = decide()
if BUILD == "pure" and _SourceFinder not in sys.meta_path:
    sys.meta_path.insert(0, _SourceFinder)


def engine_build() -> dict[str, str]:
    """What actually runs (for ``durak bench``): the build and why, checked on the loaded
    ``state`` module."""
    state = sys.modules.get(f"{_PACKAGE}.throwin.state")
    loaded = "pure" if state is None or str(state.__file__).endswith(".py") else "compiled"
    return {"engine": loaded, "engine_reason": REASON}
