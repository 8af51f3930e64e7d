"""The web table: ``doko serve`` (FastAPI, SQLAlchemy, Alembic; the ``server`` extra).

* :mod:`doko.server.db`: the database (tables, seats with secret tokens, rounds, games, actions)
  and its migrations, run at start-up;
* :mod:`doko.server.hub`: the tables while they are played: the engine games, the rounds, the
  computer players, and every message sent to a seat or a spectator;
* :mod:`doko.server.app`: the FastAPI application (REST, WebSocket, the browser UI);
* :mod:`doko.cli.serve`: the ``doko serve`` command.

The protocol is described in ``docs/server.md``. Nothing in the rules engine imports this
package.
"""
