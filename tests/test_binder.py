"""Simulate mybinder.org without docker: binder/ config in a fresh venv, served by jupyter server.

repo2docker reads only binder/ (it hides the root pyproject.toml), so this checks that
binder/requirements.txt + binder/postBuild alone give a working Voila app at
/voila/render/notebooks/play.ipynb, the URL our Binder badge opens.
Not covered: repo2docker's own build, its base image, mybinder's launch.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from voila_server import (
    REPO_ROOT,
    VOILA_ERROR_MARKERS,
    free_port,
    http_get,
    in_ci,
    start_server,
    stop_voila,
)

pytestmark = pytest.mark.browser

APP_NOTEBOOK = "notebooks/play.ipynb"
WIDGET_MARKER = "application/vnd.jupyter.widget-view+json"


def _env(tmp: Path) -> dict[str, str]:
    """Environment for the venv's tools: no leaks from this interpreter or ~/.jupyter."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV"}
        and not k.startswith("JUPYTER")
    }
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp / "jupyter-config"),
        JUPYTER_DATA_DIR=str(tmp / "jupyter-data"),
        JUPYTER_RUNTIME_DIR=str(tmp / "jupyter-runtime"),
        JUPYTER_PREFER_ENV_PATH="1",
        JUPYTER_PLATFORM_DIRS="1",
        IPYTHONDIR=str(tmp / "ipython"),
    )
    return env


def _run(cmd, *, timeout: float, cwd: Path, env: dict[str, str], check: bool = True):
    t0 = time.monotonic()
    try:
        res = subprocess.run(
            [str(c) for c in cmd],
            cwd=cwd,
            check=False,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"timed out after {timeout} s: {cmd}\n{exc.stdout}\n{exc.stderr}")
    if check and res.returncode != 0:
        pytest.fail(
            f"exit {res.returncode}: {cmd}\n--- stdout ---\n{res.stdout[-5000:]}"
            f"\n--- stderr ---\n{res.stderr[-5000:]}",
            pytrace=False,
        )
    print(f"[{time.monotonic() - t0:5.1f} s] {' '.join(map(str, cmd))}")
    return res


def test_binder_config_serves_app(tmp_path: Path) -> None:
    if not (REPO_ROOT / APP_NOTEBOOK).exists():
        if in_ci():
            pytest.fail(f"{APP_NOTEBOOK} is missing (CI=true)", pytrace=False)
        pytest.skip(f"{APP_NOTEBOOK} does not exist yet")

    env = _env(tmp_path)
    venv = tmp_path / "venv"
    py = venv / "bin" / "python"
    _run([sys.executable, "-m", "venv", venv], timeout=120, cwd=tmp_path, env=env)

    # What repo2docker does with binder/: requirements.txt, then postBuild from the repo root.
    _run(
        [py, "-m", "pip", "install", "-r", REPO_ROOT / "binder" / "requirements.txt"],
        timeout=600,
        cwd=REPO_ROOT,
        env=env,
    )
    _run([py, "-m", "pip", "install", "--no-deps", "."], timeout=300, cwd=REPO_ROOT, env=env)
    _run([py, "-m", "pip", "check"], timeout=120, cwd=tmp_path, env=env)

    # JupyterLab is for authoring only; the Binder app must not need it.
    shown = _run(
        [py, "-m", "pip", "show", "jupyterlab"], timeout=60, cwd=tmp_path, env=env, check=False
    )
    assert shown.returncode != 0, "jupyterlab got installed by binder/requirements.txt"

    # The package is importable from outside the source tree (installed, not just on cwd).
    _run([py, "-c", "import aton"], timeout=60, cwd=tmp_path, env=env)

    # Binder's route: the venv's jupyter server with voila's server extension.
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    proc = start_server(
        [
            venv / "bin" / "jupyter",
            "server",
            "--allow-root",
            "--no-browser",
            "--IdentityProvider.token=",
            "--ServerApp.ip=127.0.0.1",
            f"--port={port}",
        ],
        base + "api",
        cwd=REPO_ROOT,
        env=env,
        timeout=90,
        log_prefix=f"jupyter-server-{port}-",
    )
    try:
        t0 = time.monotonic()
        status, html = http_get(base + "voila/render/" + APP_NOTEBOOK, timeout=180)
        print(f"[{time.monotonic() - t0:5.1f} s] GET /voila/render/{APP_NOTEBOOK} -> {status}")
        assert status == 200, html[-3000:]
        errors = [m for m in VOILA_ERROR_MARKERS if m in html]
        assert not errors, f"a notebook cell failed under Voila: {errors}"
        assert WIDGET_MARKER in html, "rendered page has no widget views"
        # The page template "aton" (voila.json, installed by postBuild's pip install): the
        # page's language and its getting-ready words there too.
        assert "A página está sendo preparada." in html, "not the aton page template"
        status, html = http_get(base + "voila/render/notebooks/pt/03_scoring.ipynb", timeout=60)
        assert status == 404 and "Página não encontrada" in html, (status, html[-2000:])
    finally:
        stop_voila(proc)
