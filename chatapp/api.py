"""The one NinjaAPI: session (with CSRF) or personal bearer token; errors as {code, message}."""

from __future__ import annotations

import asyncio
from typing import Annotated

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import Http404, HttpResponse
from django.http.multipartparser import MultiPartParserError
from django.utils.http import content_disposition_header
from ninja import NinjaAPI, Path, Query, Router, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.security import HttpBearer, SessionAuth
from ninja.utils import check_csrf
from pydantic import WithJsonSchema

from chatapp import exports, kinds, selectors, services, turns
from chatapp.db import database_sync_to_async
from chatapp.errors import CsrfFailed, InvalidInput, MarqueeError, RateLimited, UpstreamFailed
from chatapp.json_body import BodyUnreadable, JsonObjectParser
from chatapp.schemas import (
    ChatDetailOut,
    ChatIn,
    ChatOut,
    Id,
    MessageIn,
    RerunOut,
    SearchHitOut,
    SearchQuery,
    StopOut,
    TurnOut,
    UsageReportOut,
    VersionIn,
    VersionsOut,
    assistant_message_out,
    chat_detail_out,
    errors,
    search_hit_out,
    user_message_out,
    versions_out,
)
from chatapp.stopping import stop_deleted


class ApiTokenAuth(HttpBearer):
    """Authorization: Bearer mq_… (a personal API token)."""

    def __call__(self, request):
        # Not HttpBearer.__call__: under DEBUG it logs a wrong-scheme header whole (`Token mq_…`), key and all.
        header = request.headers.get("Authorization", "").strip()
        if not header:
            return None  # the session's turn
        scheme, _, token = header.partition(" ")
        user = self.authenticate(request, token.strip()) if scheme.lower() == "bearer" and token.strip() else None
        if user is None:  # a credential that opens nothing is 401, never the session's user instead (as on the socket)
            raise AuthenticationError
        return user

    def authenticate(self, request, token):
        return services.api_token_authenticate(key=token)


CSRF_MESSAGE = "Send the CSRF token (X-CSRFToken header) with session requests."


class SessionUserAuth(SessionAuth):
    """The browser session; unsafe methods also need the CSRF token.

    The whole decision is made here, where the session may be read: ninja runs a sync auth callback in a
    worker thread for async views, while its exception handlers run on the event loop. So no session: None
    (a 401 follows); a session without a valid CSRF token: `CsrfFailed` (403), never ninja's bare HttpError.
    """

    def __call__(self, request):
        user = request.user
        if not user.is_authenticated:
            return None
        if self.csrf and not getattr(request, "_ninja_csrf_exempt", False) and check_csrf(request):
            raise CsrfFailed(CSRF_MESSAGE)
        return user


api = NinjaAPI(title="Marquee API", version="1.0", auth=[ApiTokenAuth(), SessionUserAuth()], parser=JsonObjectParser())


def _error(request, status: int, code: str, message: str):
    return api.create_response(request, {"code": code, "message": message}, status=status)


@api.exception_handler(MarqueeError)
def on_marquee_error(request, exc: MarqueeError):
    response = _error(request, exc.status, exc.code, exc.message)
    if isinstance(exc, RateLimited):
        response["Retry-After"] = str(exc.retry_after)
    if exc.status == 401:  # a revoked token
        _challenge(response)
    if exc.status >= 500:
        # Our own answer to a failure the turn has already logged (its steps on marquee.flow): Django's
        # flag for "logged already" keeps django.request from adding an `ERROR Bad Gateway` line for it.
        response._has_been_logged = True
    return response


@api.exception_handler(ValidationError)
def on_validation_error(request, exc: ValidationError):
    first = exc.errors[0] if exc.errors else {}
    loc = tuple(first.get("loc", ()))
    if first.get("type") == "missing" and len(loc) == 2 and loc[0] == "body":  # the whole body, not one field
        return _error(request, 400, "validation_error", "The request body is missing: send a JSON object.")
    where = ".".join(str(p) for p in loc if p not in ("body", "payload"))
    detail = first.get("msg", "invalid input")
    return _error(request, 400, "validation_error", f"{where}: {detail}" if where else detail)


@api.exception_handler(AuthenticationError)
def on_auth_error(request, exc):
    return _challenge(
        _error(request, 401, "unauthorized", "Log in or send a valid API token (Authorization: Bearer …).")
    )


def _challenge(response):
    """A 401 says how to authenticate (RFC 9110 §11.6.1): a personal token as a bearer token."""
    response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


@api.exception_handler(Http404)
def on_not_found(request, exc):
    return _error(request, 404, "not_found", "Not found.")


@api.exception_handler(MultiPartParserError)
def on_unreadable_form(request, exc):
    if not (request.content_params or {}).get("boundary"):
        return _error(request, 400, "bad_request", "The form could not be read (a multipart body needs its boundary).")
    return _error(request, 400, "bad_request", "The form could not be read: a part of the multipart body is damaged.")


