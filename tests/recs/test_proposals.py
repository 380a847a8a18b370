"""Proposed list changes: parsed from words, shown as a diff card, applied only when approved."""

import json
import threading

import pytest
from django.db import connection, connections
from django.test import Client

from chatapp import llm
from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import PROPOSE_LIST_CHANGES_TOOL, MovieContext
from recs.models import SeenItem, WatchlistItem
from recs.rules.handlers import rules_answer
from recs.rules.list_changes import parse_list_changes, read_list_changes
from recs.services.lists import list_add
from recs.services.proposals import NothingSelected, proposal_decide
from recs.sources.movies import Movie
from tests.fakes import openai_server
from tests.fakes.openai_server import tool_call
from tests.support.ws import communicator
from tests.support.ws import say as _say

fake_openai = openai_server.fake_openai
LAST = [{"title": "Se7en", "year": 1995}, {"title": "Fargo", "year": 1996}, {"title": "The Sixth Sense", "year": 1999}]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("add the first two to my watchlist", [("add_watchlist", "Se7en"), ("add_watchlist", "Fargo")]),
        ("I've seen Heat and Ronin", [("mark_seen", "Heat"), ("mark_seen", "Ronin")]),
        ("drop Alien from my watchlist", [("remove_watchlist", "Alien")]),
        ("mark the last one as seen", [("mark_seen", "The Sixth Sense")]),
        ("I haven't seen Se7en", [("unmark_seen", "Se7en")]),
        ("who directed Fargo?", []),
    ],
)
def test_it_reads_list_changes_from_words(words, expected):
    assert [(c.action, c.title) for c in parse_list_changes(words, last_picks=LAST)] == expected


def test_it_reads_a_rating_given_with_a_seen_film():
    [change] = parse_list_changes("I saw Fargo, 4 stars", last_picks=[])
    assert (change.action, change.title, change.rating) == ("mark_seen", "Fargo", 4)


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (
            "add Fargo to my watchlist and mark Heat as seen",
            [("add_watchlist", "Fargo", None), ("mark_seen", "Heat", None)],
        ),
        ("I watched Heat yesterday and loved it", [("mark_seen", "Heat", None)]),
        ("I saw Fargo, 7 stars", [("mark_seen", "Fargo", None)]),
        # The stars follow Ronin, so they are Ronin's alone.
        ("I've seen Heat and Ronin (4 stars)", [("mark_seen", "Heat", None), ("mark_seen", "Ronin", 4)]),
        ("mark Alien as seen and give it 5 stars", [("mark_seen", "Alien", 5)]),
        (
            "add Fargo and Take Shelter to my watchlist",
            [("add_watchlist", "Fargo", None), ("add_watchlist", "Take Shelter", None)],
        ),
        (
            "add the first two to my watchlist and mark the third as seen",
            [
                ("add_watchlist", "Se7en", None),
                ("add_watchlist", "Fargo", None),
                ("mark_seen", "The Sixth Sense", None),
            ],
        ),
    ],
)
def test_it_reads_every_change_in_a_message_and_only_film_titles(words, expected):
    changes = parse_list_changes(words, last_picks=LAST)
    assert [(c.action, c.title, c.rating) for c in changes] == expected


