"""Alembic environment for the web table's database.

:func:`doko.server.db.migrate` runs it with a connection in ``config.attributes["connection"]``;
``alembic -x`` style use with ``sqlalchemy.url`` set works as well. Importing this module outside
Alembic does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from doko.server.db import Base

target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    config = context.config
    if context.is_offline_mode():
        context.configure(url=config.get_main_option("sqlalchemy.url"),
                          target_metadata=target_metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    conn = config.attributes.get("connection")
    if conn is not None:
        _run(conn)
        return
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database: set sqlalchemy.url or pass a connection")
    engine = create_engine(url)
    with engine.begin() as connection:
        _run(connection)


if getattr(context, "config", None) is not None:  # only when Alembic runs this file
    run_migrations()
