"""Reads for chats and messages; every read is scoped to its owner."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchVectorField
from django.db import connection
from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.db.models.expressions import RawSQL
from django.db.models.functions import TruncDate
from django.utils import timezone

from chatapp import kinds
from chatapp.errors import NotFound
from chatapp.models import ApiToken, Chat, Message, PlannerCall
from chatapp.search_index import FTS_TABLE, SEARCH_CONFIG, VECTOR_COLUMN
from chatapp.search_text import Part, marked_parts, query_words, snippet_parts, tsquery_raw
from chatapp.search_text import fts5_match as _fts5_match

# What one version of a message holds, besides its created_at (and an answer's `question`: the version of
# the question it answers).
ASSISTANT_VERSION_FIELDS = ("content", "payload", "status", "error", "planner_source", "flow", "step_log", "timings")
USER_VERSION_FIELDS = ("content", "payload")
SIDEBAR_LIMIT = 300
SEARCH_LIMIT = 30
# PostgreSQL's headline marks hits with these (never HTML: the template does the highlighting).
_START, _STOP = "\x02", "\x03"


def chat_list(*, user: AbstractBaseUser, kind: str | None = None) -> QuerySet[Chat]:
    """The user's chats, most recently active first."""
    chats = Chat.objects.filter(owner=user)
    if kind:
        chats = chats.filter(kind=kind)
    return chats.order_by("-updated_at", "-id")


def chat_get(*, user: AbstractBaseUser, chat_id: int) -> Chat:
    """One of the user's chats; another user's chat does not exist for them."""
    try:
        return Chat.objects.get(pk=chat_id, owner=user)
    except (Chat.DoesNotExist, ValueError, TypeError):
        raise NotFound("That chat does not exist.", code="chat_not_found") from None


def chat_title_refresh(*, chat: Chat) -> Chat:
    """The chat with its stored title (a socket's cached chat predates the title its first message gave it)."""
    # One column read (refresh_from_db costs several times the query: it inspects every deferred field).
    chat.title = Chat.objects.values_list("title", flat=True).get(pk=chat.pk)
    return chat


def message_list(*, chat: Chat) -> QuerySet[Message]:
    """The chat's history in order (turns of an edited question's other versions stay hidden)."""
    return chat.messages.filter(branch="").order_by("created_at", "id")


def message_get(*, chat: Chat, message_id: int) -> Message:
    """One message of a chat."""
    try:
        return chat.messages.get(pk=message_id)
    except (Message.DoesNotExist, ValueError, TypeError):
        raise NotFound("That message does not exist.", code="message_not_found") from None


def message_shown_get(*, chat: Chat, message_id: int) -> Message:
    """One message of a chat as the chat is shown: a message of a hidden branch (an edit's older turns) is not found."""
    try:
        return chat.messages.get(pk=message_id, branch="")
    except (Message.DoesNotExist, ValueError, TypeError):
        raise NotFound("That message does not exist.", code="message_not_found") from None


def message_pair(
    *, chat: Chat, first_id: int | None, second_id: int, title: bool = False
) -> tuple[Message | None, Message | None]:
    """Two messages of a chat in one read (None for one that is gone or not asked for).

    `title`: refresh the chat's stored title in the same read (as chat_title_refresh, one query not two).
    """
    rows = chat.messages.filter(pk__in=[i for i in (first_id, second_id) if i is not None])
    if title:
        rows = rows.annotate(stored_chat_title=F("chat__title"))
    found = {m.pk: m for m in rows}
    if title and found:
        chat.title = next(iter(found.values())).stored_chat_title
    return found.get(first_id), found.get(second_id)


def message_changed_since(*, chat: Chat, since: datetime) -> QuerySet[Message]:
    """Messages changed at or after `since`, and every one still being written, in order (hidden ones too)."""
    changed = Q(updated_at__gte=since) | Q(status__in=Message.ACTIVE_STATUSES)
    return chat.messages.filter(changed).order_by("created_at", "id")


def message_last_change(*, chat: Chat) -> datetime | None:
    """When any shown message of the chat last changed (None: no messages)."""
    return chat.messages.filter(branch="").aggregate(last=Max("updated_at"))["last"]