@pytest.mark.parametrize("words", ["I saw Fargo, 7 stars", "I watched Fargo, 8/10", "I've seen Fargo, 4.5 stars"])
def test_it_drops_a_rating_outside_one_to_five_stars_with_a_note(words):
    [change], notes = read_list_changes(words, last_picks=[])
    assert (change.title, change.rating) == ("Fargo", None)
    assert len(notes) == 1 and notes[0].startswith("Ratings go from 1 to 5 stars") and "“Fargo”" in notes[0]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("I've seen Alien (5 stars) and Psycho (4 stars)", [("Alien", 5), ("Psycho", 4)]),
        ("I've seen Alien 5 stars and Psycho 3 stars", [("Alien", 5), ("Psycho", 3)]),
        ("I've seen Alien, 5 stars, and Psycho, 2 stars", [("Alien", 5), ("Psycho", 2)]),
        ("I've seen Alien (1979) (5 stars) and Psycho", [("Alien", 5), ("Psycho", None)]),
        ("I've seen Ronin and Alien, both 4 stars", [("Ronin", 4), ("Alien", 4)]),
        ("I've seen Ronin and Alien and rated them 4 stars", [("Ronin", 4), ("Alien", 4)]),
    ],
)
def test_it_gives_each_rating_to_the_film_it_follows(words, expected):
    changes, notes = read_list_changes(words, last_picks=[])
    assert [(c.title, c.rating) for c in changes] == expected and notes == []


def test_it_leaves_out_only_the_out_of_range_rating_and_names_its_film():
    changes, notes = read_list_changes("I've seen Alien (5 stars) and Psycho (7 stars)", last_picks=[])
    assert [(c.title, c.rating) for c in changes] == [("Alien", 5), ("Psycho", None)]
    assert notes == [
        "Ratings go from 1 to 5 stars, so I left “7 stars” out for “Psycho”: "
        "you can rate it on the Lists page once it's applied."
    ]


@pytest.mark.parametrize("words", ["I've seen Ronin and Alien, 4 stars", "I've seen Ronin and Alien and rated it 4"])
def test_it_leaves_a_trailing_rating_after_several_films_out_with_a_note_rather_than_guess_which_film_it_rates(words):
    changes, notes = read_list_changes(words, last_picks=[])
    assert [(c.title, c.rating) for c in changes] == [("Ronin", None), ("Alien", None)]
    assert len(notes) == 1 and "which film" in notes[0] and "“Ronin” or “Alien”" in notes[0]


def test_it_proposes_each_films_own_rating_through_the_rule_answer_handler():
    request = PlannerRequest(
        instructions="",
        input=[],
        model="rules",
        tools=[PROPOSE_LIST_CHANGES_TOOL],
        context=MovieContext(text="I've seen Alien (5 stars) and Psycho (7 stars)", last_picks=[]),
    )
    reply = rules_answer(request)
    changes = json.loads(reply.tool_calls[0].arguments)["changes"]
    assert [(c["title"], c["rating"]) for c in changes] == [("Alien", 5), ("Psycho", None)]
    assert reply.text.startswith("Ratings go from 1 to 5 stars, so I left “7 stars” out for “Psycho”")


def _seed_picks(user) -> Chat:
    chat = Chat.objects.create(owner=user)
    Message.objects.create(chat=chat, role="user", turn_key="t0", content="thrillers")
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t0",
        status="complete",
        content="Here:",
        payload={"picks": [{"index": i, "source": "catalogue", "id": f"x{i}", **p} for i, p in enumerate(LAST)]},
    )
    return chat


@pytest.mark.django_db(transaction=True)
async def test_it_shows_a_diff_card_offline_and_changes_nothing_until_approved(alice):
    chat = await database_sync_to_async(_seed_picks)(alice)
    frames = await _say(alice, chat, "add the first two to my watchlist")
    joined = "\n".join(frames)
    assert "Apply selected" in joined and "Se7en" in joined and "Fargo" in joined
    assert not await database_sync_to_async(WatchlistItem.objects.exists)()
    message = await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()
    rows = message.payload["proposal"]["rows"]
    assert [(r["action"], r["movie"]["id"], r["status"]) for r in rows] == [
        ("add_watchlist", "se7en-1995", "ready"),
        ("add_watchlist", "fargo-1996", "ready"),
    ]
    assert message.planner_source == "rules"


