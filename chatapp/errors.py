"""Domain errors with a code, a status and a message a person understands."""


class MarqueeError(Exception):
    """Base of every error shown to a user or an API client as {code, message}."""

    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status:
            self.status = status

    def as_dict(self) -> dict:
        return {"code": self.code, "message": self.message}


class InvalidInput(MarqueeError):
    status = 400
    code = "invalid_input"


class NotFound(MarqueeError):
    status = 404
    code = "not_found"


class Unauthorized(MarqueeError):
    status = 401
    code = "unauthorized"


class CsrfFailed(MarqueeError):
    status = 403
    code = "csrf_failed"


class TurnInProgress(MarqueeError):
    status = 409
    code = "turn_in_progress"


class PayloadTooLarge(MarqueeError):
    status = 413
    code = "payload_too_large"


class RateLimited(MarqueeError):
    status = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int = 5, **kwargs):
        super().__init__(message, **kwargs)
        # Seconds the client should wait (the Retry-After header); a busy refusal passes quickly.
        self.retry_after = retry_after


class QuotaExceeded(RateLimited):
    """The user's daily token or cost quota is used up; answered like the rate limit (429, Retry-After)."""

    code = "quota_exceeded"


class UpstreamFailed(MarqueeError):
    status = 502
    code = "upstream_failed"


# Every `code` the core (chat API, planner, turns) can answer with; each chat kind adds its own
# (ChatKind.error_codes). The API schema's ErrorOut.code is the enum of both; tests/chatapp/test_error_codes.py
# finds every code raised in the product's source and fails on one missing here or in its kind.
CORE_ERROR_CODES = (
    # requests the API refuses
    "bad_request",
    "validation_error",
    "invalid_input",
    "empty_query",
    "query_too_long",
    "invalid_kind",
    "invalid_text",
    "invalid_message",
    "invalid_title",
    "invalid_format",
    "empty_message",
    "empty_title",
    "title_too_long",
    "name_too_long",
    "message_too_long",
    "invalid_turn_key",
    "cannot_regenerate",
    "cannot_rerun",
    "nothing_to_edit",
    "nothing_to_regenerate",
    "nothing_to_retry",
    "no_turn",
    "invalid_version",
    "unauthorized",
    "csrf_failed",
    "forbidden",
    "not_found",
    "chat_not_found",
    "message_not_found",
    "token_not_found",
    "method_not_allowed",
    "turn_in_progress",
    "payload_too_large",
    "unsupported_charset",  # chatapp.body_charset: a body in a charset it cannot be read in (415)
    "unsupported_encoding",  # chatapp.body_charset: a compressed body (Content-Encoding: gzip, 415)
    "uri_too_long",  # chatapp.http_limits, answered before the app
    "headers_too_large",
    "rate_limited",
    "quota_exceeded",
    "error",
    # a failed turn (502): the planner's, an upstream's, or the turn's own
    "upstream_failed",
    "upstream_unavailable",
    "insufficient_quota",
    "auth_failed",
    "bad_response",
    "planning_failed",
    "previous_response_not_found",
    "rules_bad_tool",
    "rules_missing_handler",
    "interrupted",
    "internal_error",
)
