"""Where a subcommand reads and writes: passed in, so tests run commands in-process."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO


@dataclass(frozen=True)
class Streams:
    inp: TextIO
    out: TextIO
    err: TextIO
