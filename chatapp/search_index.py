"""The full-text index behind message search: FTS5 on SQLite, a stored tsvector with a GIN index on PostgreSQL.

Created by migration 0004 and checked again after every `migrate`: SQLite rebuilds a table when a later
migration alters it (and drops its triggers with the old table), so the triggers are re-created here and the
index rebuilt when they had gone missing.
"""

from __future__ import annotations

FTS_TABLE = "chatapp_message_fts"
GIN_INDEX = "chatapp_message_search_gin"
VECTOR_COLUMN = "search_vector"
SEARCH_CONFIG = "english"
# PostgreSQL: a stored generated tsvector column (the model does not name it; PostgreSQL fills it on every write)
# with a GIN index. Stored, checking a candidate row costs no to_tsvector(), and the planner has statistics for it.
_PG_DDL = (
    f"ALTER TABLE chatapp_message ADD COLUMN IF NOT EXISTS {VECTOR_COLUMN} tsvector GENERATED ALWAYS AS "
    f"(to_tsvector('{SEARCH_CONFIG}'::regconfig, COALESCE(content, ''))) STORED",
    f"CREATE INDEX IF NOT EXISTS {GIN_INDEX} ON chatapp_message USING gin ({VECTOR_COLUMN})",
)
_SQLITE_TABLE = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5(content, content='chatapp_message', "
    "content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')"
)
_SQLITE_TRIGGERS = {
    f"{FTS_TABLE}_ai": f"AFTER INSERT ON chatapp_message BEGIN "
    f"INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content); END",
    f"{FTS_TABLE}_ad": f"AFTER DELETE ON chatapp_message BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content); END",
    f"{FTS_TABLE}_au": f"AFTER UPDATE OF content ON chatapp_message BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, content) VALUES ('delete', old.id, old.content); "
    f"INSERT INTO {FTS_TABLE}(rowid, content) VALUES (new.id, new.content); END",
}


def index_ensure(connection) -> None:
    """Create the search index if it is missing (idempotent); SQLite triggers found missing are healed."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            for statement in _PG_DDL:
                cursor.execute(statement)
        elif connection.vendor == "sqlite":
            _sqlite_ensure(cursor)


def _sqlite_ensure(cursor) -> None:
    cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE %s", [f"{FTS_TABLE}_%"])
    present = {row[0] for row in cursor.fetchall()}
    cursor.execute(_SQLITE_TABLE)
    for name, body in _SQLITE_TRIGGERS.items():
        cursor.execute(f"CREATE TRIGGER IF NOT EXISTS {name} {body}")
    if present != set(_SQLITE_TRIGGERS):  # new, or a table rebuild dropped them: index what is there now
        cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')")


def index_drop(connection) -> None:
    """Remove the search index (the migration's reverse)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"DROP INDEX IF EXISTS {GIN_INDEX}")
            cursor.execute(f"ALTER TABLE chatapp_message DROP COLUMN IF EXISTS {VECTOR_COLUMN}")
        elif connection.vendor == "sqlite":
            for name in _SQLITE_TRIGGERS:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            cursor.execute(f"DROP TABLE IF EXISTS {FTS_TABLE}")


def on_post_migrate(sender, using: str = "default", **kwargs) -> None:
    """post_migrate: SQLite's triggers survived the migrations just run (PostgreSQL keeps its index)."""
    from django.db import connections

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = %s", [FTS_TABLE])
        if cursor.fetchone():  # migrated past 0004 (not rolled back before it)
            _sqlite_ensure(cursor)
