"""Reads for the movie chat: what a user must not be shown again, and their taste."""

from django.contrib.auth.models import AbstractBaseUser

from chatapp.models import Chat, Message
from recs.models import Recommendation
from recs.movies import BlockedItem

PROFILE_MAX_CHARS = 600


def recommended_in_chat(*, chat_id: int) -> list[BlockedItem]:
    """Films already shown in this chat."""
    rows = Recommendation.objects.filter(chat_id=chat_id).order_by("created_at", "id")
    return [
        BlockedItem(source=r.source, id=r.movie_id, media_type=r.media_type, title=r.title, year=r.year)
        for r in rows
    ]


def blocked_list(*, user: AbstractBaseUser, chat_id: int) -> list[BlockedItem]:
    """Everything planning must avoid: films already recommended in this chat."""
    return recommended_in_chat(chat_id=chat_id)


def taste_profile_summary(*, user: AbstractBaseUser, exclude_turn: str = "") -> str:
    """A short summary (at most 600 characters) of what the user asked for before this turn."""
    asks = (
        Message.objects.filter(chat__owner=user, chat__kind=Chat.Kind.MOVIES, role=Message.Role.USER)
        .exclude(turn_key=exclude_turn)
        .order_by("-created_at")
        .values_list("content", flat=True)[:5]
    )
    if not asks:
        return ""
    recent = "; ".join(a.replace("\n", " ")[:110] for a in asks)
    return f"Recently asked for: {recent}"[:PROFILE_MAX_CHARS]


def last_turn_summary(*, chat_id: int) -> dict:
    """What the last completed assistant turn showed and dropped (answers its open tool call)."""
    message = (
        Message.objects.filter(chat_id=chat_id, role=Message.Role.ASSISTANT)
        .exclude(status__in=Message.ACTIVE_STATUSES)
        .order_by("-created_at", "-id")
        .first()
    )
    if message is None:
        return {"shown": [], "dropped": []}
    payload = message.payload or {}
    return {
        "status": message.status,
        "shown": [{"title": p.get("title"), "year": p.get("year")} for p in payload.get("picks", [])],
        "dropped": [
            {"title": d.get("title"), "year": d.get("year"), "reason": d.get("reason")}
            for d in payload.get("dropped", [])
        ],
    }
