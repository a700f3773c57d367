"""Root conftest: nbval opens its sanitize file relative to the working directory; make the
path absolute so notebooks can be tested from any directory."""

from pathlib import Path


def pytest_configure(config):
    opt = getattr(config.option, "nbval_sanitize_with", None)
    if opt and not Path(opt).is_absolute():
        candidate = Path(__file__).parent / opt
        if candidate.exists():
            config.option.nbval_sanitize_with = str(candidate)