def message_latest_assistant(*, chat: Chat) -> Message | None:
    """The chat's newest assistant message, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT, branch="").order_by("-created_at", "-id").first()


def turn_messages(*, chat: Chat, turn_key: str) -> tuple[Message | None, Message | None]:
    """The (user, assistant) pair of one turn; either may be missing."""
    by_role = {m.role: m for m in chat.messages.filter(turn_key=turn_key)}
    return by_role.get(Message.Role.USER), by_role.get(Message.Role.ASSISTANT)


def active_turn(*, chat: Chat) -> Message | None:
    """The assistant message still being produced in this chat, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT, status__in=Message.ACTIVE_STATUSES).first()


def message_is_active(*, message_id: int) -> bool:
    """Whether the assistant message is still being produced (pending or streaming)."""
    return Message.objects.filter(pk=message_id, status__in=Message.ACTIVE_STATUSES).exists()


def message_status(*, message_id: int) -> str | None:
    """The stored status of a message (None if it is gone)."""
    return Message.objects.filter(pk=message_id).values_list("status", flat=True).first()


def chats_with_stale_turn(*, stale_before) -> list[Chat]:
    """Chats whose answer in progress has not been touched (no heartbeat) since `stale_before`."""
    ids = Message.objects.filter(
        role=Message.Role.ASSISTANT, status__in=Message.ACTIVE_STATUSES, updated_at__lt=stale_before
    ).values("chat_id")
    return list(Chat.objects.filter(pk__in=ids))


def recent_history(*, chat: Chat, limit: int | None = 12, exclude_turn: str | None = None) -> list[Message]:
    """The last shown messages with text, oldest first (all when `limit` is None); before `exclude_turn` if given."""
    qs = chat.messages.filter(branch="").exclude(content="")
    if exclude_turn:
        # A re-run older turn sees the conversation as it was when it was first asked, not the turns after it.
        first = chat.messages.filter(turn_key=exclude_turn).order_by("created_at", "id").first()
        qs = qs.exclude(turn_key=exclude_turn)
        if first is not None:
            qs = qs.filter(before(first))
    if limit is None:
        return list(qs.order_by("created_at", "id"))
    return list(reversed(qs.order_by("-created_at", "-id")[:limit]))


def api_token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The user's tokens, revoked ones included (shown as revoked)."""
    return ApiToken.objects.filter(user=user)


def before(message: Message) -> Q:
    """Messages stored before this one (by time, then id)."""
    return Q(created_at__lt=message.created_at) | Q(created_at=message.created_at, id__lt=message.pk)


def after(message: Message) -> Q:
    """Messages stored after this one (by time, then id)."""
    return Q(created_at__gt=message.created_at) | Q(created_at=message.created_at, id__gt=message.pk)


def message_versions(message: Message) -> list[dict]:
    """Every version of a message, oldest first; the selected one as it is now (its live fields)."""
    live = version_fields(message)
    if not message.versions:
        return [{**live, "created_at": message.created_at.isoformat(), "question": 0}]
    versions = [dict(v) for v in message.versions]
    versions[message.version] = {**versions[message.version], **live}
    return versions


def version_fields(message: Message) -> dict:
    """The fields a version of this message holds (an answer's are more than a question's)."""
    names = ASSISTANT_VERSION_FIELDS if message.role == Message.Role.ASSISTANT else USER_VERSION_FIELDS
    return {name: getattr(message, name) for name in names}


def version_choices(message: Message, *, question: int | None = None) -> list[int]:
    """Indexes of the versions one can switch between: a question's every version; an answer's under its question."""
    versions = message_versions(message)
    if message.role == Message.Role.USER:
        return list(range(len(versions)))
    if question is None:
        question = versions[message.version].get("question", 0)
    return [i for i, v in enumerate(versions) if v.get("question", 0) == question]


def version_info(message: Message) -> dict:
    """`{index, count}` of the selected version among those one can switch between (1-based)."""
    choices = version_choices(message)
    index = choices.index(message.version) + 1 if message.version in choices else len(choices)
    return {"index": index, "count": len(choices)}


