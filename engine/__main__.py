"""``python -m engine`` runs the ``bohn`` command."""

from engine.cli import run

run()
