"""URL converters: an id in a page's address is one the database can hold, else the address matches nothing (404).

Django's `int` takes any run of digits: a chat id of 30 digits reached a foreign-key filter, where SQLite raised
OverflowError and PostgreSQL "out of range" (a 500). Every page route's ids and indexes use `<id:…>` instead.
"""

from django.urls import register_converter

DB_INT_MAX = 2**63 - 1  # a bigint, as chatapp.schemas bounds the API's ids


class IdConverter:
    """ASCII digits that fit a bigint (0 included: variation and pick indexes)."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > DB_INT_MAX:
            raise ValueError(f"{value} is past the database's integers")  # no match: 404
        return number

    def to_url(self, value: object) -> str:
        return str(int(value))  # type: ignore[call-overload]


register_converter(IdConverter, "id")
