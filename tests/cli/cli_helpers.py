"""Run the `durak` command line in-process (fast) or as a real subprocess."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from bot.cli import main

REPO = Path(__file__).resolve().parents[2]


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*argv: str, stdin: str = "") -> Run:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return Run(code, out.getvalue(), err.getvalue())


def run_subprocess(*argv: str, stdin: str = "", timeout: float = 60) -> Run:
    return run_subprocess_in(REPO, *argv, stdin=stdin, timeout=timeout)


def run_subprocess_in(folder: Path, *argv: str, stdin: str = "", timeout: float = 60) -> Run:
    """`durak ARGV` started in ``folder``, importing this checkout's ``bot``."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO),
                                                       os.environ.get("PYTHONPATH")]))}
    proc = subprocess.run([sys.executable, "-m", "bot.cli", *argv], input=stdin,
                          capture_output=True, text=True, encoding="utf-8", cwd=folder,
                          env=env, timeout=timeout)
    return Run(proc.returncode, proc.stdout, proc.stderr)
