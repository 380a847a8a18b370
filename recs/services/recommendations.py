"""Writes to a chat's recommended set: the films shown in it, so none is shown twice."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from chatapp.models import Message
from recs.models import Recommendation
from recs.sources.movies import Movie


def recommendation_add(*, chat_id: int, message_id: int, movie: Movie) -> bool:
    """Add a shown film to the chat's recommended set; False if it was already there."""
    try:
        with transaction.atomic():
            _row(chat_id, message_id, movie).save(force_insert=True)
    except IntegrityError:
        return False
    return True


def recommendations_add(*, chat_id: int, message_id: int, movies: list[Movie]) -> list[bool]:
    """Add films shown together to the chat's recommended set; per film, False if it was already there.

    One INSERT for all of them (a turn's three picks were three transactions of one INSERT each); a film already
    there — the turn's blocked list has them, so only a race — sends them through one at a time.
    """
    if not movies:
        return []
    try:
        with transaction.atomic():
            Recommendation.objects.bulk_create([_row(chat_id, message_id, m) for m in movies])
    except IntegrityError:
        return [recommendation_add(chat_id=chat_id, message_id=message_id, movie=m) for m in movies]
    return [True] * len(movies)


def _row(chat_id: int, message_id: int, movie: Movie) -> Recommendation:
    return Recommendation(
        chat_id=chat_id,
        message_id=message_id,
        source=movie.source,
        movie_id=movie.id,
        media_type=movie.media_type,
        title=movie.title,
        year=movie.year,
    )


def recommendations_sync(*, message_ids: list[int]) -> None:
    """The chat's recommended set follows the versions shown: a message's films are its selected version's.

    A version switched away from, or a turn hidden in another branch, no longer blocks its films; the
    version shown (again) blocks its own (a film another shown message holds already stays with that one).
    """
    messages = list(Message.objects.filter(pk__in=message_ids, role=Message.Role.ASSISTANT))
    Recommendation.objects.filter(message__in=messages).delete()
    rows = [
        Recommendation(
            chat_id=m.chat_id,
            message_id=m.pk,
            source=p["source"],
            movie_id=p["id"],
            media_type=p.get("media_type", "movie"),
            title=p.get("title", "")[:300],
            year=p.get("year"),
        )
        for m in messages
        if not m.branch
        for p in (m.payload or {}).get("picks", [])
        if p.get("source") and p.get("id")
    ]
    Recommendation.objects.bulk_create(rows, ignore_conflicts=True)
