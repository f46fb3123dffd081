"""Every shell command of README.md and docs/*.md works as written.

Each fenced ``sh`` block (also ``bash``, ``shell``, ``console``) is one test, run in a
folder of its own (so an example's reports never land in another's): its commands run
in order, against the reference game, with a short selection (``-m 631a.6``, ``--depth
smoke``) added to every run of the suite that selects nothing itself (a ``run -m``/``-k`` runs its
own selection), and must exit as the block says (0 unless
marked). An HTML comment on the line before a block marks what it needs:

``<!-- docs-test: serial -->``         a serial device: the pty simulator stands in for it
                                       (a block that starts the simulator itself uses the
                                       pty it printed);
``<!-- docs-test: http -->``           a game server: the reference game's server stands in;
``<!-- docs-test: exit N: why -->``    the commands that run the suite (or an ``audit``) exit N (e.g. 3: an
                                       example waiver that matches no failure of the
                                       reference game);
``<!-- docs-test: skip: why -->``      cannot run here (a benchmark, a package index, a
                                       lab's certificate): skipped with the reason.

A command that starts a server or the device simulator (``reference_game.server``,
``reference_game.device``, ``serve-reference``, or a command ending in ``&``) runs in the
background until the block ends; its first line of output (its URL or pty) stands in for
the vendor's URL or port in the commands after it. The placeholders a reader replaces
(``my_rules.toml``, ``mygame.conformance:create_game``, ``att.toml``...) are
:data:`PLACEHOLDERS`.
"""

from __future__ import annotations

import os
import re
import selectors
import shlex
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

import pytest

from baccarat_conformance.cli import DEFAULT_OUT

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL = {"sh", "bash", "shell", "console"}
MARK = re.compile(r"<!--\s*docs-test:\s*(.*?)\s*-->")
SELECTION = ["-m", "631a.6"]
#: ``run.py test``'s short selection: the module collected, and the ``-k`` of its tests.
SHORT_TESTS = ("test_run_options.py", "test_parse_date")
#: Seconds one command may take (the budget of the whole file is well under 90 s on 2 workers).
TIMEOUT = 120
#: Seconds a server or the device simulator has to print its URL or pty.
STARTUP = 20

PLACEHOLDERS: dict[str, str] = {
    "my_rules.toml": "full_table",
    "my_casino.toml": "full_table",
    "mygame.conformance:create_game": "baccarat_conformance.reference_game:create_game",
    "att.toml": str(ROOT / "docs" / "examples" / "attestations.toml"),
    "inspections.toml": str(ROOT / "docs" / "examples" / "attestations.toml"),
    "waivers.toml": str(ROOT / "docs" / "examples" / "waivers.toml"),
}
"""What a reader puts in place of the documents' placeholders: a bundled profile, the
reference game's factory, the example attestation and waiver files."""
VENDOR_URL = re.compile(r"https://game\.vendor\.example(:\d+)?")
VENDOR_PORT = re.compile(r"(--port )(/dev/tty\w+|/dev/pts/\d+|COM\d+)")
LAB_CA = "lab-ca.pem"
BACKGROUND = ("reference_game.server", "reference_game.device", "serve-reference")


@dataclass
class Block:
    file: Path
    line: int
    commands: list[str]
    mark: str

    @property
    def id(self) -> str:
        return f"{self.file.relative_to(ROOT)}:{self.line}"


def shell_blocks(path: Path) -> list[Block]:
    """The fenced shell blocks of ``path``: their commands (continuation lines joined,
    comments dropped) and the ``docs-test`` mark on the line before the fence."""
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = lines[i].strip()
        if not fence.startswith("```"):
            i += 1
            continue
        lang = fence[3:].strip()
        end = next(j for j in range(i + 1, len(lines)) if lines[j].strip().startswith("```"))
        if lang in SHELL:
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            found = MARK.search(before)
            blocks.append(Block(path, i + 1, commands_of(lines[i + 1:end]), found.group(1) if found else ""))
        i = end + 1
    return blocks


def commands_of(lines: list[str]) -> list[str]:
    """The commands of a block's lines: comments dropped, continuations joined."""
    out: list[str] = []
    pending = ""
    for raw in lines:
        line = re.sub(r"\s+#\s.*$", "", raw).rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1].strip() + " "
            continue
        out.append((pending + line.strip()).strip())
        pending = ""
    return out


