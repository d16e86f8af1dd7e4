"""``python -m canasta``: the ``canasta`` command."""

from canasta.cli.main import main

raise SystemExit(main())