@pytest.mark.django_db(transaction=True)
async def test_it_proposes_two_changes_from_one_sentence_offline(alice):
    chat = await database_sync_to_async(_seed_picks)(alice)
    await _say(alice, chat, "add Ronin to my watchlist and mark Alien as seen")
    message = await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()
    rows = message.payload["proposal"]["rows"]
    assert [(r["action"], r["movie"]["id"], r["status"]) for r in rows] == [
        ("add_watchlist", "ronin-1998", "ready"),
        ("mark_seen", "alien-1979", "ready"),
    ]


@pytest.mark.django_db(transaction=True)
async def test_it_says_when_it_leaves_out_a_rating_it_cannot_store(alice):
    chat = await database_sync_to_async(_seed_picks)(alice)
    frames = await _say(alice, chat, "I saw Fargo, 7 stars")
    message = await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()
    rows = message.payload["proposal"]["rows"]
    assert [(r["action"], r["movie"]["id"], r["rating"]) for r in rows] == [("mark_seen", "fargo-1996", None)]
    assert message.content.startswith("Ratings go from 1 to 5 stars, so I left “7 stars” out for “Fargo”")
    assert "Ratings go from 1 to 5 stars" in "\n".join(frames)


@pytest.mark.django_db(transaction=True)
def test_it_applies_only_the_selected_rows_once_and_tells_other_tabs(alice, bob):
    chat = _seed_picks(alice)
    from asgiref.sync import async_to_sync

    async_to_sync(_say)(alice, chat, "add the first two to my watchlist")
    message = Message.objects.filter(chat=chat, role="assistant").last()
    client = Client()
    client.force_login(alice)
    url = f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/"
    intruder = Client()
    intruder.force_login(bob)
    assert intruder.post(url, {"decision": "apply", "rows": ["0", "1"]}).status_code == 404
    response = client.post(url, {"decision": "apply", "rows": ["0"]}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Applied." in response.content.decode()
    assert list(WatchlistItem.objects.filter(user=alice).values_list("movie_id", flat=True)) == ["se7en-1995"]
    again = client.post(url, {"decision": "apply", "rows": ["0", "1"]})  # stale second approval
    assert again.status_code == 200
    assert WatchlistItem.objects.filter(user=alice).count() == 1
    statuses = [r["status"] for r in Message.objects.get(pk=message.pk).payload["proposal"]["rows"]]
    assert statuses == ["applied", "skipped"]


@pytest.mark.django_db
def test_it_shows_unknown_films_as_unresolved_and_never_applies_them(alice):
    chat = _seed_picks(alice)
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t9",
        status="complete",
        payload={
            "proposal": {
                "state": "pending",
                "rows": [
                    {
                        "i": 0,
                        "action": "mark_seen",
                        "label": "Mark as seen",
                        "title": "No Such Film",
                        "year": None,
                        "rating": None,
                        "movie": None,
                        "status": "unresolved",
                        "note": "no such film found",
                    },
                ],
            }
        },
    )
    with pytest.raises(NothingSelected):  # an unresolved row is not something to apply
        proposal_decide(user=alice, chat_id=chat.pk, turn_key="t9", decision="apply", selected=[0])
    assert not SeenItem.objects.exists()
    assert Message.objects.get(chat=chat, turn_key="t9").payload["proposal"]["state"] == "pending"


@pytest.mark.django_db
def test_it_discards_without_changing_anything(alice):
    chat = _seed_picks(alice)
    row = {
        "i": 0,
        "action": "add_watchlist",
        "label": "Add to watchlist",
        "title": "Fargo",
        "year": 1996,
        "rating": None,
        "status": "ready",
        "note": "",
        "movie": {
            "source": "catalogue",
            "id": "fargo-1996",
            "media_type": "movie",
            "title": "Fargo",
            "year": 1996,
            "genres": [],
            "director": None,
        },
    }
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t9",
        status="complete",
        payload={"proposal": {"state": "pending", "rows": [row]}},
    )
    message = proposal_decide(user=alice, chat_id=chat.pk, turn_key="t9", decision="discard", selected=[0])
    assert message.payload["proposal"]["state"] == "discarded" and not WatchlistItem.objects.exists()


