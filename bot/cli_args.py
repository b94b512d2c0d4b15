"""Argument types shared by the ``durak`` subcommands: each turns bad input into a one-line
argparse error (exit 2, no traceback) instead of a ValueError deep inside a command."""

from __future__ import annotations

import argparse


def _number(text: str, convert, what: str):
    try:
        return convert(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a {what}: {text!r}") from None


def positive_int(text: str) -> int:
    value = _number(text, int, "whole number")
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def non_negative_int(text: str) -> int:
    value = _number(text, int, "whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must not be negative, got {value}")
    return value


def positive_float(text: str) -> float:
    value = _number(text, float, "number")
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, got {text}")
    return value


def budget_seconds(text: str) -> float:
    value = _number(text, float, "number")
    if not 0 < value <= 60:
        raise argparse.ArgumentTypeError(f"budget must be in (0, 60] seconds, got {text}")
    return value


def rule_assignment(text: str) -> tuple[str, str]:
    """``NAME=VALUE`` for ``--rule``: both sides non-empty, spaces trimmed."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()
