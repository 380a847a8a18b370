"""Diff cards checked against the lists at proposal time: films already there, hints, and cards with nothing to apply."""

import pytest
from asgiref.sync import async_to_sync
from django.template.loader import render_to_string

from chatapp.models import Chat, Message
from recs.flows.tools import ListChange
from recs.models import WatchlistItem
from recs.services.lists import list_add
from recs.services.proposals import (
    proposal_decide,
    proposal_intro,
    proposal_resolve,
    user_lists_snapshot,
)
from recs.sources.active import get_movie_source
from recs.sources.movies import Movie
from tests.support.ws import say as _say

pytestmark = pytest.mark.django_db(transaction=True)

FARGO = Movie(source="catalogue", id="fargo-1996", title="Fargo", year=1996, genres=["Thriller/Suspense"])
RONIN = Movie(source="catalogue", id="ronin-1998", title="Ronin", year=1998, genres=["Action"])


def _card(user, *changes: tuple) -> dict:
    wanted = [ListChange(action=a, title=t, year=y, rating=r) for a, t, y, r in changes]
    return async_to_sync(proposal_resolve)(
        user_lists=user_lists_snapshot(user=user), changes=wanted, source=get_movie_source()
    )


def _rows(card: dict) -> list[tuple]:
    return [(r["action"], r["title"], r["status"], r["note"]) for r in card["rows"]]


def test_it_shows_a_film_already_on_the_watchlist_as_already_there_not_as_a_change(alice):
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    card = _card(alice, ("add_watchlist", "Fargo", 1996, None), ("add_watchlist", "Ronin", 1998, None))
    assert _rows(card) == [
        ("add_watchlist", "Fargo", "already", "already on your watchlist"),
        ("add_watchlist", "Ronin", "ready", ""),
    ]
    assert card["applicable"] == 1 and card["rows"][0]["movie"]["id"] == "fargo-1996"
    assert proposal_intro(proposal=card) == "Here's what I'd change. Tick what to apply:"


def test_it_hints_that_a_film_added_to_the_watchlist_is_marked_seen(alice):
    list_add(user=alice, list_name="seen", movie=RONIN, rating=4)
    card = _card(alice, ("add_watchlist", "Ronin", 1998, None))
    assert _rows(card) == [("add_watchlist", "Ronin", "ready", "you've marked it seen")]


def test_it_offers_marking_a_seen_film_again_only_to_change_its_rating(alice):
    list_add(user=alice, list_name="seen", movie=RONIN, rating=4)
    card = _card(
        alice, ("mark_seen", "Ronin", 1998, None), ("mark_seen", "Ronin", 1998, 4), ("mark_seen", "Ronin", 1998, 2)
    )
    assert [r[2:] for r in _rows(card)] == [
        ("already", "already marked as seen"),
        ("already", "already marked as seen"),
        ("ready", "already seen: sets your rating (was 4★)"),
    ]


@pytest.mark.parametrize(
    ("listed", "change", "intro"),
    [
        (
            "watchlist",
            ("add_watchlist", "Fargo", 1996, None),
            "Nothing to change: Fargo (1996) is already on your watchlist.",
        ),
        ("seen", ("mark_seen", "Fargo", 1996, None), "Nothing to change: Fargo (1996) is already marked as seen."),
        (
            None,
            ("remove_watchlist", "Blade Runner", None, None),
            "Nothing to change: Blade Runner is not on your watchlist.",
        ),
        (
            None,
            ("mark_seen", "Zzyzx Qwerty Film", None, None),
            "I couldn't find Zzyzx Qwerty Film, so there is nothing to apply.",
        ),
    ],
)
def test_it_heads_a_card_with_nothing_to_apply_with_the_reason_and_offers_no_buttons(alice, listed, change, intro):
    if listed:
        list_add(user=alice, list_name=listed, movie=FARGO)
    card = _card(alice, change)
    assert card["applicable"] == 0 and card["state"] == "pending"
    assert proposal_intro(proposal=card) == intro
    message = Message(chat=Chat(owner=alice, pk=1), turn_key="t1", payload={"proposal": card})
    html = render_to_string("recs/chat.html#proposal", {"m": message})
    assert "Apply selected" not in html and "Discard" not in html and 'type="checkbox"' not in html


def test_it_heads_several_rows_that_change_nothing_without_claiming_they_were_not_found(alice):
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    card = _card(alice, ("add_watchlist", "Fargo", 1996, None), ("remove_watchlist", "Ronin", 1998, None))
    assert proposal_intro(proposal=card) == "Nothing to change: each film below says why."
    missing = _card(alice, ("mark_seen", "Zzyzx Qwerty Film", None, None), ("mark_seen", "Qqq Nonexistent", None, None))
    assert proposal_intro(proposal=missing) == "I couldn't find those films, so there is nothing to apply."


def test_it_never_applies_a_row_that_was_already_there(alice):
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    chat = Chat.objects.create(owner=alice)
    card = _card(alice, ("add_watchlist", "Fargo", 1996, None), ("add_watchlist", "Ronin", 1998, None))
    Message.objects.create(chat=chat, role="assistant", turn_key="t1", status="complete", payload={"proposal": card})
    message = proposal_decide(user=alice, chat_id=chat.pk, turn_key="t1", decision="apply", selected=[0, 1])
    assert [r["status"] for r in message.payload["proposal"]["rows"]] == ["already", "applied"]
    assert sorted(WatchlistItem.objects.filter(user=alice).values_list("movie_id", flat=True)) == [
        "fargo-1996",
        "ronin-1998",
    ]


def test_it_answers_dropping_a_film_not_on_the_watchlist_with_a_fitting_heading_and_no_buttons(alice):
    list_add(user=alice, list_name="watchlist", movie=RONIN)
    chat = Chat.objects.create(owner=alice)
    frames = "\n".join(async_to_sync(_say)(alice, chat, "drop Blade Runner from my watchlist"))
    message = Message.objects.get(chat=chat, role="assistant")
    assert message.content == "Nothing to change: Blade Runner is not on your watchlist."
    assert "couldn't find" not in frames and "Apply selected" not in frames
