"""Letterboxd import (recs/services/imports.py + the Lists page form): a preview to approve, idempotent, bad files refused."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from chatapp.errors import NotFound
from chatapp.models import Chat, Message
from recs.models import SeenItem, WatchlistItem
from recs.services.imports import letterboxd_import
from recs.services.proposals import proposal_decide
from tests.fakes import tmdb_server
from tests.support.letterboxd import RATINGS, WATCHED, csv_bytes, export_zip

pytestmark = pytest.mark.django_db


def approve_all(user, message: Message) -> Message:
    ready = [r["i"] for r in message.payload["proposal"]["rows"] if r["status"] == "ready"]
    return proposal_decide(
        user=user, chat_id=message.chat_id, turn_key=message.turn_key, decision="apply", selected=ready
    )


def test_it_previews_the_export_and_changes_nothing_until_approved(alice):
    message = letterboxd_import(user=alice, files=[("letterboxd.zip", export_zip())])
    chat = message.chat
    rows = {(r["action"], r["title"]): r for r in message.payload["proposal"]["rows"]}
    assert chat.title == "Letterboxd import" and chat.kind == "movies"
    assert rows[("mark_seen", "Fargo")]["rating"] == 5  # watched + ratings (4.5 stars) are one row
    assert rows[("mark_seen", "Alien")]["rating"] == 1  # ½ star
    lotr = rows[("mark_seen", "Fellowship of the Ring, The Lord of the Rings")]
    assert lotr["status"] == "ready" and lotr["movie"]["id"] == "the-lord-of-the-rings-the-fellowship-of-the-ring-2001"
    assert rows[("mark_seen", "Zzyzx Nowhere")]["status"] == "unresolved"
    assert rows[("add_watchlist", "Not A Real Film Xyz")]["status"] == "unresolved"
    assert "4 to apply, 0 already on your lists, 2 not matched" in message.content
    assert (
        "**Not matched** (left out, marked ⚠ below): Zzyzx Nowhere (2031), Not A Real Film Xyz (2004)."
        in message.content
    )
    assert not SeenItem.objects.exists() and not WatchlistItem.objects.exists()

    approve_all(alice, message)
    assert dict(SeenItem.objects.filter(user=alice).values_list("movie_id", "rating")) == {
        "fargo-1996": 5,
        "alien-1979": 1,
        "the-lord-of-the-rings-the-fellowship-of-the-ring-2001": None,
    }
    assert list(WatchlistItem.objects.filter(user=alice).values_list("movie_id", flat=True)) == ["the-matrix-1999"]


def test_it_applies_nothing_twice_on_a_second_approval_or_a_re_import(alice):
    first = letterboxd_import(user=alice, files=[("letterboxd.zip", export_zip())])
    approve_all(alice, first)
    approve_all(alice, Message.objects.get(pk=first.pk))  # a second click: the card is already decided
    again = letterboxd_import(user=alice, files=[("letterboxd.zip", export_zip())])
    statuses = [r["status"] for r in again.payload["proposal"]["rows"]]
    assert again.payload["proposal"]["applicable"] == 0 and "ready" not in statuses
    assert statuses.count("already") == 4 and "Nothing new to apply." in again.content
    assert SeenItem.objects.count() == 3 and WatchlistItem.objects.count() == 1


def test_it_offers_a_changed_rating_of_a_film_already_seen(alice):
    approve_all(alice, letterboxd_import(user=alice, files=[("ratings.csv", csv_bytes(RATINGS, rating=True))]))
    newer = csv_bytes([("Fargo", 1996, 3)], rating=True)
    [row] = letterboxd_import(user=alice, files=[("ratings.csv", newer)]).payload["proposal"]["rows"]
    assert (row["status"], row["rating"], row["note"]) == ("ready", 3, "already seen: sets your rating (was 5★)")


def test_it_keeps_bob_away_from_alices_import(alice, bob):
    message = letterboxd_import(user=alice, files=[("watched.csv", csv_bytes(WATCHED))])
    with pytest.raises(NotFound):
        approve_all(bob, message)
    assert not SeenItem.objects.exists()


def upload(client, *files):
    return client.post("/lists/import/", {"files": [SimpleUploadedFile(n, d) for n, d in files]})


def test_it_opens_the_preview_chat_after_an_upload(alice, client):
    client.force_login(alice)
    response = upload(client, ("watched.csv", csv_bytes(WATCHED)), ("ratings.csv", csv_bytes(RATINGS, rating=True)))
    chat = Chat.objects.get(owner=alice)
    assert response.status_code == 302 and response["Location"] == f"/chats/{chat.pk}/#proposal-import"
    page = client.get(response["Location"]).content.decode()
    assert "Import watched.csv, ratings.csv" in page and "Apply selected" in page and "⚠ no such film found" in page


BAD_UPLOADS = {
    "not a csv": (("watched.csv", b"\x00\x01binary"), 400, "is not a CSV file"),
    "wrong columns": (("watched.csv", b"Title;Jahr\nFargo;1996\n"), 400, "has the wrong columns"),
    "bad encoding": (
        ("watched.csv", "Date,Name,Year,Letterboxd URI\n,Léon,1994,x\n".encode("cp1252")),
        400,
        "is not UTF-8",
    ),
    "too big": (("watched.csv", csv_bytes(WATCHED) + b"," * 3000), 413, "is too big: at most 2 kB per file"),
}


@pytest.mark.parametrize("case", list(BAD_UPLOADS))
def test_it_refuses_a_bad_upload_on_the_lists_page_and_stores_nothing(alice, client, settings, case):
    settings.LETTERBOXD_IMPORT_MAX_BYTES = 2048
    client.force_login(alice)
    file, status, words = BAD_UPLOADS[case]
    response = upload(client, file)
    assert response.status_code == status
    page = response.content.decode()
    assert 'id="import-error"' in page and words in page and "Your lists" in page
    assert not Chat.objects.exists() and not Message.objects.exists() and not SeenItem.objects.exists()


def test_it_asks_for_a_file_when_none_is_sent(alice, client):
    client.force_login(alice)
    response = client.post("/lists/import/", {})
    assert response.status_code == 400 and "Choose a file" in response.content.decode()


fake_tmdb = tmdb_server.fake_tmdb


def test_it_matches_on_tmdb_when_tmdb_is_the_movie_source(alice, settings, fake_tmdb):
    settings.TMDB_API_KEY = fake_tmdb.api_key
    settings.TMDB_BASE_URL = fake_tmdb.base_url
    data = csv_bytes([("Heat", 1995, 4), ("Alien", 1979, 3.5), ("Nothing Like It", 1990, 2)], rating=True)
    rows = letterboxd_import(user=alice, files=[("ratings.csv", data)]).payload["proposal"]["rows"]
    assert [(r["movie"] or {}).get("id") for r in rows] == ["949", "348", None]  # Heat 1995, not 1986
    assert [r["movie"]["source"] for r in rows[:2]] == ["tmdb", "tmdb"] and rows[1]["rating"] == 4
    assert rows[2]["status"] == "unresolved"


def test_it_never_answers_an_import_again_so_its_card_stays(alice):
    from chatapp.errors import InvalidInput
    from chatapp.versions import turn_rerun
    from recs.render import message_html

    message = letterboxd_import(user=alice, files=[("letterboxd.zip", export_zip())])
    with pytest.raises(InvalidInput) as refused:
        turn_rerun(user=alice, chat_id=message.chat_id, flow="v2", message_id=message.pk)
    assert refused.value.code == "cannot_regenerate"
    with pytest.raises(InvalidInput):
        turn_rerun(user=alice, chat_id=message.chat_id, flow="v2", message_id=message.pk, new_text="Import again")
    html = "".join(message_html(m) for m in Message.objects.filter(chat_id=message.chat_id))
    assert 'value="regenerate"' not in html and 'value="edit"' not in html
    message.refresh_from_db()
    assert message.payload["proposal"]["state"] == "pending" and len(message.versions or []) <= 1