def _ready(i: int, action: str, slug: str, title: str, year: int, rating=None) -> dict:
    return {
        "i": i,
        "action": action,
        "label": action,
        "title": title,
        "year": year,
        "rating": rating,
        "status": "ready",
        "note": "",
        "movie": {
            "source": "catalogue",
            "id": slug,
            "media_type": "movie",
            "title": title,
            "year": year,
            "genres": [],
            "director": None,
        },
    }


@pytest.mark.django_db
def test_it_says_already_there_or_already_gone_when_the_lists_changed_since_the_proposal(alice):
    chat = _seed_picks(alice)
    rows = [
        _ready(0, "add_watchlist", "se7en-1995", "Se7en", 1995),
        _ready(1, "remove_watchlist", "fargo-1996", "Fargo", 1996),
        _ready(2, "mark_seen", "ronin-1998", "Ronin", 1998, rating=4),
    ]
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t9",
        status="complete",
        payload={"proposal": {"state": "pending", "rows": rows}},
    )
    # Meanwhile, from another tab: Se7en added, Fargo already gone, Ronin marked seen without stars.
    list_add(
        user=alice, list_name="watchlist", movie=Movie(source="catalogue", id="se7en-1995", title="Se7en", year=1995)
    )
    list_add(user=alice, list_name="seen", movie=Movie(source="catalogue", id="ronin-1998", title="Ronin", year=1998))
    message = proposal_decide(user=alice, chat_id=chat.pk, turn_key="t9", decision="apply", selected=[0, 1, 2])
    outcomes = [(r["status"], r["note"]) for r in message.payload["proposal"]["rows"]]
    assert outcomes == [
        ("applied", "already there"),
        ("applied", "was already gone"),
        ("applied", "already there (rating updated)"),
    ]
    assert WatchlistItem.objects.filter(user=alice).count() == 1
    assert SeenItem.objects.get(user=alice, movie_id="ronin-1998").rating == 4


@pytest.mark.django_db(transaction=True)
def test_it_applies_once_when_two_tabs_approve_at_the_same_time(alice):
    chat = _seed_picks(alice)
    list_add(user=alice, list_name="seen", movie=Movie(source="catalogue", id="fargo-1996", title="Fargo", year=1996))
    rows = [
        {
            "i": 0,
            "action": "add_watchlist",
            "label": "Add to watchlist",
            "title": "Se7en",
            "year": 1995,
            "rating": None,
            "status": "ready",
            "note": "",
            "movie": {
                "source": "catalogue",
                "id": "se7en-1995",
                "media_type": "movie",
                "title": "Se7en",
                "year": 1995,
                "genres": [],
                "director": None,
            },
        },
        {
            "i": 1,
            "action": "unmark_seen",
            "label": "Unmark seen",
            "title": "Fargo",
            "year": 1996,
            "rating": None,
            "status": "ready",
            "note": "",
            "movie": {
                "source": "catalogue",
                "id": "fargo-1996",
                "media_type": "movie",
                "title": "Fargo",
                "year": 1996,
                "genres": [],
                "director": None,
            },
        },
    ]
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t9",
        status="complete",
        payload={"proposal": {"state": "pending", "rows": rows}},
    )
    barrier = threading.Barrier(2)
    errors = []

    def approve():
        try:
            barrier.wait()
            proposal_decide(user=alice, chat_id=chat.pk, turn_key="t9", decision="apply", selected=[0, 1])
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [], connection.vendor
    assert WatchlistItem.objects.filter(user=alice).count() == 1
    assert not SeenItem.objects.filter(user=alice).exists()
    notes = [r["note"] for r in Message.objects.get(chat=chat, turn_key="t9").payload["proposal"]["rows"]]
    assert notes == ["added", "removed"]


