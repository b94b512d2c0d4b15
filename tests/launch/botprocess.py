"""`durak-bot` as a real process (python -m bot) with a chosen environment, read as an
operator would: its exit code and its stderr, line by line."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

# A log line as bot.launch.logs formats it: "2026-01-01 12:00:00,123 WARNING bot.x: ..."
REPO = Path(__file__).resolve().parents[2]
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (DEBUG|INFO|WARNING|ERROR) ")


def closed_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bot_environment(tmp_path: Path, **settings: str) -> dict[str, str]:
    """The test process's environment without any bot setting, plus ``settings``: a
    SQLite file in ``tmp_path``, one search process, and nothing reaching the internet
    (TELEGRAM_API_BASE_URL must be given)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "DURAK_", "DATABASE_", "TELEGRAM_"))}
    env.update({"DATABASE_URL": f"sqlite:///{tmp_path / 'bot.db'}", "DURAK_AI_WORKERS": "1",
                "PYTHONIOENCODING": "utf-8",
                # This checkout's bot, not whichever one is installed: the process starts
                # in tmp_path, where `python -m bot` would find only the installed package.
                "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO),
                                                            os.environ.get("PYTHONPATH")]))})
    env.update(settings)
    assert "TELEGRAM_API_BASE_URL" in env or "BOT_TOKEN" not in env
    return env


@dataclass
class Ended:
    code: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[str]:
        return self.stderr.splitlines()

    def failure_line(self) -> str:
        """The one line a known failure ends with; every line before it is a log line."""
        *logs, last = self.lines
        assert all(LOG_LINE.match(line) for line in logs), self.stderr
        assert last.startswith("durak-bot: "), self.stderr
        return last


async def start_bot(env: dict[str, str], cwd: Path, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, env=env, cwd=cwd,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def run_bot(env: dict[str, str], cwd: Path, *args: str, timeout: float = 60) -> Ended:
    proc = await start_bot(env, cwd, *args)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return Ended(proc.returncode, out.decode(), err.decode())


async def read_until(stream: asyncio.StreamReader, pattern: str, seen: list[str],
                     timeout: float = 30) -> str:
    """Lines of ``stream`` (kept in ``seen``) until one contains ``pattern``."""
    async def scan() -> str:
        while True:
            raw = await stream.readline()
            if not raw:
                raise AssertionError(f"ended before {pattern!r}:\n" + "".join(seen))
            line = raw.decode()
            seen.append(line)
            if pattern in line:
                return line
    return await asyncio.wait_for(scan(), timeout)
