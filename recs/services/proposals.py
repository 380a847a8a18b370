"""Proposed list changes: resolve them to real films, then apply only what the user approves."""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from chatapp.errors import InvalidInput, NotFound, TurnInProgress
from chatapp.events import group_name, to_group_message
from chatapp.models import Chat, Message
from chatapp.text import form_int
from recs.events import ProposalUpdated
from recs.flows.tools import ListChange
from recs.models import SeenItem, WatchlistItem
from recs.services.lists import list_add
from recs.sources.active import LookupFailed
from recs.sources.movies import Movie, MovieSource, normalize_title

_LIST_OF = {"remove_watchlist": WatchlistItem, "unmark_seen": SeenItem}
ACTION_LABELS = {
    "add_watchlist": "Add to watchlist",
    "remove_watchlist": "Remove from watchlist",
    "mark_seen": "Mark as seen",
    "unmark_seen": "Unmark seen",
}


class NothingSelected(InvalidInput):
    """Apply pressed with no applicable row ticked; `card` is the message, still pending; `selected` what was ticked."""

    code = "nothing_selected"

    def __init__(self, *, card: Message, selected: set[int]):
        super().__init__("Nothing selected: tick the changes to apply, or press Discard.")
        self.card = card
        self.selected = selected


async def proposal_resolve(
    *, user_lists: dict[str, list[dict]], changes: list[ListChange], source: MovieSource
) -> dict:
    """Build the diff card: one row per change, resolved to a real film (or unresolved), checked against the lists.

    A row that would change nothing (the film is already on that list) is shown as such, not offered;
    `applicable` counts the rows the user can tick.
    """

    async def row(i: int, change: ListChange) -> dict:
        base = {
            "i": i,
            "action": change.action,
            "label": ACTION_LABELS[change.action],
            "title": change.title,
            "year": change.year,
            "rating": change.rating,
        }
        if change.action in _LIST_OF:
            listed = _find_listed(user_lists["watchlist" if change.action == "remove_watchlist" else "seen"], change)
            if listed is None:
                where = "watchlist" if change.action == "remove_watchlist" else "seen list"
                return {**base, "movie": None, "status": "unresolved", "note": f"not on your {where}"}
            return {**base, "movie": _without_rating(listed), "status": "ready", "note": ""}
        try:
            movie = await source.lookup(title=change.title, year=change.year)
        except LookupFailed as exc:
            return {**base, "movie": None, "status": "unresolved", "note": f"lookup failed: {exc}"}
        if movie is None:
            return {**base, "movie": None, "status": "unresolved", "note": "no such film found"}
        status, note = _against_lists(change, movie, user_lists)
        return {**base, "movie": _movie_dict(movie), "status": status, "note": note}

    rows = list(await asyncio.gather(*(row(i, c) for i, c in enumerate(changes))))
    return {"state": "pending", "rows": rows, "applicable": sum(1 for r in rows if r["status"] == "ready")}


def proposal_intro(*, proposal: dict) -> str:
    """The words above a new diff card: an invitation to tick, or why there is nothing to apply."""
    rows = proposal["rows"]
    if any(r["status"] == "ready" for r in rows):
        return "Here's what I'd change. Tick what to apply:"
    not_found = [r for r in rows if r["status"] == "unresolved" and r["action"] not in _LIST_OF]
    if len(rows) != 1:
        if len(not_found) == len(rows):
            return "I couldn't find those films, so there is nothing to apply."
        return "Nothing to change: each film below says why."
    [only] = rows
    name = _film_name(only)
    if only in not_found:
        return f"I couldn't find {name}, so there is nothing to apply."
    return f"Nothing to change: {name} is {only['note']}."


