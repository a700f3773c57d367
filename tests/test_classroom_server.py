"""The classroom server's own code, without a server: the cap on kernels and memory
(aton/server/classroom.py), its "server full" page in both languages, the pre-heated kernel's
wait for its page (aton/app/preheat.py) and the voila.json that wires them in."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import threading
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

import jinja2
import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets.utils.importstring import import_item
from voila_server import REPO_ROOT
from websockets.sync.server import serve

from aton.app import preheat
from aton.server import classroom
from aton.server.classroom import ClassroomKernelManager, ServerFull, page_language

CONFIG = json.loads((REPO_ROOT / "voila.json").read_text())


def run(coro):
    """``asyncio.run`` in a thread of its own: in the whole suite the browser tests'
    Playwright loop may already be running in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture
def started(monkeypatch):
    """The base manager's start_kernel replaced: it records each start and adds a kernel."""
    calls = []

    async def fake_start(self, **kwargs):
        calls.append(kwargs)
        kid = f"k{len(self._kernels)}"
        self._kernels[kid] = object()
        return kid

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", fake_start)
    monkeypatch.setattr(classroom, "available_mb", lambda: 10_000.0)
    return calls


def manager(**traits) -> ClassroomKernelManager:
    return ClassroomKernelManager(**traits)


# ----------------------------------------------------------------------------- the language


@pytest.mark.parametrize(("env", "expected"), [
    ({"QUERY_STRING": "seed=3&lang=pt"}, "pt"),
    ({"QUERY_STRING": "lang=pt-BR", "HTTP_ACCEPT_LANGUAGE": "en"}, "pt"),
    ({"QUERY_STRING": "lang=xx", "HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9"}, "pt"),
    ({"HTTP_ACCEPT_LANGUAGE": "pt-BR,pt;q=0.9,en;q=0.8"}, "pt"),
    ({"HTTP_ACCEPT_LANGUAGE": "de-DE"}, "en"),
    ({}, "en"),
])
def test_the_full_page_speaks_the_language_of_lang_then_the_browser(env, expected):
    assert page_language(env) == expected


def test_server_full_is_a_503_with_its_sentences_in_both_languages():
    english, portuguese = ServerFull("en", "why"), ServerFull("pt", "why")
    assert english.status_code == portuguese.status_code == 503
    assert english.title == "The server is full"
    assert "Try again in a minute" in english.text and "open go on" in english.text
    assert portuguese.title == "O servidor está cheio"
    assert "Tente de novo daqui a um minuto" in portuguese.text
    assert portuguese.lang == "pt" and english.lang == "en"


def test_the_full_page_is_added_to_voilas_templates_and_escapes_nothing_unsafe():
    env = jinja2.Environment(loader=jinja2.DictLoader({"error.html": "plain"}), autoescape=True)
    km = manager()
    km.parent = None
    km.add_full_page()  # no Voilà app around: nothing to do, no error
    km_parent = SimpleNamespace(app=SimpleNamespace(settings={"voila_jinja2_env": env}))
    km = SimpleNamespace(parent=km_parent)
    ClassroomKernelManager.add_full_page(km)
    ClassroomKernelManager.add_full_page(km)  # twice: one loader added, not two
    assert len(env.loader.loaders) == 2
    page = env.get_template("503.html").render(exception=ServerFull("pt", "x"))
    assert '<html lang="pt">' in page and "<h1>O servidor está cheio</h1>" in page
    assert env.get_template("error.html").render() == "plain"
    unsafe = SimpleNamespace(lang="en", title="<script>", text="x")
    assert "<script>" not in env.get_template("503.html").render(exception=unsafe)


# ----------------------------------------------------------------------------- the cap


def test_a_page_past_max_kernels_is_refused_in_its_language_and_starts_nothing(started):
    km = manager(max_kernels=2)
    run(km.start_kernel(env={"VOILA_PREHEAT": "False"}))
    run(km.start_kernel(env={"VOILA_PREHEAT": "False"}))
    assert km.full() == "2 kernels (max_kernels=2)"
    with pytest.raises(ServerFull) as refused:
        run(km.start_kernel(env={"VOILA_PREHEAT": "False", "QUERY_STRING": "lang=pt"}))
    assert refused.value.lang == "pt" and len(started) == 2 and len(km) == 2


def test_a_page_is_refused_when_the_machine_is_short_of_memory(started, monkeypatch):
    km = manager(max_kernels=40, min_available_mb=1024)
    monkeypatch.setattr(classroom, "available_mb", lambda: 800.0)
    assert km.full() == "800 MiB available (min_available_mb=1024)"
    with pytest.raises(ServerFull):
        run(km.start_kernel(env={}))
    monkeypatch.setattr(classroom, "available_mb", lambda: 2000.0)
    assert km.full() is None
    assert run(km.start_kernel(env={})) == "k0"


def test_a_pool_refill_waits_for_room_instead_of_failing(started):
    km = manager(max_kernels=1, pool_wait=0.01)

    async def scenario():
        await km.start_kernel(env={})
        refill = asyncio.ensure_future(km.start_kernel(env={"VOILA_PREHEAT": "True"}))
        await asyncio.sleep(0.1)
        waited = not refill.done()
        km._kernels.clear()  # the page's kernel is culled: room again
        return waited, await asyncio.wait_for(refill, 2)

    waited, kid = run(scenario())
    assert waited and kid == "k0" and len(started) == 2


