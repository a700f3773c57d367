"""Closing what a panel replaces (issue 17, item 5: no widget leak).

``Widget.close()`` closes one widget: its ``layout`` and ``style`` (widgets of their own) and
a box's children stay open, in the kernel's registry and in the page, for as long as the page
lives. A panel that builds new widgets to replace old ones closes the old ones with
``close_tree``, so that a class switching "Class predicts" on and off all lesson long keeps a
page of the same size.
"""

from __future__ import annotations

from ipywidgets import Widget
from ipywidgets.widgets import widget as _registry


def close_tree(widget: Widget) -> None:
    """Close ``widget``, every widget inside it (a box's children, theirs, ...) and their
    layouts and styles. Only for widgets the caller made and shares with no other panel."""
    for child in getattr(widget, "children", ()):
        if isinstance(child, Widget):
            close_tree(child)
    close_parts(widget)
    widget.close()


def close_parts(widget: Widget) -> None:
    """Close ``widget``'s layout and style (``close`` leaves them open), not the widget."""
    for name in ("layout", "style"):
        part = getattr(widget, name, None) if widget.has_trait(name) else None
        if isinstance(part, Widget):
            part.close()


def live_widgets() -> int:
    """How many widgets are open in this kernel (the registry's name changed in
    ipywidgets 8: ``_instances``, before it ``Widget.widgets``)."""
    registry = getattr(_registry, "_instances", None)
    return len(registry if registry is not None else Widget.widgets)


__all__ = ["close_parts", "close_tree", "live_widgets"]
