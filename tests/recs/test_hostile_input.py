"""A sloppy or hostile client against the movie chat: pick buttons, lists, diff cards and imports refuse odd
input in words, bob gets 404 on alice's things, and film names from any source are escaped on every page."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from recs.models import SeenItem, WatchlistItem
from recs.services.lists import list_add
from recs.sources.movies import Movie
from tests.support.api import api_for
from tests.support.proposals import chat_with_proposal
from tests.support.ws import communicator

pytestmark = pytest.mark.django_db(transaction=True)

JSON = "application/json"
HUGE = 10**30
MARKUP = '<img src=x onerror="alert(1)">'
TURN = "a" * 32


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _hostile_pick(index: int = 0) -> dict:
    """A pick as an untrusted movie source (TMDB) could describe it."""
    return {
        "index": index,
        "source": "tmdb",
        "id": '1" onmouseover="alert(1)',
        "media_type": "movie",
        "title": MARKUP + "</h3><script>alert(2)</script>",
        "year": 1999,
        "genres": [MARKUP],
        "director": MARKUP,
        "reason": "<b>bold</b> " + MARKUP,
        "overview": "</p><iframe src=//evil.example>",
        "poster_url": 'javascript:alert(3)" onerror="alert(4)',
    }


def _chat_with_picks(user) -> Chat:
    chat = Chat.objects.create(owner=user, title="Films")
    Message.objects.create(chat=chat, role="user", turn_key=TURN, content="anything")
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key=TURN,
        status="complete",
        content="Here you go.",
        payload={"mode": "B", "picks": [_hostile_pick()]},
    )
    return chat


def _assert_inert(html: str) -> None:
    assert "<script>alert(2)" not in html and "<img src=x" not in html and "<iframe" not in html
    assert 'onmouseover="alert' not in html and 'onerror="alert' not in html


def test_it_escapes_a_movie_sources_hostile_film_on_the_chat_page_and_the_lists(alice):
    chat = _chat_with_picks(alice)
    client = _client(alice)
    _assert_inert(client.get(f"/chats/{chat.pk}/").content.decode())
    added = client.post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/seen/", {"rating": "4"}, headers={"hx-request": "1"})
    assert added.status_code == 200
    _assert_inert(added.content.decode())
    _assert_inert(client.get("/lists/").content.decode())
    csv = client.get("/lists/seen.csv").content.decode()
    assert "=" not in csv.split("\n", 1)[1].split(",", 1)[0]  # no formula in the first cell


@pytest.mark.parametrize("rating", ["0", "6", "-1", "3.5", "NaN", "inf", "1e3", "\u0663", "\u00b3", "4\x00", str(HUGE)])
def test_it_refuses_an_odd_rating_on_a_pick_card_and_adds_nothing(alice, rating):
    chat = _chat_with_picks(alice)
    refused = _client(alice).post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/seen/", {"rating": rating})
    assert refused.status_code == 400, (rating, refused.content)
    assert b"rating" in refused.content.lower()
    assert not SeenItem.objects.exists()


@pytest.mark.parametrize("list_name", ["blocked", "..", "seen%00", "SEEN", "watchlist.csv"])
def test_it_refuses_an_unknown_list_on_a_pick_card_in_words(alice, list_name):
    chat = _chat_with_picks(alice)
    refused = _client(alice).post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/{list_name}/")
    assert refused.status_code in (400, 404)
    assert refused.content
    assert not SeenItem.objects.exists() and not WatchlistItem.objects.exists()


def test_it_quotes_at_most_40_characters_of_an_unknown_list_name(alice, client):
    # A 5,000-character list name in the address came back whole in the refusal, on the pick card and the CSV.
    chat = _chat_with_picks(alice)
    name = "x" * 5000
    refused = _client(alice).post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/{name}/", HTTP_HX_REQUEST="true")
    assert refused.json() == {"code": "unknown_list", "message": f"Unknown list '{'x' * 40}…'."}
    client.force_login(alice)
    assert client.get(f"/lists/{name}.csv").content.decode() == f"Unknown list '{'x' * 40}…'."


@pytest.mark.parametrize("turn_key", ["x", "a" * 33, "%00" * 4, "..%2F..", TURN.upper()])
def test_it_answers_a_pick_of_a_turn_that_is_not_there_with_404(alice, turn_key):
    chat = _chat_with_picks(alice)
    answered = _client(alice).post(f"/chats/{chat.pk}/turns/{turn_key}/picks/0/watchlist/")
    assert answered.status_code == 404
    assert not WatchlistItem.objects.exists()


def test_bob_cannot_add_alices_picks_rate_or_remove_her_films(alice, bob):
    chat = _chat_with_picks(alice)
    seen, _ = list_add(user=alice, list_name="seen", movie=Movie(source="catalogue", id="fargo-1996", title="Fargo"))
    bob_client = _client(bob)
    answers = [
        bob_client.post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/watchlist/"),
        bob_client.post(f"/lists/seen/{seen.pk}/rate/", {"rating": "1"}),
        bob_client.post(f"/lists/seen/{seen.pk}/remove/"),
    ]
    assert [a.status_code for a in answers] == [404, 404, 404]
    seen.refresh_from_db()
    assert seen.rating is None and not WatchlistItem.objects.exists()


@pytest.mark.parametrize("rating", ["6", "abc", "2.5", str(HUGE), "\u0663"])
def test_it_refuses_an_odd_rating_on_the_lists_page_and_keeps_the_old_one(alice, rating):
    seen, _ = list_add(
        user=alice, list_name="seen", movie=Movie(source="catalogue", id="fargo-1996", title="Fargo"), rating=3
    )
    refused = _client(alice).post(f"/lists/seen/{seen.pk}/rate/", {"rating": rating})
    assert refused.status_code == 400
    seen.refresh_from_db()
    assert seen.rating == 3


@pytest.mark.parametrize("sort", ["<script>", "title' OR 1=1", "x" * 5000, "\x00"])
def test_it_reads_an_unknown_sort_as_the_default_and_echoes_nothing(alice, sort):
    page = _client(alice).get("/lists/", {"sort": sort})
    assert page.status_code == 200
    assert "<script>" not in page.content.decode()


@pytest.mark.parametrize("rows", [["abc"], ["-1"], [str(HUGE)], ["1.5"], ["\u0661"], ["0", "0", "0"]])
def test_it_answers_odd_rows_of_a_diff_card_in_words_and_applies_nothing_unasked(alice, rows):
    chat, message = chat_with_proposal(alice)
    answered = _client(alice).post(
        f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/", {"decision": "apply", "rows": rows}
    )
    assert answered.status_code in (200, 400), answered.content
    applied = set(WatchlistItem.objects.values_list("movie_id", flat=True))
    assert applied <= ({"se7en-1995"} if rows == ["0", "0", "0"] else set())


@pytest.mark.parametrize(
    "body",
    [
        {"decision": "apply", "rows": [HUGE]},
        {"decision": "apply", "rows": [-1]},
        {"decision": "apply", "rows": "0"},
        {"decision": "apply", "rows": [True]},
        {"decision": "apply", "rows": [0.5]},
        {"decision": "burn", "rows": [0]},
        {"decision": None},
        {"decision": "apply", "rows": [0], "user": 1},
    ],
)
def test_it_refuses_an_odd_api_decision_plainly_and_applies_nothing(alice, body):
    chat, message = chat_with_proposal(alice)
    refused = api_for(alice).post(f"/api/chats/{chat.pk}/messages/{message.pk}/proposal", body, content_type=JSON)
    assert refused.status_code == 400, refused.content
    assert refused.json()["code"] in ("validation_error", "invalid_decision", "nothing_selected")
    assert not WatchlistItem.objects.exists()


def test_bob_gets_404_deciding_alices_diff_card(alice, bob):
    chat, message = chat_with_proposal(alice)
    refused = api_for(bob).post(
        f"/api/chats/{chat.pk}/messages/{message.pk}/proposal", {"decision": "apply", "rows": [0]}, content_type=JSON
    )
    assert (refused.status_code, refused.json()["code"]) == (404, "proposal_not_found")
    page = _client(bob).post(f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/", {"decision": "apply", "rows": "0"})
    assert page.status_code == 404
    assert not WatchlistItem.objects.exists()


@pytest.mark.parametrize(
    "frame",
    [
        {"action": "approve", "message": HUGE, "rows": [0]},
        {"action": "approve", "message": -1, "rows": [0]},
        {"action": "approve", "message": "{id}", "rows": [0]},
        {"action": "approve", "message": "{id}x", "rows": [0]},
        {"action": "approve", "message": {"id": 1}, "rows": [0]},
        {"action": "approve", "rows": [0]},
        {"action": "approve", "message": "<id>", "rows": [HUGE]},
        {"action": "approve", "message": "<id>", "rows": [[0]]},
        {"action": "approve", "message": "<id>", "rows": None},
        {"action": "discard", "message": 1.5},
    ],
)
async def test_it_refuses_an_odd_approval_on_the_socket_in_words_and_stays_open(alice, frame):
    chat, message = await database_sync_to_async(chat_with_proposal)(alice)
    frame = {k: (message.pk if v == "<id>" else str(message.pk) if v == "{id}" else v) for k, v in frame.items()}
    comm = await communicator(alice, f"/ws/api/chats/{chat.pk}/")
    assert (await comm.connect())[0]
    assert (await comm.receive_json_from(timeout=5))["type"] == "sync"
    await comm.send_json_to(frame)
    answer = await comm.receive_json_from(timeout=5)
    assert answer["type"] == "turn.refused" and answer["code"] != "server_error", answer
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from(timeout=5))["code"] == "unknown_action"
    assert not await WatchlistItem.objects.aexists()
    await comm.disconnect()


def test_it_escapes_hostile_film_names_of_a_letterboxd_import_on_the_chat_page(alice):
    rows = "Date,Name,Year,Letterboxd URI\n" + f'2024-01-01,"{MARKUP}</td><script>alert(2)</script>",1999,x\n'
    rows += '2024-01-01,=HYPERLINK("http://evil.example"),2000,y\n'
    created = api_for(alice).post("/api/lists/import", {"files": [SimpleUploadedFile("watched.csv", rows.encode())]})
    assert created.status_code == 201, created.content
    _assert_inert(_client(alice).get(f"/chats/{created.json()['chat_id']}/").content.decode())


@pytest.mark.parametrize(
    "name,data",
    [
        ("watched.csv", b""),
        ("watched.csv", b"\x00\x01\x02\xff" * 100),
        ("watched.csv", "Date,Name,Year,Letterboxd URI\n,\ud800,1999,x\n".encode("utf-8", "surrogatepass")),
        ("watched.csv", b"Date,Name,Year,Letterboxd URI\n,Fargo\x00,1996,x\n"),
        ("../../etc/passwd", b"Date,Name,Year,Letterboxd URI\n,Fargo,1996,x\n"),
        ("watched.csv", b"Date,Name,Year,Letterboxd URI\n,Fargo,99999999999999999999999,x\n"),
        ("watched.csv", b'Date,Name,Year,Letterboxd URI\n,"Fargo' + b"x" * 5000 + b",1996,x\n"),
    ],
)
def test_it_answers_a_hostile_import_file_in_words_and_never_a_server_error(alice, name, data):
    answered = api_for(alice).post("/api/lists/import", {"files": [SimpleUploadedFile(name, data)]})
    assert answered.status_code in (201, 400, 413), answered.content
    if answered.status_code != 201:
        assert answered.json()["code"] and answered.json()["message"]
        assert not Chat.objects.exists()
    else:
        proposal = answered.json()["proposal"]
        assert all("\x00" not in (r.get("title") or "") for r in proposal["rows"])


HTMX = {"HX-Request": "true"}


def test_it_answers_a_refused_page_button_as_words_the_page_alert_can_show(alice):
    chat = _chat_with_picks(alice)
    client = _client(alice)
    refusals = [
        client.post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/seen/", {"rating": "9"}, headers=HTMX),
        client.post(f"/chats/{chat.pk}/turns/{TURN}/picks/7/watchlist/", headers=HTMX),
        client.post("/lists/watchlist/999/remove/", headers=HTMX),  # removed meanwhile in another tab
        client.post("/lists/seen/999/rate/", {"rating": "4"}, headers=HTMX),
        client.post(f"/chats/{chat.pk}/turns/{TURN}/proposal/", {"decision": "zzz"}, headers=HTMX),
    ]
    # The page's alert line reads the server's words from JSON {code, message} (static/app.js).
    for refused in refusals:
        assert refused.status_code in (400, 404) and refused["Content-Type"].startswith("application/json")
        assert refused.json()["message"] and refused.json()["code"]


@pytest.mark.parametrize("htmx", [True, False])
def test_it_never_echoes_a_hostile_list_name_as_html(alice, htmx):
    chat = _chat_with_picks(alice)
    headers = HTMX if htmx else {}
    client = _client(alice)
    refusals = [
        client.post(f"/chats/{chat.pk}/turns/{TURN}/picks/0/{MARKUP}/", headers=headers),
        client.post(f"/lists/{MARKUP}/1/remove/", headers=headers),
    ]
    for refused in refusals:
        assert refused.status_code == 400
        assert not refused["Content-Type"].startswith("text/html"), refused["Content-Type"]
