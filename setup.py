"""Build of the optional compiled engine (everything else is in pyproject.toml).

The plain game's hot path (``bot/engine/core/{deal_base,deal,leads}.py`` and
``bot/engine/throwin/{state_config,moves,state}.py``) is compiled with
Cython in pure-Python mode: the ``.py`` files stay the source (and the fallback); the
``.pxd`` files next to them only add C types. ``pip install .`` / ``pip install -e .`` build
it when Cython (a ``[build-system] requires`` entry) and a C compiler with the Python
headers are there; when not, the install goes on with the pure-Python engine. The build
records the hashes of each compiled source in ``bot/engine/_compiled.json``: the engine
imports the compiled modules only while the ``.py``/``.pxd`` files still match (an edit in
an editable install falls back to pure Python until the next install). See
bot/engine/README.md, "Compiled build".
"""

from __future__ import annotations

import json
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

ENGINE = os.path.join("bot", "engine")


def _load_sources():
    """bot/engine/_sources.py by path: importing bot.engine here would import the engine
    this script is about to build."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "_durak_engine_sources", os.path.join(ENGINE, "_sources.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_SOURCES = _load_sources()
COMPILED = _SOURCES.COMPILED  # deal_base first: state's GameState extends DealBase


def _extensions() -> list:
    if os.environ.get("DURAK_PURE_ENGINE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # no Cython (e.g. --no-build-isolation without it): pure Python
        return []
    from setuptools import Extension
    exts = [Extension(f"bot.engine.{name}", [_SOURCES.source_path(ENGINE, name) + ".py"])
            for name in COMPILED]
    # annotation_typing off: C types come from the .pxd files only (the annotations are
    # for readers and mypy; Cython would enforce them, e.g. ``-> GameState`` on ``new``)
    return cythonize(exts, build_dir=os.path.join("build", "cython"), quiet=True,
                     language_level=3, compiler_directives={"annotation_typing": False})


class OptionalBuildExt(build_ext):
    """Build the engine's extensions if possible; never fail the install over them."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, no Python headers, ...
            self._skip(exc)
            return
        if self.extensions:
            self._record()

    def _skip(self, exc: Exception) -> None:
        print(f"bot.engine: compiled engine not built ({exc.__class__.__name__}); "
              "the pure-Python engine is used", file=sys.stderr)
        self.extensions = []

    def _record(self) -> None:
        """Write _compiled.json beside the built modules (the source tree for an editable
        or --inplace build, build/lib for a wheel)."""
        # the engine's folder: the first compiled module's path, up its subpackage
        out_dir = self._engine_dir()
        os.makedirs(out_dir, exist_ok=True)
        record = {name: _SOURCES.source_hashes(ENGINE, name) for name in COMPILED}
        with open(os.path.join(out_dir, _SOURCES.RECORD), "w") as f:
            json.dump(record, f, indent=1, sort_keys=True)

    def _engine_dir(self) -> str:
        """Where bot/engine is in the build's output (the source tree in place, build/lib
        for a wheel): the first compiled module's path, up its subpackage folders."""
        path = os.path.dirname(self.get_ext_fullpath(f"bot.engine.{COMPILED[0]}"))
        for _ in range(COMPILED[0].count(".")):
            path = os.path.dirname(path)
        return path

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if self.extensions:
            out_dir = self._engine_dir()
            outputs.append(os.path.join(out_dir, _SOURCES.RECORD))
        return outputs


try:
    ext_modules = _extensions()
except Exception as exc:  # Cython present but unusable: still install, pure Python
    print(f"bot.engine: compiled engine not built ({exc}); the pure-Python engine is used",
          file=sys.stderr)
    ext_modules = []

setup(ext_modules=ext_modules, cmdclass={"build_ext": OptionalBuildExt})
