"""Stand-in for the ``cython`` module when Cython is not installed (it is only a build
dependency): the engine's modules ask ``cython.compiled`` to pick a C-only expression in the
compiled build; in plain Python it is False. Imported as ``import bot.engine._cython_shim as
cython`` (not ``from . import``), so the module depends on this file only, not on the
package's namespace (tests/test_import_graph.py)."""

compiled = False
