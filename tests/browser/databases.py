"""The browser servers' databases: a migrated template, and one copy per daphne server.

SQLite by default (a file copied per server); PostgreSQL when the suite itself runs on it
(DATABASE_URL=postgres://…): a database per server on the same host, CREATE DATABASE … TEMPLATE.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit


class SqliteDatabases:
    """A migrated SQLite file as the template; each server gets its own copy of it."""

    def __init__(self, run_dir: Path) -> None:
        self.template = run_dir / "template.sqlite3"
        self.template_url = f"sqlite:///{self.template}"  # absolute path → sqlite:////tmp/...

    def prepare(self) -> None:
        pass

    def _path(self, name: str) -> Path:
        return Path(f"/tmp/marquee-e2e-{os.getpid()}-{name}.sqlite3")

    def copy(self, name: str) -> str:
        db = self._path(name)
        for suffix in ("", "-wal"):  # the template is in WAL mode; copy any un-checkpointed pages too
            if Path(f"{self.template}{suffix}").exists():
                shutil.copyfile(f"{self.template}{suffix}", f"{db}{suffix}")
        return f"sqlite:///{db}"

    def remove(self, name: str) -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self._path(name)}{suffix}").unlink(missing_ok=True)

    def close(self) -> None:
        for db in Path("/tmp").glob(f"marquee-e2e-{os.getpid()}-*.sqlite3*"):
            db.unlink(missing_ok=True)


class PostgresDatabases:
    """The suite's PostgreSQL server: a migrated template database, and one copy per daphne server.

    Names start with marquee_e2e_<pid>_, so they never meet pytest-django's test_<name> database
    or another run's; databases left by a run that was killed (its pid is gone) are dropped first.
    """

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._parts = parts
        self.prefix = f"marquee_e2e_{os.getpid()}_"
        self.template_name = self.prefix + "template"
        self.template_url = self._url(self.template_name)
        scheme = "postgresql" if parts.scheme == "pgsql" else parts.scheme  # libpq knows two spellings
        self._admin_conninfo = parts._replace(scheme=scheme, path="/postgres").geturl()

    def _url(self, dbname: str) -> str:
        return self._parts._replace(path=f"/{dbname}").geturl()

    def _name(self, name: str) -> str:
        return self.prefix + re.sub(r"[^a-z0-9]+", "_", name.lower())

    def _execute(self, *statements: str) -> list[tuple]:
        import psycopg

        with psycopg.connect(self._admin_conninfo, autocommit=True, connect_timeout=10) as conn:
            rows: list[tuple] = []
            for sql in statements:
                cur = conn.execute(sql)
                if cur.description:
                    rows.extend(cur.fetchall())
            return rows

    @staticmethod
    def _quote(dbname: str) -> str:
        return '"' + dbname.replace('"', '""') + '"'

    def _drop(self, *names: str) -> None:
        if names:
            self._execute(*(f"DROP DATABASE IF EXISTS {self._quote(n)} WITH (FORCE)" for n in names))

    def prepare(self) -> None:
        existing = [
            name for (name,) in self._execute(r"SELECT datname FROM pg_database WHERE datname LIKE 'marquee\_e2e\_%'")
        ]
        stale = [name for name in existing if name.startswith(self.prefix) or self._dead(name)]
        self._drop(*stale)
        self._execute(f"CREATE DATABASE {self._quote(self.template_name)}")

    def _dead(self, dbname: str) -> bool:
        """A database left by a run on this machine whose process has gone (only for a local server)."""
        if self._parts.hostname not in (None, "", "127.0.0.1", "localhost", "::1"):
            return False
        match = re.match(r"marquee_e2e_(\d+)_", dbname)
        if not match:
            return False
        try:
            os.kill(int(match.group(1)), 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False

    def copy(self, name: str) -> str:
        import psycopg

        dbname = self._name(name)
        self._drop(dbname)
        create = f"CREATE DATABASE {self._quote(dbname)} TEMPLATE {self._quote(self.template_name)}"
        for attempt in range(50):
            try:
                self._execute(create)
                break
            except psycopg.errors.ObjectInUse:  # migrate's backend may still be closing its session
                if attempt == 49:
                    raise
                time.sleep(0.1)
        return self._url(dbname)

    def remove(self, name: str) -> None:
        self._drop(self._name(name))

    def close(self) -> None:
        mine = [name for (name,) in self._execute("SELECT datname FROM pg_database") if name.startswith(self.prefix)]
        self._drop(*[n for n in mine if n != self.template_name], self.template_name)


def suite_postgres_url() -> str | None:
    """The suite's DATABASE_URL when it names PostgreSQL (then the servers use PostgreSQL too)."""
    url = os.environ.get("DATABASE_URL", "")
    return url if urlsplit(url).scheme in ("postgres", "postgresql", "pgsql") else None
