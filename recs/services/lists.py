"""Writes to the user's lists: the watchlist, the seen list (with stars), and pick-card buttons."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chatapp.errors import InvalidInput, NotFound
from chatapp.models import Chat, Message
from chatapp.text import form_int
from recs.models import SeenItem, WatchlistItem
from recs.sources.movies import Movie

LISTS = {"watchlist": WatchlistItem, "seen": SeenItem}


def rating_clean(*, rating: object) -> int | None:
    """A 1–5 star rating, or None; anything else is refused with a clear message."""
    if rating in (None, ""):
        return None
    value = _rating_number(rating)
    if value is None:
        raise InvalidInput("A rating must be a whole number from 1 to 5.", code="invalid_rating")
    if not 1 <= value <= 5:
        raise InvalidInput("A rating must be from 1 to 5 stars.", code="invalid_rating")
    return value


def _rating_number(rating: object) -> int | None:
    """A rating as a whole number: an int, a whole float, or ASCII digits from a form; else None."""
    if isinstance(rating, str):
        return form_int(rating)  # "٣" is no star the user picked from the 1-5 buttons
    if isinstance(rating, float):
        return int(rating) if rating.is_integer() else None
    return rating if isinstance(rating, int) and not isinstance(rating, bool) else None


def list_add(*, user: AbstractBaseUser, list_name: str, movie: Movie, rating: object = None) -> tuple[object, bool]:
    """Put a film on the watchlist or the seen list; adding twice is harmless (the rating updates)."""
    model = _list_model(list_name)
    fields = {
        "media_type": movie.media_type,
        "title": movie.title,
        "year": movie.year,
        "genres": list(movie.genres),
        "director": movie.director or "",
    }
    if model is SeenItem:
        value = rating_clean(rating=rating)
        if value is not None:
            fields["rating"] = value
    with transaction.atomic():
        item, created = model.objects.get_or_create(user=user, source=movie.source, movie_id=movie.id, defaults=fields)
        if not created and model is SeenItem and "rating" in fields and item.rating != fields["rating"]:
            item.rating = fields["rating"]
            item.save(update_fields=["rating"])
    return item, created


def list_remove(*, user: AbstractBaseUser, list_name: str, source: str, movie_id: str) -> None:
    """Take a film off a list; a film that is not there is a clear error."""
    deleted, _ = _list_model(list_name).objects.filter(user=user, source=source, movie_id=movie_id).delete()
    if not deleted:
        raise NotFound(f"That film is not on your {_label(list_name)}.", code="not_on_list")


def list_item_remove(*, user: AbstractBaseUser, list_name: str, item_id: int) -> None:
    """Remove one row of the lists page."""
    deleted, _ = _list_model(list_name).objects.filter(user=user, pk=item_id).delete()
    if not deleted:
        raise NotFound(f"That film is not on your {_label(list_name)}.", code="not_on_list")


def seen_rate(*, user: AbstractBaseUser, item_id: int, rating: object) -> SeenItem:
    """Set (or clear) the stars of a seen film."""
    value = rating_clean(rating=rating)
    item = SeenItem.objects.filter(user=user, pk=item_id).first()
    if item is None:
        raise NotFound("That film is not on your seen list.", code="not_on_list")
    item.rating = value
    item.save(update_fields=["rating"])
    return item


def pick_to_list(
    *, user: AbstractBaseUser, chat_id: int, turn_key: str, index: int, list_name: str, rating: object = None
) -> tuple[Message, dict]:
    """A pick-card button: put the film shown on that card on a list (the card is the user's own)."""
    if not Message.is_turn_key(turn_key):  # from the URL: never sent to the database (NUL fails on PostgreSQL)
        raise NotFound("That message does not exist.", code="message_not_found")
    message = (
        Message.objects.select_related("chat")
        .filter(
            chat_id=chat_id,
            turn_key=turn_key,
            chat__owner=user,
            chat__kind=Chat.Kind.MOVIES,
            role=Message.Role.ASSISTANT,
        )
        .first()
    )
    if message is None:
        raise NotFound("That message does not exist.", code="message_not_found")
    pick = next((p for p in message.payload.get("picks", []) if p.get("index") == index), None)
    if pick is None:
        raise NotFound("That pick does not exist.", code="pick_not_found")
    movie = Movie(
        source=pick["source"],
        id=pick["id"],
        media_type=pick.get("media_type", "movie"),
        title=pick["title"],
        year=pick.get("year"),
        genres=pick.get("genres") or [],
        director=pick.get("director"),
    )
    list_add(user=user, list_name=list_name, movie=movie, rating=rating)
    return message, pick


def _list_model(list_name: str):
    try:
        return LISTS[list_name]
    except KeyError:
        raise unknown_list(list_name) from None


def unknown_list(list_name: str) -> InvalidInput:
    """The refusal of a list name we do not have, quoting at most 40 characters of it (it comes from the address)."""
    shown = list_name[:40] + ("…" if len(list_name) > 40 else "")
    return InvalidInput(f"Unknown list {shown!r}.", code="unknown_list")


def _label(list_name: str) -> str:
    return "watchlist" if list_name == "watchlist" else "seen list"
