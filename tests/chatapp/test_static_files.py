"""Static files are served the production way by ServeStatic: hashed names, compressed, cached for a year."""

import pytest
from django.core.management import call_command
from django.test import Client, override_settings

MANIFEST = {"staticfiles": {"BACKEND": "servestatic.storage.CompressedManifestStaticFilesStorage"}}
PRODUCTION = {"SERVESTATIC_USE_FINDERS": False, "SERVESTATIC_AUTOREFRESH": False}


@pytest.fixture
def collected(tmp_path):
    """Production settings (DEBUG off, manifest storage) with collectstatic run into a fresh STATIC_ROOT."""
    with override_settings(DEBUG=False, STATIC_ROOT=tmp_path, STORAGES=MANIFEST, ALLOWED_HOSTS=["*"], **PRODUCTION):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield tmp_path


def _hashed_name(root, name: str) -> str:
    import json

    manifest = json.loads((root / "staticfiles.json").read_text())
    return manifest["paths"][name]


def test_it_serves_a_hashed_file_compressed_with_a_year_of_caching(collected):
    hashed = _hashed_name(collected, "app.css")
    assert hashed != "app.css"
    with override_settings(DEBUG=False, STATIC_ROOT=collected, STORAGES=MANIFEST, ALLOWED_HOSTS=["*"], **PRODUCTION):
        response = Client().get(f"/static/{hashed}", headers={"accept-encoding": "gzip"})
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    assert "immutable" in response["Cache-Control"] and "max-age=315360000" in response["Cache-Control"]


def test_it_links_pages_to_the_hashed_names(collected, alice):
    with override_settings(DEBUG=False, STATIC_ROOT=collected, STORAGES=MANIFEST, ALLOWED_HOSTS=["*"], **PRODUCTION):
        client = Client()
        client.force_login(alice)
        page = client.get("/").content.decode()  # the chat list, a whole page
    assert f"/static/{_hashed_name(collected, 'app.css')}" in page


def test_it_never_serves_private_photos_or_source_files_as_static(collected):
    with override_settings(DEBUG=False, STATIC_ROOT=collected, STORAGES=MANIFEST, ALLOWED_HOSTS=["*"], **PRODUCTION):
        client = Client()
        assert client.get("/static/../chatapp/settings.py").status_code == 404
        assert client.get("/media/anything.jpg").status_code == 404


def test_it_warns_at_start_up_when_collectstatic_has_not_run(tmp_path):
    from chatapp.checks import static_manifest_present

    with override_settings(DEBUG=False, STATIC_ROOT=tmp_path, STORAGES=MANIFEST, **PRODUCTION):
        assert [w.id for w in static_manifest_present(None)] == ["marquee.W001"]
        call_command("collectstatic", interactive=False, verbosity=0)
        assert static_manifest_present(None) == []


@pytest.mark.parametrize("path", ["/static/no-such-file.css", "/static/%2e%2e/chatapp/settings.py", "/static/..%2fx"])
def test_it_answers_a_missing_static_file_with_404_under_debug_too(settings, path):
    # Under DEBUG, ServeStatic raised MissingFileError: a 500 whose page listed the static directories.
    settings.DEBUG = True
    response = Client().get(path)
    assert response.status_code == 404
    assert b"/work/" not in response.content and b"site-packages" not in response.content
