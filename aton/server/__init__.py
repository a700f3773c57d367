"""What the Voilà server itself runs (not a kernel): the classroom's kernel manager, which caps
the kernels and memory one machine gives to pages (``classroom.py``, configured in
``voila.json``). No widgets here: the server process never imports the app."""

from __future__ import annotations

from .classroom import ClassroomKernelManager, ServerFull

__all__ = ["ClassroomKernelManager", "ServerFull"]