_TOTALS = {
    "input_tokens": Sum("input_tokens", default=0),
    "cached_tokens": Sum("cached_tokens", default=0),
    "output_tokens": Sum("output_tokens", default=0),
    "reasoning_tokens": Sum("reasoning_tokens", default=0),
    "cost": Sum("cost", default=Decimal(0)),
    "calls": Count("id"),
    "metered_calls": Count("id", filter=Q(metered=True)),
}


def day_start(now: datetime | None = None) -> datetime:
    """Midnight (TIME_ZONE, UTC by default) of today: quotas count from here."""
    local = timezone.localtime(now or timezone.now())
    return local.replace(hour=0, minute=0, second=0, microsecond=0)


def _with_total(row: dict) -> dict:
    row["total_tokens"] = row["input_tokens"] + row["output_tokens"]
    return row


def usage_today(*, user_id: int) -> dict:
    """The user's planner usage since midnight: token sums, total_tokens and cost in dollars."""
    calls = PlannerCall.objects.filter(user_id=user_id, created_at__gte=day_start())
    return _with_total(calls.aggregate(**_TOTALS))


def usage_by_day(*, user: AbstractBaseUser, days: int = 30) -> list[dict]:
    """The user's usage per day, newest first, over the last `days` days."""
    since = day_start() - timedelta(days=days - 1)
    rows = (
        PlannerCall.objects.filter(user=user, created_at__gte=since)
        .annotate(day=TruncDate("created_at"))
        .values("day")
        .annotate(**_TOTALS)
        .order_by("-day")
    )
    return [_with_total(row) for row in rows]


def usage_by_chat(*, user: AbstractBaseUser, limit: int = 50) -> list[dict]:
    """The user's usage per chat (deleted chats together under chat None), costliest first."""
    rows = (
        PlannerCall.objects.filter(user=user)
        .values("chat_id", title=F("chat__title"), kind=F("chat__kind"))
        .annotate(**_TOTALS)
        .order_by("-cost", "-calls")[:limit]
    )
    return [_with_total(row) for row in rows]


def usage_by_user(*, since: datetime | None = None) -> list[dict]:
    """Every user's usage (for the admin), costliest first."""
    calls = PlannerCall.objects.all() if since is None else PlannerCall.objects.filter(created_at__gte=since)
    rows = calls.values("user_id", username=F("user__username")).annotate(**_TOTALS).order_by("-cost", "-calls")
    return [_with_total(row) for row in rows]


@dataclass(frozen=True)
class ChatGroup:
    """A labelled run of chats in the sidebar ("Pinned", "Today", "March 2026"…)."""

    label: str
    chats: list[Chat]


def chat_sidebar_groups(*, user: AbstractBaseUser, now: datetime | None = None) -> list[ChatGroup]:
    """The user's chats for the sidebar: pinned first, then by last activity in date groups."""
    related = [name for kind in kinds.all_kinds() for name in kind.list_related]
    chats = list(
        Chat.objects.filter(owner=user).select_related(*related).order_by("-updated_at", "-id")[:SIDEBAR_LIMIT]
    )
    pinned = sorted((c for c in chats if c.pinned_at), key=lambda c: c.pinned_at, reverse=True)
    groups: dict[str, list[Chat]] = {"Pinned": pinned} if pinned else {}
    today = timezone.localdate(now or timezone.now())
    for chat in chats:
        if not chat.pinned_at:
            groups.setdefault(date_group_label(timezone.localdate(chat.updated_at), today), []).append(chat)
    return [ChatGroup(label, rows) for label, rows in groups.items()]


def date_group_label(day: date, today: date) -> str:
    """Today, Yesterday, Previous 7 days, Previous 30 days, else the month ("March 2026")."""
    age = (today - day).days
    if age <= 0:
        return "Today"
    if age == 1:
        return "Yesterday"
    if age <= 7:
        return "Previous 7 days"
    if age <= 30:
        return "Previous 30 days"
    return day.strftime("%B %Y")


@dataclass(frozen=True)
class SearchHit:
    """A chat title or a message that matches a search; `anchor` is the message's element id on its page."""

    chat_id: int
    chat_title: str
    parts: list[Part]
    at: datetime
    message_id: int | None = None
    role: str = ""
    anchor: str = ""


