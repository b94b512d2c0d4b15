"""Build the wheel, install it into a fresh virtual environment outside the checkout, and
run what it installed as an operator would (``.ci/run`` calls this).

    python scripts/check_wheel.py [--keep]

Checks, each printed as it passes:
- ``pip wheel .`` builds a wheel, and it carries the migrations (``bot/migrations``);
- the wheel installs into a new venv in a temporary folder, and ``bot`` imports from that
  venv, not from this checkout;
- ``durak-bot`` from that venv, started in an empty folder against the fake Bot API
  (tests/fakebot), creates and migrates ``durak.db``, says "running", answers /start,
  serves /healthz, /readyz and /metrics on DURAK_METRICS_PORT, and stops on SIGTERM with
  exit 0;
- ``durak replay 1`` reads that database (no such game: a refusal, exit 2, no traceback);
- ``durak migrate`` migrates another database with the package's migrations;
- ``durak play`` deals a game and quits.

Why a script and not a test: building and installing a wheel takes most of a minute and
needs the package index (or pip's cache) for the dependencies; the README's test command
stays free of both. Exit 0 when every check passed, 1 with the failing check otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the fake Bot API (tests/fakebot)

from fakebot.server import FakeBotServer  # noqa: E402


class CheckFailed(Exception):
    pass


def say(text: str) -> None:
    print(f"check_wheel: {text}", flush=True)


def run(*cmd: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None,
        stdin: str | None = None, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess:
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, input=stdin, text=True,
                          capture_output=True, timeout=300)
    if done.returncode not in ok:
        raise CheckFailed(f"{' '.join(map(str, cmd))} exited {done.returncode}:\n"
                          f"{done.stdout}\n{done.stderr}")
    return done


def clean_env(**settings: str) -> dict[str, str]:
    """This environment without any bot setting or Python path into the checkout."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "DURAK_", "DATABASE_", "TELEGRAM_", "PYTHON",
                                "VIRTUAL_ENV"))}
    env.update(settings)
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def build_wheel(work: Path) -> Path:
    started = time.monotonic()
    run(sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "-q", "-w", work / "dist")
    wheels = list((work / "dist").glob("durak_bot-*.whl"))
    if len(wheels) != 1:
        raise CheckFailed(f"expected one wheel, found {wheels}")
    names = zipfile.ZipFile(wheels[0]).namelist()
    migrations = [n for n in names if n.startswith("bot/migrations/versions/")]
    if "bot/migrations/env.py" not in names or not migrations:
        raise CheckFailed("the wheel has no bot/migrations (env.py, versions/)")
    say(f"built {wheels[0].name} in {time.monotonic() - started:.0f} s, with env.py and "
        f"{len(migrations)} migrations")
    return wheels[0]


def install(wheel: Path, work: Path) -> Path:
    started = time.monotonic()
    venv = work / "venv"
    run(sys.executable, "-m", "venv", venv)
    run(venv / "bin" / "python", "-m", "pip", "install", "-q", wheel)
    where = run(venv / "bin" / "python", "-c", "import bot; print(bot.__file__)",
                cwd=work, env=clean_env()).stdout.strip()
    if not where.startswith(str(venv)):
        raise CheckFailed(f"bot imports from {where}, not from the new venv")
    say(f"installed into {venv} in {time.monotonic() - started:.0f} s; bot is {where}")
    return venv


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()
    except OSError as exc:  # refused, reset: nothing listens there
        return 0, str(exc)


async def read_until(stream: asyncio.StreamReader, words: str, seen: list[str]) -> None:
    while True:
        raw = await asyncio.wait_for(stream.readline(), 60)
        if not raw:
            raise CheckFailed(f"durak-bot ended before {words!r}:\n{''.join(seen)}")
        seen.append(raw.decode())
        if words in seen[-1]:
            return


async def run_the_bot(venv: Path, folder: Path) -> None:
    fake = FakeBotServer()
    await fake.start()
    metrics_port = free_port()
    env = clean_env(BOT_TOKEN=fake.token, TELEGRAM_API_BASE_URL=fake.base_url,
                    DURAK_AI_WORKERS="1", DURAK_METRICS_PORT=str(metrics_port))
    proc = await asyncio.create_subprocess_exec(
        str(venv / "bin" / "durak-bot"), cwd=folder, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    seen: list[str] = []
    try:
        assert proc.stderr is not None
        await read_until(proc.stderr, "running (long polling)", seen)
        say("durak-bot migrated a new durak.db and is running (long polling)")
        alice = fake.add_user("Alice")
        await fake.user_starts_bot(alice)
        reply = await fake.wait_for_message(fake.private_chat(alice), timeout=30)
        say(f"/start answered: {reply.text.splitlines()[0]!r}")
        base = f"http://127.0.0.1:{metrics_port}"
        for path, expect in (("/healthz", "ok"), ("/readyz", "ready"),
                             ("/metrics", 'durak_bot_api_requests_total{method="sendMessage"')):
            status, body = await asyncio.to_thread(get, base + path)
            if status != 200 or expect not in body:
                raise CheckFailed(f"GET {path}: {status} {body[:200]!r}")
        say(f"/healthz, /readyz and /metrics answer on DURAK_METRICS_PORT={metrics_port}")
        proc.send_signal(signal.SIGTERM)
        _, rest = await asyncio.wait_for(proc.communicate(), 60)
        seen.append(rest.decode())
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()
    log = "".join(seen)
    if proc.returncode != 0 or "Traceback" in log:
        raise CheckFailed(f"durak-bot exited {proc.returncode}:\n{log}")
    say("SIGTERM: stopped with exit 0, no traceback")


def check_database(venv: Path, folder: Path) -> None:
    with sqlite3.connect(folder / "durak.db") as db:
        (revision,) = db.execute("SELECT version_num FROM alembic_version").fetchone()
    head = run(venv / "bin" / "python", "-c",
               "from bot.storage.migrate import head_revision; print(head_revision())",
               cwd=folder, env=clean_env()).stdout.strip()
    if revision != head:
        raise CheckFailed(f"durak.db is at {revision}, the wheel's head is {head}")
    say(f"durak.db is at the schema head {head}")
    replay = run(venv / "bin" / "durak", "replay", "1", cwd=folder, env=clean_env(), ok=(2,))
    if "Traceback" in replay.stderr or "no game" not in replay.stderr.lower():
        raise CheckFailed(f"durak replay 1: {replay.stderr}")
    say(f"durak replay 1: {replay.stderr.strip()}")
    migrated = run(venv / "bin" / "durak", "migrate", "--database-url", "sqlite:///other.db",
                   cwd=folder, env=clean_env())
    if not migrated.stdout.strip().endswith(f"-> {head}"):
        raise CheckFailed(f"durak migrate: {migrated.stdout} {migrated.stderr}")
    say(f"durak migrate (no alembic.ini): {migrated.stdout.strip()}")


def check_play(venv: Path, folder: Path) -> None:
    played = run(venv / "bin" / "durak", "play", "--seed", "1", cwd=folder, env=clean_env(),
                 stdin="quit\n")
    if "your move>" not in played.stdout:
        raise CheckFailed(f"durak play did not deal: {played.stdout[-500:]}")
    say("durak play dealt a game and quit")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    started = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="durak-wheel-"))
    try:
        venv = install(build_wheel(work), work)
        folder = work / "operator"
        folder.mkdir()
        asyncio.run(run_the_bot(venv, folder))
        check_database(venv, folder)
        check_play(venv, folder)
    except CheckFailed as exc:
        say(f"FAILED: {exc}")
        return 1
    finally:
        if args.keep:
            say(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    say(f"all checks passed in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
