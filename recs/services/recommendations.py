"""Writes to a chat's recommended set: the films shown in it, so none is shown twice."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from recs.models import Recommendation
from recs.sources.movies import Movie


def recommendation_add(*, chat_id: int, message_id: int, movie: Movie) -> bool:
    """Add a shown film to the chat's recommended set; False if it was already there."""
    try:
        with transaction.atomic():
            Recommendation.objects.create(
                chat_id=chat_id,
                message_id=message_id,
                source=movie.source,
                movie_id=movie.id,
                media_type=movie.media_type,
                title=movie.title,
                year=movie.year,
            )
    except IntegrityError:
        return False
    return True