@pytest.mark.django_db(transaction=True)
def test_it_shows_a_card_for_a_model_proposal_and_survives_invalid_arguments(alice, settings, fake_openai):
    settings.OPENAI_API_KEY = "sk-test-key"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    llm.reset_caches()
    chat = _seed_picks(alice)
    fake_openai.enqueue(
        tool_call("decide_mode", {"mode": "A", "reason": "list change"}, response_id="r1"),
        tool_call(
            "propose_list_changes",
            {
                "changes": [
                    {"action": "mark_seen", "title": "Fargo", "year": 1996, "rating": 5},
                    {"action": "add_watchlist", "title": "Completely Invented", "year": 2001, "rating": None},
                ]
            },
            response_id="r2",
            call_id="call_prop",
        ),
        tool_call("decide_mode", {"mode": "A", "reason": "list change"}, response_id="r3"),
        tool_call("propose_list_changes", {"changes": [{"action": "juggle", "title": "Fargo"}]}, response_id="r4"),
    )
    from asgiref.sync import async_to_sync

    async_to_sync(_say)(alice, chat, "I've seen Fargo, loved it")
    message = Message.objects.filter(chat=chat, role="assistant").last()
    rows = message.payload["proposal"]["rows"]
    assert [(r["status"], r["rating"]) for r in rows] == [("ready", 5), ("unresolved", None)]
    assert Chat.objects.get(pk=chat.pk).pending_call_ids == ["call_prop"]
    async_to_sync(_say)(alice, chat, "and Heat")
    bad = Message.objects.filter(chat=chat, role="assistant").last()
    assert bad.status == "complete" and "proposal" not in bad.payload
    assert "couldn't work out" in bad.content
    answered = fake_openai.bodies("/responses")[2]["input"][0]
    assert answered["call_id"] == "call_prop" and "proposal" in answered["output"]
    llm.reset_caches()


@pytest.mark.django_db(transaction=True)
async def test_it_updates_the_card_and_the_pick_buttons_in_another_open_tab_when_applied(alice):
    chat = await database_sync_to_async(_seed_picks)(alice)

    def real_ids():  # the shown Se7en card carries the catalogue's id, as a real turn's would
        shown = Message.objects.get(chat=chat, turn_key="t0", role="assistant")
        shown.payload["picks"][0]["id"] = "se7en-1995"
        shown.save()

    await database_sync_to_async(real_ids)()
    await _say(alice, chat, "put the first one on my watchlist")
    message = await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()
    other_tab = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await other_tab.connect()
    await other_tab.receive_from()

    def approve():
        client = Client()
        client.force_login(alice)
        return client.post(f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/", {"decision": "apply", "rows": ["0"]})

    assert (await database_sync_to_async(approve)()).status_code == 200
    frame = await other_tab.receive_from(timeout=5)
    await other_tab.disconnect()
    assert f'id="proposal-{message.turn_key}"' in frame and "Applied." in frame and "added" in frame
    # The Se7en card's buttons are swapped too: that tab no longer offers "+ Watchlist" for it.
    assert 'hx-swap-oob="outerHTML"' in frame.split("</form>", 1)[1] and "✓ On watchlist" in frame


@pytest.mark.django_db(transaction=True)
async def test_it_shows_a_discarded_card_in_other_tabs_and_changes_nothing(alice):
    chat = await database_sync_to_async(_seed_picks)(alice)
    await _say(alice, chat, "I've seen the first two")
    message = await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()
    other_tab = await communicator(alice, f"/ws/chats/{chat.pk}/")
    await other_tab.connect()
    await other_tab.receive_from()

    def discard():
        client = Client()
        client.force_login(alice)
        return client.post(
            f"/chats/{chat.pk}/turns/{message.turn_key}/proposal/", {"decision": "discard", "rows": ["0", "1"]}
        )

    assert (await database_sync_to_async(discard)()).status_code == 200
    frame = await other_tab.receive_from(timeout=5)
    await other_tab.disconnect()
    assert "Discarded: nothing changed." in frame
    assert not await database_sync_to_async(SeenItem.objects.exists)()
