"""Start and stop a Voila server for tests and benchmarks.

Importable on its own (no pytest dependency), e.g. from a benchmark script::

    import sys; sys.path.insert(0, "tests")
    from voila_server import start_voila, stop_voila

    proc, url = start_voila("notebooks/play.ipynb")
    try:
        ...  # drive `url` with Playwright
    finally:
        stop_voila(proc)

`start_voila` runs the README's command (`voila notebooks/play.ipynb`) in `cwd`, the repository
root by default, so Voila reads the voila.json found there by itself (pre-heated kernels,
culling): the benchmarks measure what a classroom runs. The pytest fixtures in conftest.py add
`--VoilaConfiguration.preheat_kernel=False` on purpose (see TEST_SERVER_ARGS there).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# A static file served by Voila's own handlers: probing it does NOT start a kernel
# (every GET / starts a fresh kernel and runs the whole notebook).
READY_PATH = "voila/labextensions/@voila-dashboards/widgets-manager8/package.json"

STARTUP_TIMEOUT = 90.0

# Voila still answers 200 when a cell raises or times out; these texts show up instead.
VOILA_ERROR_MARKERS = (
    "There was an error when executing cell",
    "Cell execution timed out",
)

# Local servers only: never route through $http_proxy.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def http_get(url: str, timeout: float = 30.0) -> tuple[int, str]:
    """GET `url` without proxies; returns (status, body text). HTTP errors are returned too."""
    try:
        with _opener.open(url, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def in_ci() -> bool:
    """True under CI=true: missing prerequisites must fail there, not skip."""
    return os.environ.get("CI", "").lower() == "true"


class VoilaStartError(RuntimeError):
    """Voila did not become ready; the message includes its log."""


def free_port() -> int:
    """Ask the OS for a free TCP port on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_log(proc: subprocess.Popen) -> str:
    path = getattr(proc, "log_path", None)
    if not path:
        return "(no log)"
    try:
        return Path(path).read_text(errors="replace")
    except OSError as exc:
        return f"(could not read log {path}: {exc})"


def wait_until_ready(
    url: str, proc: subprocess.Popen | None = None, timeout: float = STARTUP_TIMEOUT
) -> float:
    """Poll `url` until it answers HTTP 200. Returns the seconds waited.

    Fails early if `proc` exits; raises VoilaStartError (with the log) on timeout.
    """
    t0 = time.monotonic()
    deadline = t0 + timeout
    last_err: object = None
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise VoilaStartError(
                f"server exited with code {proc.returncode} before {url} was ready\n"
                f"--- log ---\n{read_log(proc)}"
            )
        try:
            status, _ = http_get(url, timeout=5)
            if status == 200:
                return time.monotonic() - t0
            last_err = f"HTTP {status}"
        except (urllib.error.URLError, ConnectionError, OSError) as exc:
            last_err = exc
        time.sleep(0.2)
    log = read_log(proc) if proc is not None else "(no process)"
    raise VoilaStartError(
        f"{url} not ready after {timeout:.0f} s (last error: {last_err})\n--- log ---\n{log}"
    )


def start_server(
    cmd: list[str],
    ready_url: str,
    *,
    cwd: str | os.PathLike = REPO_ROOT,
    env: dict[str, str] | None = None,
    timeout: float = STARTUP_TIMEOUT,
    log_prefix: str = "server-",
) -> subprocess.Popen:
    """Popen `cmd` (stdout+stderr to a temp log file) and wait until `ready_url` gives 200.

    The process gets `.log_path` and `.startup_seconds`. Always pair with `stop_voila(proc)`.
    """
    run_env = dict(os.environ if env is None else env)
    run_env.setdefault("JUPYTER_PLATFORM_DIRS", "1")  # silences a jupyter_core deprecation
    log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed in stop_voila
        prefix=log_prefix, suffix=".log", delete=False
    )
    t0 = time.monotonic()
    proc = subprocess.Popen(
        cmd,
        cwd=str(cwd),
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=run_env,
    )
    proc.log_path = log.name  # type: ignore[attr-defined]
    proc.log_file = log  # type: ignore[attr-defined]
    try:
        wait_until_ready(ready_url, proc, timeout)
    except BaseException:
        stop_voila(proc, keep_log=True)
        raise
    proc.startup_seconds = time.monotonic() - t0  # type: ignore[attr-defined]
    return proc


def start_voila(
    notebook_path: str | os.PathLike = "notebooks/play.ipynb",
    extra_args: tuple[str, ...] | list[str] = (),
    *,
    cwd: str | os.PathLike = REPO_ROOT,
    port: int | None = None,
    timeout: float = STARTUP_TIMEOUT,
    env: dict[str, str] | None = None,
) -> tuple[subprocess.Popen, str]:
    """Start `python -m voila <notebook>` (same interpreter as the caller) and wait until ready.

    `notebook_path` is relative to `cwd` (default: the repo root) or absolute.
    Returns (process, base URL ending in "/"). The process has `.log_path` (stdout+stderr)
    and `.startup_seconds`. Always pair with `stop_voila(proc)`.
    """
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}/"
    cmd = [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        *extra_args,
        str(notebook_path),
    ]
    proc = start_server(
        cmd,
        base_url + READY_PATH,
        cwd=cwd,
        env=env,
        timeout=timeout,
        log_prefix=f"voila-{port}-",
    )
    return proc, base_url


KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


def server_kernels(pid: int) -> dict[str, tuple[int, int]]:
    """The kernels a Voila (or jupyter server) process runs: {kernel id: (pid, RSS in KiB)}.

    Its kernels are its ipykernel child processes; the id is in their connection file's name.
    `-ww`: without it ps cuts the command line to $COLUMNS (pytest sets 80), losing the id.
    """
    out = subprocess.run(["ps", "-ww", "-o", "pid=,rss=,args=", "--ppid", str(pid)],
                         capture_output=True, text=True, check=False).stdout
    kernels = {}
    for line in out.splitlines():
        found = KERNEL_FILE.search(line)
        if "ipykernel" in line and found:
            kid, rss = line.split()[:2]
            kernels[found.group(1)] = (int(kid), int(rss))
    return kernels


def stop_voila(
    proc: subprocess.Popen, timeout: float = 15.0, *, keep_log: bool = False
) -> int | None:
    """SIGTERM this one process (Voila shuts its kernels down), then SIGKILL if needed.

    Deletes the log file unless `keep_log` (or env VOILA_KEEP_LOG=1) is set.
    """
    if proc.poll() is None:
        try:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
    log = getattr(proc, "log_file", None)
    if log is not None:
        log.close()
    path = getattr(proc, "log_path", None)
    if path and not (keep_log or os.environ.get("VOILA_KEEP_LOG") == "1"):
        Path(path).unlink(missing_ok=True)
    return proc.returncode
