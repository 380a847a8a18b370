"""Private image files under settings.IMAGE_ROOT (never under /media/: served only by owner-checked views)."""

import os
import shutil
import uuid
from pathlib import Path

from django.conf import settings


def root() -> Path:
    """The private storage directory (read at call time, so tests can point it elsewhere)."""
    return Path(settings.IMAGE_ROOT)


def new_folder(kind: str) -> str:
    """A fresh, unguessable relative folder for one asset or job."""
    return f"{kind}/{uuid.uuid4().hex}"


def _full(rel: str) -> Path:
    base = root().resolve()
    path = (base / rel).resolve()
    if base not in path.parents:  # paths come from our own rows, but never leave the root
        raise ValueError(f"path outside the image root: {rel!r}")
    return path


def save(rel: str, data: bytes) -> str:
    """Write bytes atomically (a reader never sees half a file); returns `rel`."""
    path = _full(rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return rel


def read(rel: str) -> bytes:
    """The bytes of a stored file (FileNotFoundError when missing)."""
    return _full(rel).read_bytes()


def exists(rel: str) -> bool:
    """Whether a stored file exists."""
    return bool(rel) and _full(rel).is_file()


def delete(rel: str) -> None:
    """Remove a stored file if present."""
    if rel:
        _full(rel).unlink(missing_ok=True)


def folder_of(rel: str) -> str:
    """The `<kind>/<id>` folder a stored file lives in (every file is written into one by new_folder)."""
    return "/".join(rel.split("/")[:2])


def delete_folder(rel: str) -> None:
    """Remove one `<kind>/<id>` folder with everything in it, if present."""
    if rel.count("/") != 1:
        raise ValueError(f"not a storage folder: {rel!r}")
    shutil.rmtree(_full(rel), ignore_errors=True)


def folders() -> list[tuple[str, float]]:
    """Every `<kind>/<id>` folder under the root, with its last modification time."""
    base = root()
    if not base.is_dir():
        return []
    return [
        (f"{kind.name}/{folder.name}", folder.stat().st_mtime)
        for kind in base.iterdir()
        if kind.is_dir()
        for folder in kind.iterdir()
        if folder.is_dir()
    ]