def search(*, user: AbstractBaseUser, q: object, limit: int = SEARCH_LIMIT) -> list[SearchHit]:
    """The user's chats whose title, and messages whose text, contain every word of `q` (as prefixes)."""
    words = query_words(q)
    if not words:  # punctuation only: nothing to look for
        return []
    return _title_hits(user, words) + _message_hits(user, words, limit)


def _title_hits(user, words: list[str]) -> list[SearchHit]:
    chats = Chat.objects.filter(owner=user).exclude(title="")
    for word in words:
        chats = chats.filter(title__icontains=word)
    hits = []
    for chat in chats.order_by("-updated_at")[:10]:
        parts = snippet_parts(chat.title, words)
        if sum(p.hit for p in parts) >= 1:  # icontains also finds mid-word text; a hit starts a word
            hits.append(SearchHit(chat.pk, chat.display_title, parts, chat.updated_at))
    return hits


def _message_hits(user, words: list[str], limit: int) -> list[SearchHit]:
    if connection.vendor == "postgresql":
        return _postgres_hits(user, words, limit)
    if connection.vendor == "sqlite":
        ids = _fts5_ids(user.pk, _fts5_match(words), limit)
        rows = sorted(Message.objects.filter(id__in=ids).select_related("chat"), key=lambda m: ids.index(m.pk))
        return [_message_hit(m, snippet_parts(m.content, words)) for m in rows]
    rows = Message.objects.filter(chat__owner=user, branch="").exclude(content="").select_related("chat")
    for word in words:  # another database: a plain scan
        rows = rows.filter(content__icontains=word)
    return [_message_hit(m, snippet_parts(m.content, words)) for m in rows.order_by("-created_at", "-id")[:limit]]


def _postgres_hits(user, words: list[str], limit: int) -> list[SearchHit]:
    query = SearchQuery(tsquery_raw(words), search_type="raw", config=SEARCH_CONFIG)
    headline = SearchHeadline(
        "content", query, config=SEARCH_CONFIG, start_sel=_START, stop_sel=_STOP, max_words=28, min_words=12
    )
    stored = RawSQL(f"chatapp_message.{VECTOR_COLUMN}", [], output_field=SearchVectorField())
    # The user's chats as a list, not a join: prefix queries have no statistics, and on a low guess PostgreSQL
    # nested-looped every match against every chat (160 ms). By created_at (no index to walk): the bitmap of
    # matches and a top-N sort, whose cost follows the matches, never a walk over everyone's messages.
    chat_ids = list(Chat.objects.filter(owner=user).values_list("id", flat=True))
    rows = Message.objects.filter(chat_id__in=chat_ids, branch="").exclude(content="").select_related("chat")
    rows = rows.annotate(found=stored).filter(found=query).annotate(headline=headline)
    return [
        _message_hit(m, marked_parts(m.headline, _START, _STOP)) for m in rows.order_by("-created_at", "-id")[:limit]
    ]


# Hidden turns (a branch behind an edited question: chatapp/versions.py) are never hits.
# Driven from the index (CROSS JOIN keeps FTS5 the outer loop), newest id first, so FTS5 walks its list backwards
# and stops at `limit` of the user's hits: an `id IN (…)` filter let SQLite walk every chat of the user × every
# match instead (600 ms for a common word over 10,000 messages), sorting by created_at read every match (see
# bench/search.py). Ids grow with time, so newest id first is newest first.
_FTS5_IDS = (
    f"SELECT m.id FROM {FTS_TABLE} AS f CROSS JOIN chatapp_message AS m ON m.id = f.rowid "
    "JOIN chatapp_chat AS c ON c.id = m.chat_id "
    f"WHERE {FTS_TABLE} MATCH %s AND c.owner_id = %s AND m.content != '' AND m.branch = '' "
    "ORDER BY f.rowid DESC LIMIT %s"
)


def _fts5_ids(owner_id: int, match: str, limit: int) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(_FTS5_IDS, [match, owner_id, limit])
        return [row[0] for row in cursor.fetchall()]


def _message_hit(message: Message, parts: list[Part]) -> SearchHit:
    return SearchHit(
        chat_id=message.chat_id,
        chat_title=message.chat.display_title,
        parts=parts,
        at=message.created_at,
        message_id=message.pk,
        role=message.role,
        anchor=f"msg-{message.turn_key}-{message.role}",
    )