BLOCKS = [b for doc in DOCS for b in shell_blocks(doc)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Session:
    """The shell of one block: its folder, environment and background processes."""

    def __init__(self, cwd: Path, block: Block):
        self.cwd = cwd
        self.block = block
        self.env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                        # `--game tests.games.broken_games:...` imports from the repository
                        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
        self.env.pop("BACCARAT_CONFORMANCE_PROGRESS_DIR", None)
        self.url: Optional[str] = None
        self.port: Optional[str] = None
        self.background: list[subprocess.Popen] = []
        self.runs: list[Path] = []
        self.ran: set[tuple[str, ...]] = set()

    # ---------------------------------------------------------------- substitutions
    def rewrite(self, command: str) -> list[str]:
        for placeholder, real in PLACEHOLDERS.items():
            command = re.sub(rf"(?<![\w/.-]){re.escape(placeholder)}(?![\w.-])", real, command)
        if self.url is not None:
            command = VENDOR_URL.sub(self.url, command)
        if self.port is not None:
            command = VENDOR_PORT.sub(lambda m: m.group(1) + self.port, command)
        argv = shlex.split(command)
        if LAB_CA in argv:  # the lab's CA bundle: any PEM bundle will do against plain HTTP
            import certifi

            argv[argv.index(LAB_CA)] = certifi.where()
        if argv[0] in ("python", "python3"):
            argv[0] = sys.executable
        if len(argv) > 1 and argv[1] == "run.py":
            argv[1] = str(ROOT / "run.py")
            if argv[2:3] == ["conformance"]:
                argv += ["--depth", "smoke", "--no-html", "--out", str(self.cwd / DEFAULT_OUT), "--", *SELECTION]
            else:  # the harness's own tests: a short selection, from the one module that holds it (not 2,000
                # tests collected to run three)
                argv += ["-o", f"python_files={SHORT_TESTS[0]}", "-k", SHORT_TESTS[1], "-n", "0", "-p",
                         "no:cacheprovider"]
        elif argv[:2] == ["baccarat-conformance", "run"]:
            argv = self.short_run(argv)
        elif argv[:3] == ["pytest", "--pyargs", "baccarat_conformance.features"]:
            argv += ["--depth", "smoke", "-p", "no:cacheprovider", "-q", *SELECTION]
        return argv

    def short_run(self, argv: list[str]) -> list[str]:
        """``run`` with a short selection, smoke depth, no HTML, pending clauses allowed; a
        documented selection (``-m``/``-k``) runs as written, at smoke depth, without HTML,
        and exits as the block says with no ``--allow-pending`` it does not show (a selection's
        verdict leaves the manual clauses outside it *not selected*)."""
        head, sep, tail = (argv, [], []) if "--" not in argv else (
            argv[:argv.index("--")], ["--"], argv[argv.index("--") + 1:])
        if "--depth" in head:
            head[head.index("--depth") + 1] = "smoke"
        else:
            head += ["--depth", "smoke"]
        out = Path(head[head.index("--out") + 1]) if "--out" in head else Path(DEFAULT_OUT)
        self.runs.append(self.cwd / out)
        head += ["--no-html"]
        if {"-m", "-k"} & {*head, *tail}:  # a documented selection runs as written, before `--` or after it
            return head + sep + tail
        return head + ["--allow-pending"] + (sep or ["--"]) + tail + SELECTION

    # ---------------------------------------------------------------- running
    def start(self, argv: list[str]) -> None:
        """A server or the device simulator: started, its first line of output kept."""
        if "--port" in argv and "reference_game.server" in " ".join(argv):
            argv[argv.index("--port") + 1] = str(free_port())  # a documented fixed port may be taken
        if "--http" in argv:
            argv[argv.index("--http") + 1] = str(free_port())
        err = open(self.cwd / f"background-{len(self.background)}.err", "w+")  # noqa: SIM115 (closed by stop)
        proc = subprocess.Popen(argv, cwd=self.cwd, env=self.env, stdout=subprocess.PIPE, stderr=err, text=True,
                                start_new_session=True)
        self.background.append(proc)
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)  # type: ignore[arg-type]
        deadline = time.monotonic() + STARTUP
        first = ""
        while not first.startswith(("http://", "https://", "/dev/", "socket://")) and sel.select(
                max(0.0, deadline - time.monotonic())):
            first = proc.stdout.readline().strip()  # type: ignore[union-attr]
            if not first and proc.poll() is not None:
                break
        err.seek(0)
        assert first.startswith(("http", "/dev/", "socket://")), \
            f"{self.block.id}: {shlex.join(argv)} printed no URL or pty within {STARTUP} s: {err.read()}"
        if first.startswith("http"):
            self.url = first
        else:
            self.port = first

    def stop(self) -> None:
        for proc in self.background:
            if proc.poll() is None:
                os.killpg(proc.pid, 15)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, 9)
                proc.wait()

    def run(self, command: str, expect: int) -> None:
        if command.startswith("export "):
            name, _, value = command[len("export "):].partition("=")
            self.env[name.strip()] = value.strip()
            return
        background = command.endswith("&")
        argv = self.rewrite(command.rstrip("&").strip())
        if background or any(b in " ".join(argv) for b in BACKGROUND):
            self.start(argv)
            return
        runs_suite = argv[:2] in (["baccarat-conformance", "run"], ["baccarat-conformance", "audit"]) \
            or "run.py" in " ".join(argv[:2]) and "conformance" in argv
        if runs_suite and tuple(argv) in self.ran:  # the same run again once rewritten (`--depth lab` is smoke
            return  # here): it would prove nothing the first did not
        self.ran.add(tuple(argv))
        proc = subprocess.run(argv, cwd=self.cwd, env=self.env, capture_output=True, text=True, timeout=TIMEOUT,
                              stdin=subprocess.DEVNULL)
        want = expect if runs_suite else 0
        assert proc.returncode == want, (f"{self.block.id}: {shlex.join(argv)} exited {proc.returncode}, "
                                         f"not {want}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")