@api.exception_handler(TooManyFieldsSent)
@api.exception_handler(TooManyFilesSent)
def on_too_many_parts(request, exc):
    # Raised by Django's form parser while ninja reads the form: a 500 with its traceback before.
    fields, files = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS, settings.DATA_UPLOAD_MAX_NUMBER_FILES
    message = f"That form has too many fields or files to read (at most {fields} fields and {files} files)."
    return _error(request, 400, "bad_request", message)


@api.exception_handler(RequestDataTooBig)
def on_too_big(request, exc):
    return _error(request, 413, "payload_too_large", "The request body is too large.")


HTTP_ERROR_CODES = {400: "bad_request", 403: "forbidden", 405: "method_not_allowed", 422: "validation_error"}


@api.exception_handler(HttpError)
def on_http_error(request, exc: HttpError):
    # Never reads request.user: in an async view that would be a synchronous database hit on the event loop.
    if isinstance(exc.__cause__, BodyUnreadable):  # ninja wraps parser errors in a 400 HttpError
        return _error(request, 400, "bad_request", str(exc.__cause__))
    if exc.status_code == 400 and "parse" in str(exc).lower():
        return _error(request, 400, "bad_request", "The request body is not valid JSON.")
    return _error(request, exc.status_code, HTTP_ERROR_CODES.get(exc.status_code, "error"), str(exc))


chats = Router(tags=["chats"])


# The body is optional but never `null` (refused as not an object): ninja would publish it as nullable.
_OPTIONAL_CHAT_IN = {
    "requestBody": {
        # OpenAPI 3.1: a $ref beside ninja's anyOf applies too, so `null` is not valid.
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ChatIn"}}},
        "required": False,
    }
}


@chats.post("/chats", response={201: ChatOut, **errors(400, 403, 413)}, openapi_extra=_OPTIONAL_CHAT_IN)
def create_chat(request, body: ChatIn | None = None):
    """Create a movie chat."""
    title = body.title if body else ""
    if isinstance(title, str) and len(title) > services.TITLE_MAX:  # as the schema says: counted as sent
        raise InvalidInput(
            f"A chat title can be at most {services.TITLE_MAX} characters (this one has {len(title)}).",
            code="title_too_long",
        )
    chat = services.chat_create(user=request.auth, title=title)
    return Status(201, chat)


@chats.get("/chats", response={200: list[ChatOut], **errors()})
def list_chats(request):
    """The caller's chats, newest first."""
    return list(selectors.chat_list(user=request.auth))


@chats.get("/chats/{chat_id}", response={200: ChatDetailOut, **errors(400, 404)})
def get_chat(request, chat_id: Path[Id]):
    """One chat with its messages."""
    chat = selectors.chat_get(user=request.auth, chat_id=chat_id)
    services.turn_close_stale(chat=chat)  # an answer whose process died reads as interrupted, not streaming
    return chat_detail_out(chat, selectors.message_list(chat=chat))


@chats.delete("/chats/{chat_id}", response={204: None, **errors(400, 403, 404)})
def delete_chat(request, chat_id: Path[Id]):
    """Delete a chat (and stop its running answer)."""
    services.chat_delete(user=request.auth, chat_id=chat_id)
    stop_deleted(chat_id)
    return Status(204, None)


# Published as an enum, checked by the service (not by pydantic): a wrong value is refused in plain words.
ExportFormat = Annotated[str, WithJsonSchema({"type": "string", "enum": list(exports.EXPORT_FORMATS), "default": "md"})]
_EXPORT_CONTENT = {
    "responses": {
        200: {
            "description": "The chat as an attachment: Markdown, or JSON (format marquee.chat, version 1)",
            "content": {
                "text/markdown": {"schema": {"type": "string"}},
                "application/json": {"schema": {"type": "object"}},
            },
        }
    }
}


@chats.get(
    "/chats/{chat_id}/export",
    response={200: None, **errors(400, 404)},
    openapi_extra=_EXPORT_CONTENT,
    url_name="chat-export",
)
def export_chat(
    request,
    chat_id: Path[Id],
    fmt: Annotated[ExportFormat, Query("md", alias="format", description="md (Markdown) or json")] = "md",
):
    """Download the chat as Markdown (`format=md`) or JSON (`format=json`), images as owner-checked links."""
    export = exports.chat_export(user=request.auth, chat_id=chat_id, fmt=fmt, base_url=request.build_absolute_uri("/"))
    response = HttpResponse(export.body, content_type=export.content_type)
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=export.filename)
    return response


@chats.post("/chats/{chat_id}/messages", response={200: TurnOut, **errors(400, 403, 404, 409, 413, 429, 502)})
async def post_message(request, chat_id: Path[Id], body: MessageIn):
    """Send a message and get the finished turn back."""
    user = request.auth
    turn, task = await turns.begin(user=user, chat_id=chat_id, text=body.text)
    # Shielded: if the client goes away the turn still finishes and persists.
    await asyncio.shield(task)
    return await database_sync_to_async(_turn_out)(user, chat_id, turn.turn_key)


