"""Letterboxd export files → entries to import (no Django): watched.csv, watchlist.csv, ratings.csv, or the .zip.

Letterboxd's CSVs have the columns Date, Name, Year, Letterboxd URI (and Rating in ratings.csv: half stars
0.5–5). They are read as UTF-8 (with or without a BOM) or UTF-16 with its BOM (a spreadsheet's "Unicode text",
tab-separated). A file is refused whole, with a reason a person understands, when it is not such text, lacks a
needed column, is too big (also once unzipped) or has too many rows; a single bad row is kept and listed as
not imported, with why.
"""

from __future__ import annotations

import codecs
import csv
import io
import lzma
import math
import re
import zipfile
import zlib
from dataclasses import dataclass

# The list each file feeds, by the end of its name ("marquee-seen.csv", our own export, reads as watched).
FILE_KINDS = (
    ("watchlist.csv", "watchlist"),
    ("watched.csv", "watched"),
    ("seen.csv", "watched"),
    ("ratings.csv", "ratings"),
)
NEEDED = {"watched": ("Name", "Year"), "watchlist": ("Name", "Year"), "ratings": ("Name", "Year", "Rating")}
LETTERBOXD_COLUMNS = "Date, Name, Year, Letterboxd URI"
ZIP_MAGIC = b"PK\x03\x04"
# Spreadsheet formula characters our CSV export prefixes with an apostrophe (read back without it).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # OWASP: spreadsheets skip a leading tab or CR
_YEAR = re.compile(r"[0-9]{4}")


class ImportRejected(ValueError):
    """A file that cannot be imported at all; `code` names why, `status` the HTTP answer."""

    def __init__(self, message: str, *, code: str, status: int = 400):
        super().__init__(message)
        self.message, self.code, self.status = message, code, status


@dataclass(frozen=True)
class Entry:
    """One row of a Letterboxd file: a film for one list; `problem` says why it cannot be imported."""

    kind: str  # watched | watchlist | ratings
    name: str
    year: int | None
    stars: float | None  # Letterboxd's rating: half stars, 0.5–5
    file: str
    line: int
    problem: str = ""


def stars_to_rating(stars: float) -> int:
    """Letterboxd's half stars → the app's whole 1–5 stars: halves round up (3.5 → 4), and ½ → 1."""
    return max(1, min(5, math.floor(stars + 0.5)))


def read_files(files: list[tuple[str, bytes]], *, max_bytes: int, max_rows: int) -> list[Entry]:
    """Every entry of the uploaded files (CSVs and/or a Letterboxd export .zip), in file order."""
    if not files:
        raise ImportRejected(
            "Choose a file: watched.csv, watchlist.csv, ratings.csv or the export .zip.", code="no_import_file"
        )
    csvs: list[tuple[str, bytes]] = []
    for name, data in files:
        csvs += _unzip(name, data, max_bytes=max_bytes) if _is_zip(name, data) else [(name, data)]
    entries: list[Entry] = []
    for name, data in csvs:
        entries += _read_csv(name, data)
        if len(entries) > max_rows:
            raise ImportRejected(
                f"Too many rows: at most {max_rows:,} films per import (this has more). Split the file.",
                code="too_many_rows",
                status=413,
            )
    if not entries:
        raise ImportRejected("Those files have no films in them.", code="no_import_file")
    return entries


def _is_zip(name: str, data: bytes) -> bool:
    return data.startswith(ZIP_MAGIC) or name.lower().endswith(".zip")


# What zipfile raises on a damaged or odd archive besides BadZipFile: zlib's and lzma's errors (damaged data),
# RuntimeError (an encrypted entry), ValueError (a directory offset before the file; a name flagged UTF-8 that
# is not). ImportRejected is a ValueError too: the size refusals raised in the same block are re-raised first.
_UNREADABLE_ZIP = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    NotImplementedError,
    EOFError,
    OSError,
    zlib.error,
    lzma.LZMAError,
    RuntimeError,
    ValueError,
)


def _unzip(name: str, data: bytes, *, max_bytes: int) -> list[tuple[str, bytes]]:
    """The export's watched/watchlist/ratings CSVs (top level only: deleted/, likes/… are other lists)."""
    # An export holds one file per list: many list files (each under the limit) would unpack to gigabytes, so
    # the whole archive may unpack to one file's limit per list, counted again on the bytes as they are read.
    total = max_bytes * len({kind for _, kind in FILE_KINDS})
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        wanted = [i for i in archive.infolist() if "/" not in i.filename and _kind_of(i.filename)]
        for info in wanted:
            if info.file_size > max_bytes:  # checked before unpacking, and again on the bytes read (headers lie)
                raise _too_big(info.filename, max_bytes)
        if sum(info.file_size for info in wanted) > total:
            raise _archive_too_big(name, total)
        found, unpacked = [], 0
        for info in wanted:
            content = archive.open(info).read(max_bytes + 1)
            if len(content) > max_bytes:
                raise _too_big(name, max_bytes)
            unpacked += len(content)
            if unpacked > total:
                raise _archive_too_big(name, total)
            found.append((info.filename, content))
    except ImportRejected:
        raise
    except _UNREADABLE_ZIP:
        raise ImportRejected(f"{name} is not a readable .zip file.", code="not_csv") from None
    if not found:
        raise ImportRejected(
            f"{name} has no watched.csv, watchlist.csv or ratings.csv at its top level: is it a Letterboxd export?",
            code="no_import_file",
        )
    return found


