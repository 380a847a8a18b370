"""A request body's declared charset and content coding, decided in one place before anything reads it: 415.

The JSON parser decodes a body in the charset its Content-Type declares (`latin-1`, `windows-1252`…) and reads
JSON's own UTF-8/16/32 as json.loads does; Django reads a form in UTF-8 (urlencoded) or its declared charset
(multipart). A charset Python knows that writes ASCII otherwise (`utf-7`, EBCDIC `cp500`, `unicode_escape`) or
is no text encoding at all (`base64`, `rot13`) was misread: UTF-7 JSON as UTF-8, a form as a 500 (Django's
LookupError or its "must be UTF-8" BadRequest, whose DEBUG page read the form again). Such a body is refused
415 `unsupported_charset` naming the charset; a name Python does not know is read as UTF-8, as before.
A compressed body (`Content-Encoding: gzip`) was read as its raw bytes: it is 415 `unsupported_encoding`.
"""

from __future__ import annotations

import codecs
from functools import lru_cache

from asgiref.sync import iscoroutinefunction, sync_to_async
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http.multipartparser import MultiPartParserError
from django.utils.decorators import sync_and_async_middleware

from chatapp.json_body import is_json_type
from chatapp.refusals import refusal
from chatapp.views import bad_request

WRITES = ("POST", "PUT", "PATCH", "DELETE")
URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
# json.loads tells these apart by their first bytes (BOM or not): read as bytes, whatever the label says.
JSON_UTFS = {"utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"}
# Printable ASCII, tab and line ends, and a `\u` escape (which `raw_unicode_escape` would read as a character).
_ASCII_SAMPLE = bytes(range(0x20, 0x7F)) + b"\t\r\n\\u0041"


@lru_cache(maxsize=256)
def _writes_ascii_as_ascii(name: str) -> bool:
    """Whether a codec reads and writes ASCII text as the same bytes (latin-1, windows-1252, Shift_JIS…)."""
    text = _ASCII_SAMPLE.decode("ascii")
    try:
        return codecs.encode(text, name) == _ASCII_SAMPLE and codecs.decode(_ASCII_SAMPLE, name) == text
    except (LookupError, TypeError, ValueError):  # no text encoding (base64, rot13), or ASCII it cannot hold
        return False


def _codec(charset: str) -> str | None:
    try:
        return codecs.lookup(charset).name
    except LookupError:
        return None


def refusal_for(request) -> tuple[str, str] | None:
    """(code, words) when this request's body cannot be read as sent, else None (read it as usual)."""
    if request.method not in WRITES:
        return None
    coding = request.headers.get("Content-Encoding", "").strip()
    if coding and coding.lower() != "identity":  # gzip JSON was read as raw bytes: "not valid JSON"
        message = (
            f"This server does not read compressed request bodies (Content-Encoding: {coding[:40]}); send it as is."
        )
        return "unsupported_encoding", message
    message = _charset_words(request)
    return ("unsupported_charset", message) if message is not None else None


def _charset_words(request) -> str | None:
    """Why this request's body cannot be read in the charset it declares, else None."""
    content_type = (request.content_type or "").strip().lower()
    charset = (request.content_params or {}).get("charset", "").strip()
    is_json = is_json_type(content_type)
    if not charset or not (is_json or content_type in (URLENCODED, MULTIPART)):
        return None
    codec = _codec(charset)
    if codec is None:  # a name Python does not know: read as UTF-8, as before
        return None
    if content_type == URLENCODED:
        if codec == "utf-8":
            request.encoding = "utf-8"  # `UTF8`, `utf_8`: Django reads only the exact name `utf-8`
            return None
        return f"A form must be sent as UTF-8 (this one declares charset={charset[:40]}); send it as UTF-8."
    if (is_json and codec in JSON_UTFS) or _writes_ascii_as_ascii(codec):
        return None
    what = "JSON" if is_json else "a form"
    return f"This server cannot read {what} sent as charset={charset[:40]}; send it as UTF-8."


def _refused(request, found: tuple[str, str]):
    code, message = found
    return refusal(request, 415, code, message)


def _page_form_refusal(request):
    """A page's form Django cannot read (past its size, field or file limits; a damaged multipart), in words.

    Read here, before the CSRF check reads it: under DEBUG (`make run`) Django answered these with its technical
    error page, HTML even for htmx, instead of the handler400 words (chatapp.views.bad_request). The API reads
    its forms itself, after authentication, and answers them in its own words.
    """
    if request.method not in WRITES or request.path.startswith("/api/"):
        return None
    if (request.content_type or "").strip().lower() not in (URLENCODED, MULTIPART):
        return None
    try:
        request.POST  # noqa: B018 - parsed (and cached) for the CSRF check and the view
    except (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent, MultiPartParserError) as exc:
        return bad_request(request, exc)
    return None


@sync_and_async_middleware
def BodyCharsetMiddleware(get_response):  # noqa: N802 - Django middleware naming
    """Refuses a body in a charset or coding it cannot be read in, before the CSRF check or a view reads it."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            found = refusal_for(request)
            if found is not None:  # the page reads the session (the database): off the loop
                return await sync_to_async(_refused)(request, found)
            unreadable = await sync_to_async(_page_form_refusal)(request)  # parses the form: off the loop
            return unreadable if unreadable is not None else await get_response(request)

    else:

        def middleware(request):
            found = refusal_for(request)
            if found is not None:
                return _refused(request, found)
            return _page_form_refusal(request) or get_response(request)

    return middleware
