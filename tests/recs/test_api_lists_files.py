"""The lists' files in the JSON API: CSV downloads and a Letterboxd import decided like any proposal (alice/bob)."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chatapp.models import Chat
from recs.models import SeenItem, WatchlistItem
from tests.support.api import api_for
from tests.support.letterboxd import RATINGS, WATCHED, csv_bytes, export_zip

pytestmark = pytest.mark.django_db


def post_import(client, *files):
    return client.post("/api/lists/import", {"files": [SimpleUploadedFile(n, d) for n, d in files]})


def test_it_previews_an_import_that_alice_approves_and_bob_cannot(alice, bob):
    api = api_for(alice)
    response = post_import(api, ("letterboxd.zip", export_zip()))
    assert response.status_code == 201, response.content
    body = response.json()
    rows = body["proposal"]["rows"]
    assert body["proposal"]["state"] == "pending" and [r["status"] for r in rows].count("unresolved") == 2
    assert not SeenItem.objects.exists()  # a preview only
    ready = [r["i"] for r in rows if r["status"] == "ready"]
    decide = f"/api/chats/{body['chat_id']}/messages/{body['assistant_message_id']}/proposal"
    refused = api_for(bob).post(decide, {"decision": "apply", "rows": ready}, content_type="application/json")
    assert refused.status_code == 404 and not SeenItem.objects.exists()
    applied = api.post(decide, {"decision": "apply", "rows": ready}, content_type="application/json")
    assert applied.status_code == 200 and applied.json()["proposal"]["state"] == "applied"
    assert SeenItem.objects.filter(user=alice).count() == 3 and WatchlistItem.objects.filter(user=alice).count() == 1
    seen = api.get("/api/lists/seen.csv")
    assert seen.status_code == 200 and seen["Content-Disposition"] == 'attachment; filename="marquee-seen.csv"'
    assert {r["Name"]: r["Rating"] for r in csv.DictReader(io.StringIO(seen.content.decode()))}["Fargo"] == "5"
    assert api_for(bob).get("/api/lists/seen.csv").content.decode().count("\n") == 1  # bob's: the header only


def test_it_imports_a_ratings_file_a_spreadsheet_saved_as_utf16(alice):
    data = csv_bytes(RATINGS, rating=True, bom=True, encoding="utf-16-le").replace(b"\n\x00", b"\r\x00\n\x00")
    response = post_import(api_for(alice), ("ratings.csv", data))
    assert response.status_code == 201, response.content
    rows = response.json()["proposal"]["rows"]
    assert [(r["title"], r["status"]) for r in rows] == [("Fargo", "ready"), ("Alien", "ready")]


@pytest.mark.parametrize(
    ("files", "status", "code"),
    [
        ([("watched.csv", b"Title,Released\nFargo,1996\n")], 400, "wrong_columns"),
        (
            [("ratings.csv", "Date,Name,Year,Letterboxd URI,Rating\n,Léon,1994,x,4\n".encode("utf-16")[:-1])],
            400,
            "bad_encoding",
        ),
        ([("ratings.csv", b"\x89PNG\r\n\x1a\n\x00\x00")], 400, "not_csv"),
        ([("watched.csv", csv_bytes(WATCHED) + b" " * 3000)], 413, "import_too_large"),
        ([("w.csv", csv_bytes(WATCHED))] * 5, 400, "too_many_files"),
        ([("ratings.csv", csv_bytes(RATINGS, rating=True)), ("x.zip", b"PK\x03\x04broken")], 400, "not_csv"),
    ],
)
def test_it_refuses_a_bad_import_with_a_code_and_stores_nothing(alice, settings, files, status, code):
    settings.LETTERBOXD_IMPORT_MAX_BYTES = 2048
    response = post_import(api_for(alice), *files)
    assert (response.status_code, response.json()["code"]) == (status, code) and response.json()["message"]
    assert not Chat.objects.exists() and not SeenItem.objects.exists()


def test_it_refuses_an_unknown_list_and_a_missing_token(alice, client):
    assert api_for(alice).get("/api/lists/blocked.csv").status_code == 400
    assert client.get("/api/lists/seen.csv").status_code == 401
