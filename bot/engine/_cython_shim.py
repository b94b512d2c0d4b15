"""Stand-in for the ``cython`` module when Cython is not installed (it is only a build
dependency): the engine's modules ask ``cython.compiled`` to pick a C-only expression in the
compiled build; in plain Python it is False."""

compiled = False