def _archive_too_big(name: str, total: int) -> ImportRejected:
    return ImportRejected(
        f"{name} is too big: its lists unpack to more than {total // 1024:,} kB (an export has one file per list).",
        code="import_too_large",
        status=413,
    )


def _too_big(name: str, max_bytes: int) -> ImportRejected:
    return ImportRejected(
        f"{name} is too big: at most {max_bytes // 1024:,} kB per file.", code="import_too_large", status=413
    )


def _kind_of(name: str) -> str | None:
    lowered = name.lower().rsplit("/", 1)[-1]
    return next((kind for suffix, kind in FILE_KINDS if lowered.endswith(suffix)), None)


def _decode(name: str, data: bytes) -> str:
    """The file's text: UTF-16 when it starts with that BOM (a spreadsheet's "Unicode text"), else UTF-8."""
    # UTF-16 is full of zero bytes, so only its BOM tells it from binary data; without one, a zero byte is binary.
    utf16 = data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
    if not utf16 and b"\x00" in data:
        raise ImportRejected(f"{name} is not a CSV file (it holds binary data).", code="not_csv")
    try:
        text = data.decode("utf-16" if utf16 else "utf-8-sig")
    except UnicodeDecodeError:
        raise ImportRejected(
            f"{name} is not UTF-8 or UTF-16 text. Letterboxd exports are UTF-8: export again from Settings → Data.",
            code="bad_encoding",
        ) from None
    if "\x00" in text:
        raise ImportRejected(f"{name} is not a CSV file (it holds binary data).", code="not_csv")
    return text


def _read_csv(name: str, data: bytes) -> list[Entry]:
    text = _decode(name, data)
    if not text.strip():  # said as such: "the wrong columns … found nothing" sent people looking for a column
        raise ImportRejected(
            f"{name} is empty: export it again from Letterboxd (Settings → Data).", code="no_import_file"
        )
    # Excel's "Unicode text" (UTF-16) separates columns with tabs: a header with tabs and no comma is read so.
    header_line = text.split("\n", 1)[0]
    separator = "\t" if "\t" in header_line and "," not in header_line else ","
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=separator)
    last = 0  # the last line read whole: a refusal names the line after it
    try:
        header = [h.strip() for h in reader.fieldnames or []]
        reader.fieldnames = header
        kind = _kind_of(name) or ("ratings" if "Rating" in header else None)
        if kind is None:
            raise ImportRejected(
                f"Which list is {name} for? Name it watched.csv, watchlist.csv or ratings.csv (as Letterboxd does).",
                code="unknown_import_file",
            )
        missing = [c for c in NEEDED[kind] if c not in header]
        if missing:
            expected = LETTERBOXD_COLUMNS + (", Rating" if "Rating" in NEEDED[kind] else "")
            found = ", ".join(header[:8]) or "nothing"
            raise ImportRejected(
                f"{name} has the wrong columns: it needs {', '.join(missing)} (Letterboxd's are {expected}); "
                f"found {found}.",
                code="wrong_columns",
            )
        last, entries = reader.line_num, []
        for row in reader:
            entries.append(_entry(kind, name, reader.line_num, row))
            last = reader.line_num
        return entries
    except csv.Error as exc:
        raise _unreadable(name, exc, line=last + 1) from None


def _unreadable(name: str, exc: csv.Error, *, line: int) -> ImportRejected:
    """Why the CSV cannot be read, in words; Python's own ("field larger than field limit") names no cause."""
    limit = csv.field_size_limit()
    if "field limit" in str(exc):  # in practice a quote left open, which runs its cell on to the end of the file
        return ImportRejected(
            f"{name} is not a readable CSV file: a cell from line {line} on is longer than {limit:,} characters, "
            "most likely a quote (\") that is never closed. Letterboxd's own exports have none: export again "
            "from Settings → Data.",
            code="not_csv",
        )
    return ImportRejected(f"{name} is not a readable CSV file (line {line}: {exc}).", code="not_csv")


def _cell(row: dict, column: str) -> str:
    value = (row.get(column) or "").strip()
    return value[1:] if value[:1] == "'" and value[1:2] in FORMULA_START else value


def _entry(kind: str, file: str, line: int, row: dict) -> Entry:
    name, year_text, rating_text = _cell(row, "Name"), _cell(row, "Year"), _cell(row, "Rating")
    # Four ASCII digits: "²²" passes str.isdigit() but not int(), and a 5,000-digit "year" passes neither.
    year = int(year_text) if _YEAR.fullmatch(year_text) and 1870 <= int(year_text) <= 2100 else None
    entry = Entry(kind=kind, name=name[:200], year=year, stars=None, file=file, line=line)
    if not name:
        return _with(entry, "no film name in this row")
    if rating_text:
        try:
            stars = float(rating_text)
        except ValueError:
            stars = -1.0
        if not (0.5 <= stars <= 5 and (stars * 2).is_integer()):
            return _with(entry, f"rating {rating_text[:10]!r} is not ½ to 5 stars")
        return Entry(**{**entry.__dict__, "stars": stars})
    if kind == "ratings":
        return _with(entry, "no rating in this row")
    return entry


def _with(entry: Entry, problem: str) -> Entry:
    return Entry(**{**entry.__dict__, "problem": problem})
