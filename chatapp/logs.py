"""The LOGGING dict: plain text lines (the default) or, with LOG_FORMAT=json, one JSON object per line.

JSON lines come from python-json-logger. Every logger ends at one console handler (the root's, or the
`marquee` tree's own): Django's default handlers are replaced, so its lines are JSON too. `marquee.flow`
records carry their step as a dict in `data` (chatapp.planner.steplog); under JSON that dict is the line's
`data` field instead of a JSON string inside a message, so the flow log is JSON Lines a tool can read as is.
"""

from __future__ import annotations

import logging

LOG_FORMATS = ("text", "json")
_JSON_FORMATTER = "pythonjsonlogger.json.JsonFormatter"
_TEXT = "%(asctime)s %(levelname)s %(name)s %(message)s"


# Requests Django refuses as the client's doing (a Host not in ALLOWED_HOSTS, a form past its limits):
# logged at ERROR with a traceback, so a scan printed one per request.
_CLIENT_REFUSALS = ("DisallowedHost", "RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")


class ClientRefusal(logging.Filter):
    """A request refused for the client's mistake: one WARNING line, as django.request logs a 4xx."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info, record.exc_text = None, None
        return True


def logging_config(*, log_format: str, level: str) -> dict:
    """The dictConfig for `log_format` ("text" or "json"), with `level` for the `marquee.*` loggers."""
    if log_format == "json":
        formatters = {
            "line": {"()": _JSON_FORMATTER, "format": _TEXT},
            # No %(message)s: the step is the record's `data` dict, not its JSON text again.
            "flow": {"()": _JSON_FORMATTER, "format": "%(asctime)s %(levelname)s %(name)s"},
        }
    else:
        formatters = {"line": {"format": _TEXT}, "flow": {"format": _TEXT}}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": formatters,
        "filters": {"client_refusal": {"()": "chatapp.logs.ClientRefusal"}},
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "line"},
            "flow": {"class": "logging.StreamHandler", "formatter": "flow"},
        },
        "root": {"handlers": ["console"], "level": "WARNING"},
        "loggers": {
            # propagate=False: daphne configures the root logger too, which printed every line twice.
            "marquee": {"handlers": ["console"], "level": level, "propagate": False},
            "marquee.flow": {"handlers": ["flow"], "level": level, "propagate": False},
            # Django's own handlers (console under DEBUG, mail_admins) give way to the root's one.
            "django": {"handlers": [], "level": "INFO", "propagate": True},
            "django.server": {"handlers": [], "level": "INFO", "propagate": True},
            "daphne": {"handlers": [], "level": "INFO", "propagate": True},
            **{f"django.security.{name}": {"filters": ["client_refusal"]} for name in _CLIENT_REFUSALS},
            # libvips reports every decode and thread pool at INFO ("VIPS: …"): only its warnings matter.
            "pyvips": {"level": "WARNING"},
        },
    }
