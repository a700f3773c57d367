"""What the class store's fault tests run in other processes (multiprocessing, spawn: a fresh
interpreter like another page's kernel). Module-level functions, so spawn can import them."""

from __future__ import annotations

import time

from aton.classroom import ClassStore


def answer_all(url: str, code: str, tokens: list[str], question_id: int, start_at: float) -> None:
    """Answer for each token in turn, starting at ``start_at`` (so two processes write at once)."""
    store = ClassStore(url)
    time.sleep(max(0.0, start_at - time.time()))
    for i, token in enumerate(tokens):
        store.answer(code, token, question_id, {"red": i})
    store.close()


def answer_and_acknowledge(url: str, code: str, tokens: list[str], question_id: int,
                           sender) -> None:
    """Answer for each token, sending its index once the call returned (the acknowledgement a
    page shows); the parent kills this process with SIGKILL at some point."""
    store = ClassStore(url)
    for i, token in enumerate(tokens):
        store.answer(code, token, question_id, {"red": i})
        sender.send(i)
    time.sleep(60)
