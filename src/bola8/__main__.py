"""``python -m bola8`` is the ``bola8`` command."""

from bola8.cli import main

raise SystemExit(main())
