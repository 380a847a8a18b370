"""Image files go with their rows: deleting a chat (or an image, a job, a user) deletes their folders once
the delete has committed; `manage.py imagelab_gc` removes folders no row owns (left by a crash)."""

from __future__ import annotations

import time

from django.db import transaction
from django.db.models.signals import post_delete

from imagelab import selectors, storage
from imagelab.models import ImageAsset, ImageJob

# A folder this young may belong to an upload whose row is not inserted yet (files are written first).
GC_MIN_AGE = 3600


def _delete_after_commit(folders: set[str]) -> None:
    if folders:
        transaction.on_commit(lambda: [storage.delete_folder(f) for f in sorted(folders)])


def _asset_deleted(sender, instance: ImageAsset, **kwargs) -> None:
    _delete_after_commit(selectors.asset_folders(asset=instance))


def _job_deleted(sender, instance: ImageJob, **kwargs) -> None:
    _delete_after_commit(selectors.job_folders(job=instance))


def connect() -> None:
    """Delete files with their rows (cascades included: a deleted chat sends these for each of its rows)."""
    post_delete.connect(_asset_deleted, sender=ImageAsset, dispatch_uid="imagelab.asset_files")
    post_delete.connect(_job_deleted, sender=ImageJob, dispatch_uid="imagelab.job_files")


def orphans_delete(*, min_age: float = GC_MIN_AGE, dry_run: bool = False) -> list[str]:
    """Delete (or with dry_run only list) storage folders no row owns, older than `min_age` seconds."""
    cutoff = time.time() - min_age
    candidates = [rel for rel, mtime in storage.folders() if mtime <= cutoff]
    if not candidates:
        return []
    owned = selectors.referenced_folders()
    orphans = sorted(rel for rel in candidates if rel not in owned)
    if not dry_run:
        for rel in orphans:
            storage.delete_folder(rel)
    return orphans
