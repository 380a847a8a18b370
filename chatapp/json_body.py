"""An API request's JSON body: sent as JSON, in a charset it can be read in, an object, and JSON as RFC 8259 has it.

Every refusal is a `BodyUnreadable` carrying its own words (400 `bad_request`): ninja wraps a parser's error
in its bare "Cannot parse request body", and chatapp.api answers with these words instead. The JSON itself is
read by chatapp.strict_json (no `NaN`, no property named twice, its limits said as such).
"""

from __future__ import annotations

import codecs

from ninja.parser import Parser

from chatapp import strict_json
from chatapp.errors import InvalidInput


class BodyUnreadable(ValueError):
    """A body this API does not read, with the words to say why."""


class BodyNotAnObject(BodyUnreadable):
    """A JSON body that parsed but is not an object (`[1, 2]`, `"x"`, `null`)."""

    def __init__(self):
        super().__init__("The request body must be a JSON object.")


class BodyNotJson(BodyUnreadable):
    """A body sent with another Content-Type than JSON (`text/plain`, a form): it is not read as JSON."""

    def __init__(self, content_type: str):
        sent = content_type[:80]
        said = f"was sent as {sent}" if sent else "had no Content-Type"
        super().__init__(f"Send the request body as JSON with Content-Type: application/json (this one {said}).")
        self.content_type = content_type


class BodyNotInCharset(BodyUnreadable):
    """A body that does not decode in the charset its Content-Type declares (`; charset=us-ascii`)."""

    def __init__(self, charset: str):
        super().__init__(f"The request body is not valid {charset[:40]} text (the charset it declares).")


def _loads(body: bytes | str):
    try:
        return strict_json.loads(body, what="The request body")
    except strict_json.JsonRefused as exc:
        raise BodyUnreadable(str(exc)) from None


def json_body(request):
    """The body as JSON, decoded from its declared charset (`latin-1`, `windows-1252`…) unless that is a UTF."""
    # JSON's own UTF-8/16/32 stay bytes: json.loads tells them apart (BOM or not), as without a charset. A charset
    # that cannot carry JSON (utf-7, base64…) never gets here: chatapp.body_charset refuses it with 415.
    charset = (request.content_params or {}).get("charset", "").strip()
    try:
        codec = codecs.lookup(charset or "utf-8").name
        body = request.body if codec.startswith("utf-") else request.body.decode(codec)
        return _loads(body)
    except LookupError:  # an unknown charset: read as UTF-8, as before
        return _loads(request.body)
    except UnicodeError:  # not text in the declared charset (UTF ones fail inside json.loads)
        if not charset:
            raise
        raise BodyNotInCharset(charset) from None


def is_json_type(content_type: str) -> bool:
    return content_type == "application/json" or (
        content_type.startswith("application/") and content_type.endswith("+json")
    )


class JsonObjectParser(Parser):
    """JSON bodies must be objects: ninja would otherwise read a list or a string as an empty (or odd) schema.

    And sent as JSON: a body labelled `text/plain` or as a form was read as JSON all the same (ninja never looks).
    """

    def parse_body(self, request):
        content_type = (request.content_type or "").strip().lower()
        if not is_json_type(content_type):
            raise BodyNotJson(content_type)
        data = json_body(request)
        if not isinstance(data, dict):
            raise BodyNotAnObject
        return data


FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")


def form_required(request, *, fields: str) -> None:
    """A form route's body must be a form: JSON sent to it was read as no fields at all, and refused for one."""
    content_type = (request.content_type or "").strip().lower()
    if content_type in FORM_TYPES or not request.body:
        return
    said = f"was sent as {content_type[:80]}" if content_type else "had no Content-Type"
    raise InvalidInput(f"Send this as multipart/form-data ({fields}); this one {said}.", code="bad_request")
