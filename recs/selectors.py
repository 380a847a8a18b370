"""Reads for the movie chat: what a user must not be shown again, and their taste."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import F, PositiveSmallIntegerField, Value

from chatapp.models import Chat, Message
from recs.models import Recommendation, SeenItem, WatchlistItem
from recs.sources.movies import BlockedItem


def chat_read(*, chat_id: int) -> Chat:
    """The chat a turn runs in, by id (the turn was started by its owner: no owner check here)."""
    return Chat.objects.get(pk=chat_id)


def user_read(*, user_id: int) -> AbstractBaseUser:
    """The user a turn runs for, by id."""
    return get_user_model().objects.get(pk=user_id)


def recommended_in_chat(*, chat_id: int) -> list[BlockedItem]:
    """Films already shown in this chat."""
    rows = Recommendation.objects.filter(chat_id=chat_id).order_by("created_at", "id")
    return [
        BlockedItem(source=r.source, id=r.movie_id, media_type=r.media_type, title=r.title, year=r.year) for r in rows
    ]


def user_lists(*, user: AbstractBaseUser) -> tuple[list[WatchlistItem], list[SeenItem]]:
    """The user's watchlist and seen list, oldest first (as blocked_list reads them)."""
    return tuple(
        list(model.objects.filter(user=user).order_by("added_at", "id")) for model in (WatchlistItem, SeenItem)
    )


def blocked_list(*, user: AbstractBaseUser, chat_id: int, lists: tuple[list, list] | None = None) -> list[BlockedItem]:
    """Everything planning must avoid: the watchlist, the seen list, and this chat's recommendations.

    `lists`: the user's lists when already read (user_lists()).
    """
    items: dict[tuple[str, str], BlockedItem] = {}
    for rows in lists or user_lists(user=user):
        for row in rows:
            item = BlockedItem(
                source=row.source, id=row.movie_id, media_type=row.media_type, title=row.title, year=row.year
            )
            items.setdefault(item.key, item)
    for item in recommended_in_chat(chat_id=chat_id):
        items.setdefault(item.key, item)
    return list(items.values())


def list_items(*, user: AbstractBaseUser, list_name: str, sort: str = "added"):
    """A user's watchlist or seen list, sorted by added (newest), title, year or rating."""
    model = WatchlistItem if list_name == "watchlist" else SeenItem
    order = {
        "added": ["-added_at", "-id"],
        "title": ["title", "year"],
        # Films without a year or rating go last on every database (PostgreSQL puts NULLs first).
        "year": [F("year").desc(nulls_last=True), "title"],
        "rating": [F("rating").desc(nulls_last=True), "title"] if model is SeenItem else ["-added_at"],
    }.get(sort, ["-added_at", "-id"])
    return model.objects.filter(user=user).order_by(*order)


def recommended_for_user(*, user: AbstractBaseUser):
    """Every film recommended to the user in any chat, newest first (with its chat's title)."""
    return Recommendation.objects.filter(chat__owner=user).select_related("chat").order_by("-created_at", "-id")


def list_marks(*, user: AbstractBaseUser, keys: list[tuple[str, str]]) -> dict[str, dict]:
    """For pick cards: which of these films are on the watchlist or seen ("source:id" → marks)."""
    return _marks(user_id=user.pk, keys=keys)


def _marks(*, user_id: int, keys: list[tuple[str, str]]) -> dict[str, dict]:
    if not keys:
        return {}
    ids = {movie_id for _, movie_id in keys}
    # Both lists in one statement (a UNION ALL): the finished answer of every movie turn reads them.
    watched = (
        WatchlistItem.objects.filter(user_id=user_id, movie_id__in=ids)
        .order_by()
        .values_list("source", "movie_id", Value(None, output_field=PositiveSmallIntegerField()), Value("watchlist"))
    )
    seen = (
        SeenItem.objects.filter(user_id=user_id, movie_id__in=ids)
        .order_by()
        .values_list("source", "movie_id", "rating", Value("seen"))
    )
    marks: dict[str, dict] = {}
    for source, movie_id, rating, mark in watched.union(seen, all=True):
        marks.setdefault(f"{source}:{movie_id}", {})[mark] = True if mark == "watchlist" else rating or True
    return marks


def last_shown_picks(*, chat_id: int) -> list[dict]:
    """The picks (title, year, reason) of the latest answer that showed any, for "the first two" and "why that one"."""
    for payload in (
        Message.objects.filter(chat_id=chat_id, role=Message.Role.ASSISTANT, branch="")
        .order_by("-created_at", "-id")
        .values_list("payload", flat=True)[:10]
    ):
        picks = (payload or {}).get("picks") or []
        if picks:
            return [{"title": p["title"], "year": p.get("year"), "reason": p.get("reason") or ""} for p in picks]
    return []


def last_turn_summary(*, chat_id: int, turn_key: str | None = None) -> dict:
    """What a finished assistant turn (by default the latest) showed and dropped: answers its open tool call."""
    answers = Message.objects.filter(chat_id=chat_id, role=Message.Role.ASSISTANT, branch="").exclude(
        status__in=Message.ACTIVE_STATUSES
    )
    if turn_key:
        answers = answers.filter(turn_key=turn_key)
    message = answers.order_by("-created_at", "-id").first()
    if message is None:
        return {"shown": [], "dropped": []}
    payload = message.payload or {}
    proposal = payload.get("proposal")
    return {
        "status": message.status,
        **(
            {
                "proposal": {
                    "state": proposal["state"],
                    "rows": [
                        {"action": r["action"], "title": r["title"], "status": r["status"]} for r in proposal["rows"]
                    ],
                }
            }
            if proposal
            else {}
        ),
        "shown": [{"title": p.get("title"), "year": p.get("year")} for p in payload.get("picks", [])],
        "dropped": [
            {"title": d.get("title"), "year": d.get("year"), "reason": d.get("reason")}
            for d in payload.get("dropped", [])
        ],
    }


def pick_marks_context(message: Message) -> dict:
    """Template context for a movie message: the list marks of its pick cards."""
    keys = [(p["source"], p["id"]) for p in (message.payload or {}).get("picks", [])]
    return {"marks": _marks(user_id=message.chat.owner_id, keys=keys)}  # the owner's id: no read of the user
