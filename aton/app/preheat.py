"""The page's query string, in a kernel Voilà pre-heats or in any other. No widgets here.

A kernel from Voilà's pool (``voila.json``: ``preheat_kernel``) runs the notebook before anyone
asks for a page, and must stop where it needs the page's address. Voilà's own helper for that,
``voila.utils.get_query_string``, imports the whole of Voilà into the kernel: 2.6 s of import
and about 50 MB in every pooled kernel (``python -X importtime -c "import voila.utils"`` on
the project's 2-core machine), paid again for each kernel the pool refills while a class
arrives. ``page_query`` does the same wait with the ``websockets`` client alone (a dependency
of Voilà, 0.09 s to import): it connects to the server's ``voila/query/<kernel id>`` socket,
receives the request's variables (``QUERY_STRING``, ``HTTP_ACCEPT_LANGUAGE``, …) and sets them
in ``os.environ``, as Voilà's helper does.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, MutableMapping

from websockets.sync.client import connect

#: How long to wait for the server to accept the socket (the wait for a visitor after it has
#: no limit: a pooled kernel waits as long as nobody opens the page).
OPEN_TIMEOUT = 30.0


def query_url(environ: MutableMapping[str, str]) -> str:
    """The address of the socket that hands this kernel its page's request (Voilà's rule)."""
    protocol = environ.get("VOILA_WS_PROTOCOL", "ws")
    host = environ.get("VOILA_APP_IP", "127.0.0.1")
    port = environ.get("VOILA_APP_PORT", "8866")
    base = environ.get("VOILA_WS_BASE_URL", environ.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{environ.get('VOILA_KERNEL_ID', '')}"


def receive(url: str) -> str:
    """The first message of the socket at ``url``: the request's variables, as JSON."""
    with connect(url, open_timeout=OPEN_TIMEOUT, max_size=2**20) as socket:
        message = socket.recv()
    return message if isinstance(message, str) else message.decode("utf-8")


def page_query(
    environ: MutableMapping[str, str] | None = None,
    fetch: Callable[[str], str] = receive,
) -> str:
    """The query string of this kernel's page (``"scenario=…&lang=pt"``, or ``""``).

    In a pre-heated kernel (``VOILA_PREHEAT=True``) it first waits for the page's request and
    copies its variables into ``environ`` (``os.environ`` by default), so that
    ``HTTP_ACCEPT_LANGUAGE`` is the visitor's too; anywhere else (Voilà without the pool,
    Binder, JupyterHub, Jupyter, nbval) it reads ``QUERY_STRING`` at once.
    """
    environ = os.environ if environ is None else environ
    if environ.get("VOILA_PREHEAT") == "True":
        for key, value in json.loads(fetch(query_url(environ))).items():
            environ[str(key)] = str(value)
    return environ.get("QUERY_STRING", "")
