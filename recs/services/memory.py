"""Reads and writes of a user's taste memory, and the profile summary the planner receives."""

from __future__ import annotations

from collections import Counter

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser

from recs.models import SeenItem, TasteMemory, WatchlistItem
from recs.rules.preferences import PreferenceDelta, extract_preferences, merge
from recs.sources.catalogue import load_catalogue

PROFILE_MAX_CHARS = 600
LAST_RESULTS_KEPT = 9


def memory_get(*, user: AbstractBaseUser) -> TasteMemory:
    """The user's memory (an empty one the first time)."""
    memory, _ = TasteMemory.objects.get_or_create(user=user)
    return memory


def memory_learn(*, user: AbstractBaseUser, text: str) -> PreferenceDelta:
    """Fold the preferences stated in a message into the user's memory."""
    delta = extract_preferences(text, load_catalogue())
    if delta.is_empty():
        return delta
    memory = memory_get(user=user)
    memory.liked_genres = merge(memory.liked_genres, delta.liked_genres, delta.disliked_genres)
    memory.disliked_genres = merge(memory.disliked_genres, delta.disliked_genres, delta.liked_genres)
    memory.liked_people = merge(memory.liked_people, delta.liked_people, delta.disliked_people)
    memory.disliked_people = merge(memory.disliked_people, delta.disliked_people, delta.liked_people)
    memory.constraints = merge(memory.constraints, delta.constraints)
    memory.save()
    return delta


def memory_record_results(*, user_id: int, picks: list[dict]) -> None:
    """Remember the latest picks shown (most recent first)."""
    if not picks:
        return
    memory, _ = TasteMemory.objects.get_or_create(user_id=user_id)
    memory.last_results = merge(memory.last_results, _shown(picks), limit=LAST_RESULTS_KEPT)
    memory.save(update_fields=["last_results", "updated_at"])


def memory_forget_results(*, user_id: int, picks: list[dict]) -> None:
    """Drop picks that were replaced (a regenerated answer) from the recently shown films."""
    memory = TasteMemory.objects.filter(user_id=user_id).first()
    if memory is None or not picks:
        return
    memory.last_results = merge(memory.last_results, [], remove=_shown(picks), limit=LAST_RESULTS_KEPT)
    memory.save(update_fields=["last_results", "updated_at"])


def _shown(picks: list[dict]) -> list[str]:
    return [f"{p['title']} ({p.get('year')})" for p in picks]


def memory_reset(*, user: AbstractBaseUser) -> TasteMemory:
    """Forget everything learned (the autostart choice is kept)."""
    memory = memory_get(user=user)
    memory.liked_genres, memory.disliked_genres = [], []
    memory.liked_people, memory.disliked_people = [], []
    memory.constraints, memory.last_results = [], []
    memory.save()
    return memory


def autostart_enabled(*, user: AbstractBaseUser) -> bool:
    """Whether a new chat should greet this user with picks (setting and personal switch)."""
    if not settings.AUTOSTART_RECOMMENDATIONS:
        return False
    memory = TasteMemory.objects.filter(user=user).only("autostart").first()
    return memory.autostart if memory else True


def memory_set_autostart(*, user: AbstractBaseUser, enabled: bool) -> TasteMemory:
    """Switch the new-chat greeting on or off for this user."""
    memory = memory_get(user=user)
    memory.autostart = enabled
    memory.save(update_fields=["autostart", "updated_at"])
    return memory


def taste_profile_summary(*, user: AbstractBaseUser, lists: tuple[list, list] | None = None) -> str:
    """At most 600 characters: stated likes/dislikes, list leanings, top ratings, recent picks.

    `lists`: the user's watchlist and seen list when already read, oldest first (recs.selectors.user_lists).
    """
    memory = TasteMemory.objects.filter(user=user).first()
    if lists is None:
        seen = list(SeenItem.objects.filter(user=user).order_by("-added_at")[:200])
        watch = list(WatchlistItem.objects.filter(user=user).order_by("-added_at")[:200])
    else:  # the newest 200 of each (ties in added_at newest id first)
        watch, seen = (rows[::-1][:200] for rows in lists)
    liked_genres = list(memory.liked_genres) if memory else []
    # Genres of films rated 4-5 or wanted on the watchlist count as soft likes.
    leaning = Counter(g for item in seen if (item.rating or 0) >= 4 for g in item.genres)
    leaning.update(g for item in watch for g in item.genres)
    liked_genres += [g for g, _ in leaning.most_common(3) if g not in liked_genres]
    disliked = (memory.disliked_genres + memory.disliked_people) if memory else []
    disliked += [
        g
        for g, n in Counter(g for i in seen if i.rating and i.rating <= 2 for g in i.genres).most_common(2)
        if g not in disliked and g not in liked_genres
    ]
    parts = []
    likes = liked_genres + (memory.liked_people if memory else [])
    if likes:
        parts.append("Likes: " + ", ".join(likes[:8]) + ".")
    if disliked:
        parts.append("Dislikes: " + ", ".join(disliked[:8]) + ".")
    if memory and memory.constraints:
        parts.append("Wants: " + "; ".join(memory.constraints[:4]) + ".")
    top = [f"{i.title} ({i.rating}★)" for i in sorted(seen, key=lambda i: -(i.rating or 0)) if (i.rating or 0) >= 4]
    if top:
        parts.append("Rated highly: " + ", ".join(top[:5]) + ".")
    if memory and memory.last_results:
        parts.append("Recently shown: " + ", ".join(memory.last_results[:3]) + ".")
    summary = " ".join(parts)
    return summary if len(summary) <= PROFILE_MAX_CHARS else summary[: PROFILE_MAX_CHARS - 1].rstrip() + "…"