def user_lists_snapshot(*, user: AbstractBaseUser) -> dict[str, list[dict]]:
    """The user's lists as plain dicts, for resolving removals and spotting films already listed."""

    def rows(model):
        return [
            {
                "source": r.source,
                "id": r.movie_id,
                "media_type": r.media_type,
                "title": r.title,
                "year": r.year,
                "genres": r.genres,
                "director": r.director or None,
                **({"rating": r.rating} if model is SeenItem else {}),
            }
            for r in model.objects.filter(user=user)
        ]

    return {"watchlist": rows(WatchlistItem), "seen": rows(SeenItem)}


def _row_number(row: object) -> int:
    """A ticked row's number: an int (API, socket) or ASCII digits (a page's form); ValueError otherwise."""
    number = form_int(row) if isinstance(row, str) else row
    if not isinstance(number, int) or isinstance(number, bool):
        raise ValueError(f"not a row number: {row!r}")  # "١" would have applied row 1, never ticked
    return number


def proposal_decide(
    *, user: AbstractBaseUser, chat_id: int, turn_key: str, decision: str, selected: list[int]
) -> Message:
    """Apply the selected rows atomically, or discard; a card already decided is returned unchanged."""
    if decision not in ("apply", "discard"):
        raise InvalidInput("Choose Apply selected or Discard.", code="invalid_decision")
    if not Message.is_turn_key(turn_key):  # from the URL: never sent to the database (NUL fails on PostgreSQL)
        raise NotFound("That proposal does not exist.", code="proposal_not_found")
    with transaction.atomic():
        # The row lock makes two tabs approving at once apply once.
        message = (
            Message.objects.select_for_update()
            .filter(
                chat_id=chat_id,
                turn_key=turn_key,
                role=Message.Role.ASSISTANT,
                chat__owner=user,
                chat__kind=Chat.Kind.MOVIES,
            )
            .first()
        )
        proposal = (message.payload or {}).get("proposal") if message else None
        if proposal is None:
            raise NotFound("That proposal does not exist.", code="proposal_not_found")
        if message.is_active:
            # The turn's last save would overwrite a decision taken before it ended.
            raise TurnInProgress("The assistant is still finishing this answer; try again in a moment.")
        if proposal["state"] != "pending":
            return message  # stale approval: nothing more to do, no duplicates
        chosen = {_row_number(i) for i in selected}
        if decision == "apply" and not chosen & {r["i"] for r in proposal["rows"] if r["status"] == "ready"}:
            # Applying nothing would close the card as "Applied." with every row "not selected".
            raise NothingSelected(card=message, selected=chosen)
        for row in proposal["rows"]:
            if row["status"] != "ready":
                continue
            if decision == "apply" and row["i"] in chosen:
                row["status"], row["note"] = _apply(user, row)
            else:
                row["status"], row["note"] = "skipped", "not selected" if decision == "apply" else "discarded"
        proposal["state"] = "applied" if decision == "apply" else "discarded"
        message.payload = {**message.payload, "proposal": proposal}
        message.save(update_fields=["payload", "updated_at"])
    return message


def proposal_announce(*, message: Message) -> None:
    """Tell every open tab of the chat that this message's diff card changed (proposal.updated)."""
    event = ProposalUpdated(chat_id=message.chat_id, turn_key=message.turn_key, assistant_message_id=message.pk)
    async_to_sync(get_channel_layer().group_send)(group_name(message.chat_id), to_group_message(event))


def proposal_decide_message(
    *, user: AbstractBaseUser, chat_id: int, message_id: object, decision: str, selected: object
) -> Message:
    """Apply or discard the diff card of one assistant message of the chat, named by its id (the JSON socket)."""
    if isinstance(message_id, bool) or not isinstance(message_id, int):
        raise InvalidInput(
            '"message" must be the id of the assistant message with the changes.', code="invalid_message"
        )
    if not isinstance(selected, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in selected):
        raise InvalidInput('"rows" must be a list of row numbers.', code="invalid_rows")
    # Another user's message, or one of another chat, does not exist for this socket.
    turn_key = (
        Message.objects.filter(pk=message_id, chat_id=chat_id, chat__owner=user, role=Message.Role.ASSISTANT)
        .values_list("turn_key", flat=True)
        .first()
    )
    if turn_key is None:
        raise NotFound("That proposal does not exist.", code="proposal_not_found")
    return proposal_decide(user=user, chat_id=chat_id, turn_key=turn_key, decision=decision, selected=selected)


