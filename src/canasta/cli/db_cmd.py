"""``canasta db upgrade [--db URL]``: bring the shared database to the newest migration
(docs/storage.md). Also the ``--db`` option and the store loader every database command uses."""

from __future__ import annotations

import argparse
from types import ModuleType

from canasta.errors import CanastaError


class StoreMissing(CanastaError):
    """The database libraries (SQLAlchemy, Alembic, platformdirs) are not installed."""


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """``--db URL``: the database (default: ``$CANASTA_DB``, else SQLite in the user's data
    folder)."""
    parser.add_argument("--db", default=None, metavar="URL",
                        help="the database URL (default: $CANASTA_DB, else canasta.db in your "
                             "data folder)")


def store() -> ModuleType:
    """The ``canasta.store`` package, or ``StoreMissing`` saying how to install it."""
    try:
        import canasta.store
    except ImportError as exc:
        raise StoreMissing(f'the database libraries are not installed ({exc.name}): '
                           f'pip install "canasta[store]"') from None
    return canasta.store


def upgrade(args: argparse.Namespace) -> int:
    """``canasta db upgrade``: migrate the database to the head and say where it is."""
    database = store()
    url = args.db or database.default_url()
    revision = database.upgrade(url)
    print(f"{url}: at migration {revision} (the newest)")
    return 0
