"""API input/output schemas and the functions that build them from models.

The schema is the contract: inputs forbid properties they do not name (the server refuses them too), ids and
indexes are bounded to what the database stores, text fields carry the shared text validator's rules as a
pattern, and every route lists only the error statuses it can answer, each `{code, message}` with `code` one
of `error_codes()`.
"""

from datetime import date, datetime
from functools import cache
from typing import Annotated, Any, Literal

from ninja import Schema
from pydantic import BeforeValidator, ConfigDict, Field, create_model

from chatapp import kinds
from chatapp.errors import CORE_ERROR_CODES
from chatapp.models import Chat, Message
from chatapp.search_text import QUERY_MAX_CHARS
from chatapp.selectors import message_versions, version_choices, version_info
from chatapp.text import INVISIBLE_CLASS

DB_INT_MAX = 2**63 - 1  # a bigint: larger ids cannot exist (and would overflow the database's integer)
Id = Annotated[int, Field(ge=1, le=DB_INT_MAX)]
Index = Annotated[int, Field(ge=0, le=DB_INT_MAX)]


def _json_integer(value: object) -> object:
    """A JSON integer: `3` or `3.0` (JSON Schema counts both), never `false`, `"3"` or `3.5`."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("must be an integer")
    return value


# In a JSON body: what JSON Schema calls an integer, as the published schema says; `false` is not 0.
JsonInt = Annotated[int, BeforeValidator(_json_integer)]
StrictIndex = Annotated[JsonInt, Field(ge=0, le=DB_INT_MAX)]

# The shared text validator (chatapp/text.py) as JSON Schema patterns: no control characters but tab and line
# ends (a CR becomes LF), and, where a blank value is refused, at least one character Python does not strip
# that is not invisible either (text.INVISIBLE_CLASS: the characters themselves).
_CHAR = r"[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]"
_VISIBLE = r"[^\x00-\x20\x7f-\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000" + INVISIBLE_CLASS + "]"
TEXT_PATTERN = f"^{_CHAR}*$"
NONBLANK_TEXT_PATTERN = f"^{_CHAR}*{_VISIBLE}{_CHAR}*$"


class InSchema(Schema):
    """A request body: a property the schema does not name is refused (400 `validation_error`)."""

    model_config = ConfigDict(extra="forbid")


def error_codes() -> tuple[str, ...]:
    """Every `code` an API error can carry: the core's and each registered kind's."""
    codes = dict.fromkeys(CORE_ERROR_CODES)
    for kind in kinds.all_kinds():
        codes.update(dict.fromkeys(kind.error_codes))
    return tuple(codes)


@cache
def error_out() -> type[Schema]:
    """`{code, message}` with `code` an enum (built once the kinds are registered)."""
    return create_model(
        "ErrorOut",
        __base__=Schema,
        code=(Literal[error_codes()], ...),  # type: ignore[valid-type]
        message=(str, ...),
    )


def errors(*statuses: int) -> dict[int, type[Schema]]:
    """The error answers of one route: 401 (every route needs a login) and the given statuses.

    A write (one that can be refused 403 `csrf_failed`) can also be refused 415 (`unsupported_charset`,
    `unsupported_encoding`): a body in a charset or coding it cannot be read in (chatapp.body_charset), on any route.
    """
    listed = {401, *statuses} | ({415} if 403 in statuses else set())
    return {status: error_out() for status in sorted(listed)}


def image_content(*types: str, description: str) -> dict[str, Any]:
    """`openapi_extra` for a route answering 200 with image bytes of one of `types`."""
    binary = {"schema": {"type": "string", "format": "binary"}}
    return {"responses": {200: {"description": description, "content": {t: binary for t in types}}}}


class ChatIn(InSchema):
    title: str = Field(
        "",
        description="At most 60 characters; blank: the chat is named after its first message.",
        json_schema_extra={"pattern": TEXT_PATTERN, "maxLength": 60},
    )


class ChatOut(Schema):
    id: int
    title: str
    created_at: datetime


SearchQuery = Annotated[
    str,
    Field(
        description="Words to find in your chat titles and messages (each as a prefix, all required).",
        json_schema_extra={"pattern": NONBLANK_TEXT_PATTERN, "minLength": 1, "maxLength": QUERY_MAX_CHARS},
    ),
]


class SearchPartOut(Schema):
    text: str
    hit: bool = Field(description="A matching word (the page highlights it).")


class SearchHitOut(Schema):
    chat_id: int
    chat_title: str
    message_id: int | None = Field(description="null: the chat's title matched.")
    role: Literal["user", "assistant"] | None
    created_at: datetime
    url: str = Field(description="The chat page, at the message (#msg-…).")
    snippet: list[SearchPartOut]


def search_hit_out(hit) -> dict:
    """One search hit for the API."""
    return {
        "chat_id": hit.chat_id,
        "chat_title": hit.chat_title,
        "message_id": hit.message_id,
        "role": hit.role or None,
        "created_at": hit.at,
        "url": f"/chats/{hit.chat_id}/" + (f"#{hit.anchor}" if hit.anchor else ""),
        "snippet": [{"text": p.text, "hit": p.hit} for p in hit.parts],
    }


class MessageIn(InSchema):
    text: str = Field(
        description="Not blank; at most MESSAGE_MAX_CHARS characters (413 `message_too_long` beyond).",
        json_schema_extra={"pattern": NONBLANK_TEXT_PATTERN},
    )


class VersionIn(InSchema):
    index: Annotated[JsonInt, Field(ge=1, le=DB_INT_MAX)] = Field(
        description="1-based, among the versions one can switch between (`version.count`)."
    )


class VersionOut(Schema):
    index: int = Field(description="The shown version, 1-based.")
    count: int = Field(description="How many versions one can switch between (an answer's: under its question).")


class PickOut(Schema):
    source: str
    id: str
    title: str
    year: int | None = None
    reason: str = ""
    genres: list[str] = []
    runtime: int | None = None
    overview: str = ""
    poster_url: str | None = None


class DroppedOut(Schema):
    title: str
    year: int | None = None
    reason: str


class QualityOut(Schema):
    """A measured answer to a quality question (image chats): the IQA plan, the figures, the verdicts."""

    plan: dict
    figures: dict[str, float | None]  # null: PSNR of identical images (infinite)
    verdicts: dict[str, Literal["yes", "no", "unsure"]]  # blur, noise, overexposure, … (those concerned)


class UsageOut(Schema):
    input_tokens: int = Field(description="Input tokens of the turn's planner calls (cached ones included).")
    cached_tokens: int = Field(description="Input tokens served from the prompt cache.")
    output_tokens: int = Field(description="Output tokens (reasoning ones included).")
    reasoning_tokens: int = Field(description="Output tokens spent on reasoning.")
    cost: float | None = Field(description="US dollars at MODEL_PRICES; null when a model has no price.")


class UsageTotalsOut(Schema):
    input_tokens: int
    cached_tokens: int
    output_tokens: int
    reasoning_tokens: int
    total_tokens: int = Field(description="Input + output tokens: what USER_DAILY_TOKEN_QUOTA counts.")
    cost: float = Field(description="US dollars at MODEL_PRICES (unpriced models count 0).")
    calls: int = Field(description="Planner calls, offline ones included.")


class UsageDayOut(UsageTotalsOut):
    day: date


class UsageChatOut(UsageTotalsOut):
    # Not `chat_id`: a nullable field of that name would read (to link-inferring clients) as the chat routes' id.
    chat: int | None = Field(description="The chat's id; null: chats deleted since (their usage still counts).")
    title: str | None


class UsageReportOut(Schema):
    today: UsageTotalsOut
    token_quota: int | None = Field(description="USER_DAILY_TOKEN_QUOTA; null when there is none.")
    cost_quota: float | None = Field(description="USER_DAILY_COST_QUOTA in dollars; null when there is none.")
    days: list[UsageDayOut] = Field(description="The last 30 days with usage, newest first.")
    chats: list[UsageChatOut] = Field(description="Per chat, costliest first (at most 50).")


class AssistantMessageOut(Schema):
    id: int
    turn_key: str
    status: str
    mode: str | None = None
    content: str
    picks: list[PickOut]
    dropped: list[DroppedOut]
    planner_source: str
    flow: str
    timings: dict[str, float]
    error: str = ""
    proposal: dict | None = None
    version: VersionOut
    quality: QualityOut | None = None
    usage: UsageOut | None = Field(None, description="Tokens and cost of the turn; null offline (no cost).")


class UserMessageOut(Schema):
    id: int
    text: str
    version: VersionOut


class StopOut(Schema):
    stopped: bool
    assistant_message: AssistantMessageOut


class TurnOut(Schema):
    user_message: UserMessageOut
    assistant_message: AssistantMessageOut


class RerunOut(Schema):
    user_message: UserMessageOut | None = Field(description="null for a new chat's greeting (it has no question).")
    assistant_message: AssistantMessageOut


class MessageVersionOut(Schema):
    index: int
    content: str
    status: str = ""
    created_at: datetime
    payload: dict


class VersionsOut(Schema):
    message_id: int
    role: str
    version: VersionOut
    versions: list[MessageVersionOut]


class MessageOut(Schema):
    id: int
    role: str
    turn_key: str
    status: str
    content: str
    created_at: datetime
    payload: dict
    proposal: dict | None = None
    version: VersionOut
    usage: UsageOut | None = Field(None, description="An answer's tokens and cost; null offline and for user messages.")


class ChatDetailOut(ChatOut):
    updated_at: datetime
    kind: str
    messages: list[MessageOut]


def assistant_message_out(message: Message) -> dict:
    """The API shape of an assistant message (same for HTTP and the JSON websocket)."""
    payload = message.payload or {}
    return {
        "id": message.pk,
        "turn_key": message.turn_key,
        "status": message.status,
        "mode": payload.get("mode"),
        "content": message.content,
        "picks": [PickOut(**p).model_dump() for p in payload.get("picks", [])],
        "dropped": [DroppedOut(**d).model_dump() for d in payload.get("dropped", [])],
        "planner_source": message.planner_source,
        "flow": message.flow,
        "timings": message.timings or {},
        "error": message.error,
        # A proposed list change (diff card) waiting for POST …/messages/{id}/proposal, or its outcome.
        "proposal": payload.get("proposal"),
        "quality": _quality_out(payload.get("quality")),
        "usage": usage_out(message),
        "version": version_info(message),
    }


def user_message_out(message: Message | None) -> dict | None:
    """The API shape of a user message in a turn."""
    if message is None:
        return None
    return {"id": message.pk, "text": message.content, "version": version_info(message)}


def versions_out(message: Message) -> dict:
    """The versions one can switch between (a question's all; an answer's under its question), 1-based."""
    versions = message_versions(message)
    return {
        "message_id": message.pk,
        "role": message.role,
        "version": version_info(message),
        "versions": [
            {
                "index": n,
                "content": versions[i].get("content", ""),
                "status": versions[i].get("status", ""),
                "created_at": versions[i].get("created_at") or message.created_at,
                "payload": versions[i].get("payload") or {},
            }
            for n, i in enumerate(version_choices(message), start=1)
        ],
    }


def _quality_out(quality: dict | None) -> dict | None:
    if not quality:
        return None
    return {k: quality.get(k) or {} for k in ("plan", "figures", "verdicts")}


_USAGE_FIELDS = ("input_tokens", "cached_tokens", "output_tokens", "reasoning_tokens", "cost")


def usage_out(message: Message) -> dict | None:
    """The turn's usage stored with the answer; None offline (nothing counted, no cost) or before it ended."""
    usage = (message.payload or {}).get("usage")
    if not isinstance(usage, dict) or usage.get("offline", True):
        return None
    return {name: usage.get(name) for name in _USAGE_FIELDS}


def chat_detail_out(chat: Chat, messages) -> dict:
    """A chat with its messages."""
    return {
        "id": chat.pk,
        "title": chat.title,
        "created_at": chat.created_at,
        "updated_at": chat.updated_at,
        "kind": chat.kind,
        "messages": [message_out(m) for m in messages],
    }


def message_out(m: Message) -> dict:
    """The API shape of any message (MessageOut): a chat's history, and a JSON socket's resync."""
    return {
        "id": m.pk,
        "role": m.role,
        "turn_key": m.turn_key,
        "status": m.status,
        "content": m.content,
        "created_at": m.created_at,
        "payload": m.payload,
        "proposal": (m.payload or {}).get("proposal"),
        "version": version_info(m),
        "usage": usage_out(m),
    }