@chats.post("/chats/{chat_id}/stop", response={200: StopOut, **errors(400, 403, 404, 409)})
async def stop_turn(request, chat_id: Path[Id]):
    """Stop the chat's running answer, whichever process runs it (409 no_turn if none is running)."""
    chat = await database_sync_to_async(selectors.chat_get)(user=request.auth, chat_id=chat_id)
    await turns.stop_any(user=request.auth, chat=chat, wait=True)
    return await database_sync_to_async(_stopped_out)(chat)


def _stopped_out(chat) -> dict:
    message = selectors.message_latest_assistant(chat=chat)
    return {"stopped": True, "assistant_message": assistant_message_out(message)}


@chats.get("/search", response={200: list[SearchHitOut], **errors(400)})
def search(request, q: Query[SearchQuery]):
    """Your chats whose title, and messages whose text, contain every word (newest first, highlighted)."""
    return [search_hit_out(hit) for hit in selectors.search(user=request.auth, q=q)]


def _turn_out(user, chat_id: int, turn_key: str) -> dict:
    chat = selectors.chat_get(user=user, chat_id=chat_id)
    user_message, assistant = selectors.turn_messages(chat=chat, turn_key=turn_key)
    if assistant.status == assistant.Status.FAILED:
        # The planner or a service upstream failed; the user's message and the failed turn stay stored.
        raise UpstreamFailed(assistant.error, code=(assistant.payload or {}).get("error_code", "upstream_failed"))
    return {"user_message": user_message_out(user_message), "assistant_message": assistant_message_out(assistant)}


_RERUN_ERRORS = errors(400, 403, 404, 409, 413, 429, 502)


@chats.post("/chats/{chat_id}/messages/{message_id}/regenerate", response={200: RerunOut, **_RERUN_ERRORS})
async def regenerate_message(request, chat_id: Path[Id], message_id: Path[Id]):
    """Answer a turn again (either of its messages' id): a new version of its answer; the finished turn."""
    turn, task = await turns.regenerate(user=request.auth, chat_id=chat_id, message_id=message_id)
    await asyncio.shield(task)
    return await database_sync_to_async(_turn_out)(request.auth, chat_id, turn.turn_key)


@chats.post("/chats/{chat_id}/messages/{message_id}/edit", response={200: RerunOut, **_RERUN_ERRORS})
async def edit_message(request, chat_id: Path[Id], message_id: Path[Id], body: MessageIn):
    """Edit a question (a new version of it) and answer it again; the turns after it become the old version's."""
    turn, task = await turns.regenerate(user=request.auth, chat_id=chat_id, message_id=message_id, new_text=body.text)
    await asyncio.shield(task)
    return await database_sync_to_async(_turn_out)(request.auth, chat_id, turn.turn_key)


@chats.get("/chats/{chat_id}/messages/{message_id}/versions", response={200: VersionsOut, **errors(400, 404)})
def list_versions(request, chat_id: Path[Id], message_id: Path[Id]):
    """A message's versions one can switch between, oldest first."""
    chat = selectors.chat_get(user=request.auth, chat_id=chat_id)
    return versions_out(selectors.message_shown_get(chat=chat, message_id=message_id))


@chats.post(
    "/chats/{chat_id}/messages/{message_id}/version", response={200: ChatDetailOut, **errors(400, 403, 404, 409, 413)}
)
async def select_version(request, chat_id: Path[Id], message_id: Path[Id], body: VersionIn):
    """Show another version of a message (stored); the chat as it is now shown."""
    await turns.select_version(user=request.auth, chat_id=chat_id, message_id=message_id, index=body.index)
    return await database_sync_to_async(_chat_detail)(request.auth, chat_id)


def _chat_detail(user, chat_id: int) -> dict:
    chat = selectors.chat_get(user=user, chat_id=chat_id)
    return chat_detail_out(chat, selectors.message_list(chat=chat))


@chats.get("/usage", response={200: UsageReportOut, **errors()})
def usage(request):
    """The caller's planner usage: today against the daily quotas, per day and per chat (as the account page)."""
    user = request.auth
    return {
        "today": selectors.usage_today(user_id=user.pk),
        "token_quota": settings.USER_DAILY_TOKEN_QUOTA or None,
        "cost_quota": settings.USER_DAILY_COST_QUOTA or None,
        "days": selectors.usage_by_day(user=user),
        "chats": [{**row, "chat": row["chat_id"]} for row in selectors.usage_by_chat(user=user)],
    }


api.add_router("/", chats)
# Each chat kind mounts its own endpoints (named by dotted path: the core imports no feature).
for _kind in kinds.all_kinds():
    if _kind.api_router:
        api.add_router(_kind.api_prefix, _kind.load(_kind.api_router))
