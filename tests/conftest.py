"""Shared pytest setup. Fixture modules of helper packages under tests/ are plugged in here.

tests/ has no __init__.py, so pytest puts tests/ itself on sys.path and the helper packages
import by their own names (``fakebot``). Add your plugin to the list; keep this file small.
"""

pytest_plugins = ["fakebot.fixtures", "database_fixtures", "timed_tests"]
