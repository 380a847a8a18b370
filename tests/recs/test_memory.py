"""Taste memory: learned from what users say, summarised for planning, shown, reset, and the CLI."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from recs.models import SeenItem
from recs.rules.parse import parse_constraints
from recs.rules.preferences import extract_preferences
from recs.services.memory import (
    memory_get,
    memory_learn,
    memory_record_results,
    taste_profile_summary,
)
from recs.sources.catalogue import load_catalogue


@pytest.mark.parametrize(
    ("words", "field", "value"),
    [
        ("I hate horror", "disliked_genres", ["Horror"]),
        ("I love Christopher Nolan", "liked_people", ["Christopher Nolan"]),
        ("more Korean films please", "constraints", ["more Korean films"]),
        ("no more Michael Bay", "disliked_people", ["Michael Bay"]),
        ("I don't like romcoms", "disliked_genres", ["Romantic Comedy"]),
    ],
)
def test_it_reads_stated_preferences(words, field, value):
    assert getattr(extract_preferences(words, load_catalogue()), field) == value


@pytest.mark.parametrize(
    ("words", "constraints"),
    [
        ("I love Korean cinema", ["more Korean cinema"]),
        ("I like French films", ["more French films"]),
        ("I prefer older films", ["more older films"]),
        ("I really like films about food", ["more films about food"]),
        ("I love Fargo", ["more like Fargo"]),
        ("I don't want anything over two hours", ["at most 2 hours"]),
        ("I don't want anything under 90 minutes", ["at least 90 minutes"]),
        ("I like films under 90 minutes", ["under 90 minutes"]),
        ("I can't stand subtitles", ["less subtitles"]),
        ("I like it", []),
        ("I love this app", []),
        ("I like the first one", []),
        ("I like movies", []),
        ("more like that", []),
        ("more like this please", []),
        ("more please", []),
        ("more of those", []),
        ("show me more options", []),
        ("more of the same", []),
    ],
)
def test_it_keeps_free_text_likes_and_dislikes_faithfully(words, constraints):
    assert extract_preferences(words, load_catalogue()).constraints == constraints


def test_it_stores_a_runtime_limit_the_planner_reads_back_the_right_way_round():
    [wish] = extract_preferences("I don't want anything over two hours", load_catalogue()).constraints
    understood = parse_constraints(wish, load_catalogue())
    assert (understood.max_runtime, understood.min_runtime) == (120, None)


def test_it_ignores_plain_requests():
    assert extract_preferences("give me a thriller from the 90s", load_catalogue()).is_empty()


@pytest.mark.django_db
def test_it_learns_forgets_contradictions_and_summarises_within_600_chars(alice):
    memory_learn(user=alice, text="I hate horror")
    memory_learn(user=alice, text="I love sci-fi")
    memory_learn(user=alice, text="actually I love horror")
    memory = memory_get(user=alice)
    assert memory.liked_genres == ["Horror", "Science Fiction"] and memory.disliked_genres == []
    SeenItem.objects.create(
        user=alice, source="catalogue", movie_id="m", title="Heat", year=1995, genres=["Action"], rating=5
    )
    memory_record_results(user_id=alice.pk, picks=[{"title": "Fargo", "year": 1996}])
    summary = taste_profile_summary(user=alice)
    assert summary.startswith("Likes: Horror, Science Fiction, Action.")
    assert "Heat (5★)" in summary and "Fargo (1996)" in summary and len(summary) <= 600
    for i in range(40):
        memory_learn(user=alice, text=f"more films about topic number {i} please")
    assert len(taste_profile_summary(user=alice)) <= 600


@pytest.mark.django_db
def test_it_shows_and_resets_the_memory_panel(alice):
    memory_learn(user=alice, text="I hate horror")
    client = Client()
    client.force_login(alice)
    page = client.get("/lists/").content.decode()
    assert "What I know about you" in page and "Horror" in page
    client.post("/memory/reset/")
    assert memory_get(user=alice).is_empty
    client.post("/memory/autostart/", {})
    assert memory_get(user=alice).autostart is False


@pytest.mark.django_db
def test_it_shows_and_resets_memory_from_the_cli(alice, capsys):
    memory_learn(user=alice, text="I hate horror")
    call_command("agent", "context", "show", "alice")
    shown = json.loads(capsys.readouterr().out)
    assert shown["disliked_genres"] == ["Horror"] and "Dislikes: Horror." in shown["profile_summary"]
    call_command("agent", "context", "reset", "alice")
    assert "reset" in capsys.readouterr().out
    assert memory_get(user=alice).is_empty
    with pytest.raises(CommandError):
        call_command("agent", "context", "show", "nobody")


@pytest.mark.django_db(transaction=True)
def test_it_acknowledges_a_stated_preference_and_plans_with_it(alice):
    from chatapp.services import api_token_create

    _token, key = api_token_create(user=alice)
    api = Client(headers={"authorization": f"Bearer {key}"})
    chat_id = api.post("/api/chats", {}, content_type="application/json").json()["id"]
    said = api.post(f"/api/chats/{chat_id}/messages", {"text": "I hate horror"}, content_type="application/json")
    assert "Noted" in said.json()["assistant_message"]["content"]
    picks = api.post(
        f"/api/chats/{chat_id}/messages", {"text": "recommend something from the 80s"}, content_type="application/json"
    ).json()["assistant_message"]["picks"]
    assert picks and all("Horror" not in p["genres"] for p in picks)