def proposal_touched_cards(*, message: Message) -> list[tuple[Message, dict]]:
    """The pick cards of this chat that show a film the diff changed, as (message, pick)."""
    rows = (message.payload or {}).get("proposal", {}).get("rows", [])
    keys = {(r["movie"]["source"], r["movie"]["id"]) for r in rows if r["status"] == "applied" and r.get("movie")}
    if not keys:
        return []
    messages = (
        Message.objects.filter(chat_id=message.chat_id, role=Message.Role.ASSISTANT)
        .only("chat_id", "turn_key", "payload")
        .order_by("created_at", "id")
    )
    return [
        (m, pick)
        for m in messages
        for pick in (m.payload or {}).get("picks", [])
        if (pick.get("source"), pick.get("id")) in keys
    ]


def _apply(user: AbstractBaseUser, row: dict) -> tuple[str, str]:
    movie = row["movie"]
    if row["action"] in ("add_watchlist", "mark_seen"):
        list_name = "watchlist" if row["action"] == "add_watchlist" else "seen"
        _, created = list_add(user=user, list_name=list_name, movie=Movie(**movie), rating=row.get("rating"))
        if created:
            return "applied", "added" + (f" with {row['rating']}★" if row.get("rating") else "")
        return "applied", "already there" + (" (rating updated)" if row.get("rating") else "")
    deleted, _ = (
        _LIST_OF[row["action"]].objects.filter(user=user, source=movie["source"], movie_id=movie["id"]).delete()
    )
    return ("applied", "removed") if deleted else ("applied", "was already gone")


def _against_lists(change: ListChange, movie: Movie, user_lists: dict[str, list[dict]]) -> tuple[str, str]:
    """(status, note) of an addition, given what the lists already hold at proposal time."""
    on_watchlist = _listed_movie(user_lists["watchlist"], movie)
    seen = _listed_movie(user_lists["seen"], movie)
    if change.action == "add_watchlist":
        if on_watchlist is not None:
            return "already", "already on your watchlist"
        return "ready", "you've marked it seen" if seen is not None else ""
    if seen is None:
        return "ready", ""
    if change.rating is not None and change.rating != seen.get("rating"):
        return "ready", "already seen: sets your rating" + (f" (was {seen['rating']}★)" if seen.get("rating") else "")
    return "already", "already marked as seen"


def _listed_movie(items: list[dict], movie: Movie) -> dict | None:
    """The list row of this film: same source and id, or (another source) same title and year."""
    for item in items:
        if (item["source"], item["id"]) == movie.key or (
            normalize_title(item["title"]),
            item["year"],
        ) == movie.title_key:
            return item
    return None


def _without_rating(item: dict) -> dict:
    return {k: v for k, v in item.items() if k != "rating"}


def _film_name(row: dict) -> str:
    film = row.get("movie") or row
    return film["title"] + (f" ({film['year']})" if film.get("year") else "")


def _find_listed(items: list[dict], change: ListChange) -> dict | None:
    wanted = normalize_title(change.title)
    matches = [i for i in items if normalize_title(i["title"]) == wanted]
    if change.year is not None:
        matches = [i for i in matches if i["year"] is None or abs(i["year"] - change.year) <= 1] or matches
    return matches[0] if matches else None


def _movie_dict(movie: Movie) -> dict:
    return {
        "source": movie.source,
        "id": movie.id,
        "media_type": movie.media_type,
        "title": movie.title,
        "year": movie.year,
        "genres": list(movie.genres),
        "director": movie.director,
    }
