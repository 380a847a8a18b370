"""System checks: a production start-up that would answer 500 on every page says so first."""

from __future__ import annotations

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin
from django.core import checks
from django.core.files.storage import storages


@checks.register(checks.Tags.staticfiles)
def static_manifest_present(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """With hashed static names (DEBUG off), the manifest collectstatic writes must exist."""
    storage = storages["staticfiles"]
    if not isinstance(storage, ManifestFilesMixin) or storage.exists(storage.manifest_name):
        return []
    return [
        checks.Warning(
            f"No static files manifest in {settings.STATIC_ROOT}: every page will fail until it exists.",
            hint="Run `manage.py collectstatic --noinput` (make run and the Procfile's release step do).",
            id="marquee.W001",
        )
    ]