@pytest.fixture
def serial_device() -> Iterator[str]:
    from tests.games.serial_device import running_device

    with running_device() as port:
        yield port


@pytest.fixture
def http_server() -> Iterator[str]:
    from tests.games.misbehaving_servers import serve

    with serve() as url:
        yield url


def test_the_documents_have_shell_blocks() -> None:
    assert len(BLOCKS) >= 8 and {b.file.name for b in BLOCKS} >= {"README.md", "serial.md", "http.md"}


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_every_documented_command_works_as_written(block: Block, tmp_path: Path,
                                                   request: pytest.FixtureRequest) -> None:
    if block.mark.startswith("skip"):
        pytest.skip(block.mark.partition(":")[2].strip() or "marked skip")
    session = Session(tmp_path, block)
    expect = int(re.match(r"exit (\d+)", block.mark).group(1)) if block.mark.startswith("exit") else 0  # type: ignore[union-attr]
    starts_device = any("reference_game.device" in c or "--serial" in c for c in block.commands)
    if block.mark == "serial" and not starts_device:
        session.port = request.getfixturevalue("serial_device")
    if block.mark == "http":
        session.url = request.getfixturevalue("http_server")
    try:
        for command in block.commands:
            session.run(command, expect)
    finally:
        session.stop()
    for out in session.runs:  # every run leaves its log, on a terminal or not
        assert (out / "pytest.log").is_file(), f"{block.id}: no {out}/pytest.log"
        assert (out / "matrix.json").is_file(), f"{block.id}: no matrix in {out}"


def test_the_readme_examples_write_to_their_own_out() -> None:
    """The HTTP and serial examples of the README never overwrite the main job's reports."""
    runs = [c for b in BLOCKS if b.file.name == "README.md" for c in b.commands
            if c.startswith("baccarat-conformance run") and "--adapter" in c]
    assert runs
    for c in runs:
        argv = shlex.split(c)
        assert "--out" in argv and argv[argv.index("--out") + 1] != DEFAULT_OUT, c


def test_the_readme_states_the_exit_status_contract_of_the_code() -> None:
    from baccarat_conformance.verdict.contract import exit_status_markdown

    assert exit_status_markdown() in (ROOT / "README.md").read_text(encoding="utf-8")
