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


class UpstreamFailed(MarqueeError):
    status = 502
    code = "upstream_failed"