def test_a_request_is_handed_only_a_pool_kernel_that_has_started(started):
    """Voilà would hand the next request a refill still starting, and its page would stay
    blank until that kernel had started and run the notebook: full or not, only the pool's
    started places count."""
    class Pooled(ClassroomKernelManager):  # as voila_kernel_manager_factory builds it
        def get_pool_size(self, notebook_name: str) -> int:
            return len(self._pools.get(notebook_name, []))

    loop = asyncio.new_event_loop()
    done, pending = loop.create_future(), loop.create_future()
    done.set_result({"kernel_id": "k0"})
    km = Pooled(max_kernels=1)
    km._pools = {"play.ipynb": [done, done]}
    assert km.get_pool_size("play.ipynb") == 2
    km._pools = {"play.ipynb": [done, pending]}
    assert km.get_pool_size("play.ipynb") == 1
    km._kernels["k0"] = object()
    assert km.full() is not None and km.get_pool_size("play.ipynb") == 1
    km._pools = {"play.ipynb": [pending, done]}
    assert km.get_pool_size("play.ipynb") == 0
    assert km.get_pool_size("other.ipynb") == 0
    loop.close()


def test_a_kernel_no_page_has_connected_to_gets_connect_timeout_before_the_cull(monkeypatch):
    """30 pages drawn at once took more than the 50 s idle timeout to connect: until its page
    has connected, a kernel is culled only after ``connect_timeout``; after, the usual rule."""
    culled = []

    async def base_cull(self, kernel_id):
        culled.append(kernel_id)
        self._kernels.pop(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", base_cull)
    km = manager(connect_timeout=180)
    now = datetime.now(timezone.utc)
    for kid, idle in (("fresh", 100), ("old", 200)):
        km._kernels[kid] = SimpleNamespace(last_activity=now - timedelta(seconds=idle))
    run(km.cull_kernel_if_idle("fresh"))  # never connected, idle 100 s < 180 s: kept
    run(km.cull_kernel_if_idle("old"))  # never connected, idle 200 s: the base rule
    assert culled == ["old"] and "fresh" in km._kernels
    km._kernels["seen"] = SimpleNamespace(last_activity=now)
    km._kernel_connections["seen"] = 0  # as jupyter_server starts a kernel
    km._kernel_connections["seen"] += 1  # a page opens its websocket…
    km._kernel_connections["seen"] -= 1  # …and closes it before any cull check
    run(km.cull_kernel_if_idle("seen"))  # its page connected: the base rule decides
    assert culled == ["old", "seen"] and "seen" not in km._connected


def test_available_memory_is_read_from_meminfo(tmp_path):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       24000000 kB\nMemAvailable:    2097152 kB\n")
    assert classroom.available_mb(meminfo) == 2048
    assert classroom.available_mb(tmp_path / "none") is None
    meminfo.write_text("MemTotal: 1 kB\n")
    assert classroom.available_mb(meminfo) is None


def test_voila_json_wires_in_the_cap_and_waits_for_a_loaded_machine():
    """The README's ``voila notebooks/play.ipynb`` reads voila.json: the kernel manager is the
    classroom's, and the executor waits minutes (not nbclient's 4 s) for a notebook's output,
    so a page whose kernel ran on a loaded machine is not sent blank."""
    voila = CONFIG["VoilaConfiguration"]
    assert import_item(voila["multi_kernel_manager_class"]) is ClassroomKernelManager
    assert CONFIG["VoilaExecutor"]["iopub_timeout"] >= 120
    assert CONFIG["VoilaExecutor"]["startup_timeout"] >= 120
    cap = CONFIG["ClassroomKernelManager"]
    assert cap["max_kernels"] > 30 + voila["default_pool_size"] and cap["min_available_mb"] > 0
    assert cap["connect_timeout"] > CONFIG["MappingKernelManager"]["cull_idle_timeout"]


# ----------------------------------------------------------------------------- the pool's wait


def test_outside_the_pool_the_query_is_read_at_once():
    env = {"QUERY_STRING": "seed=4&lang=pt"}
    assert preheat.page_query(env, fetch=lambda url: pytest.fail("no wait outside the pool")) \
        == "seed=4&lang=pt"
    assert preheat.page_query({}, fetch=lambda url: pytest.fail("no wait")) == ""


def test_a_preheated_kernel_waits_for_its_request_and_takes_its_variables():
    env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": "9999", "VOILA_SERVER_URL": "/base/",
           "VOILA_KERNEL_ID": "abc"}
    asked = []

    def fetch(url: str) -> str:
        asked.append(url)
        return json.dumps({"QUERY_STRING": "lang=pt", "HTTP_ACCEPT_LANGUAGE": "pt-BR"})

    assert preheat.page_query(env, fetch=fetch) == "lang=pt"
    assert asked == ["ws://127.0.0.1:9999/base/voila/query/abc"]
    assert env["HTTP_ACCEPT_LANGUAGE"] == "pt-BR"


def test_receive_reads_the_first_message_of_voilas_query_socket():
    def handler(socket):
        socket.send(json.dumps({"QUERY_STRING": "seed=7"}))

    with serve(handler, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": "k"}
        assert preheat.page_query(env) == "seed=7"
        server.shutdown()
