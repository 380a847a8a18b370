"""Reading Letterboxd export files (recs/letterboxd.py): entries, the rating mapping, and whole-file refusals."""

import io
import zipfile

import pytest

from recs.letterboxd import ImportRejected, read_files, stars_to_rating
from tests.support.letterboxd import RATINGS, WATCHED, WATCHLIST, csv_bytes, export_zip

LIMITS = {"max_bytes": 100_000, "max_rows": 100}


def test_it_maps_half_stars_to_whole_stars_rounding_halves_up():
    half_stars = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]
    assert [stars_to_rating(s) for s in half_stars] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_it_reads_each_csv_by_its_name_with_or_without_a_bom():
    entries = read_files(
        [("watched.csv", csv_bytes(WATCHED, bom=True)), ("ratings.csv", csv_bytes(RATINGS, rating=True))], **LIMITS
    )
    assert [(e.kind, e.name, e.year, e.stars) for e in entries[:2]] == [
        ("watched", "Fargo", 1996, None),
        ("watched", "Alien", 1979, None),
    ]
    assert [(e.kind, e.name, e.stars) for e in entries[-2:]] == [("ratings", "Fargo", 4.5), ("ratings", "Alien", 0.5)]


# How spreadsheets save "CSV UTF-8" / "Unicode text": UTF-8 with or without a BOM, UTF-16 (either byte order)
# with one, lines ending in CRLF; Excel's "Unicode text" separates columns with tabs.
SAVED_AS = {
    "utf-8": ("", "utf-8", ","),
    "utf-8 bom": ("\ufeff", "utf-8", ","),
    "utf-16-le": ("\ufeff", "utf-16-le", ","),
    "utf-16-be": ("\ufeff", "utf-16-be", ","),
    "excel unicode text": ("\ufeff", "utf-16-le", "\t"),
}


@pytest.mark.parametrize("saved_as", list(SAVED_AS))
def test_it_reads_a_csv_saved_as_utf8_or_utf16_with_its_bom(saved_as):
    bom, codec, separator = SAVED_AS[saved_as]
    lines = ["Date,Name,Year,Letterboxd URI,Rating", "2024-01-01,Léon,1994,x,4", "2024-01-02,Amélie,2001,y,3.5"]
    text = "".join(line.replace(",", separator) + "\r\n" for line in lines)
    entries = read_files([("ratings.csv", (bom + text).encode(codec))], **LIMITS)
    assert [(e.name, e.year, e.stars, e.problem) for e in entries] == [
        ("Léon", 1994, 4.0, ""),
        ("Amélie", 2001, 3.5, ""),
    ]


def test_it_reads_the_export_zip_top_level_files_only():
    entries = read_files([("letterboxd-alice-2026.zip", export_zip())], **LIMITS)
    assert {e.kind for e in entries} == {"watched", "ratings", "watchlist"}
    assert len(entries) == len(WATCHED) + len(RATINGS) + len(WATCHLIST)
    assert "Jurassic Park" not in {e.name for e in entries}  # deleted/watchlist.csv is not the watchlist


def test_it_keeps_a_bad_row_with_why_it_cannot_be_imported():
    data = csv_bytes([("Fargo", 1996, 7), ("", 1990, 3), ("Alien", "n/a", 2.5)], rating=True)
    bad_rating, no_name, no_year = read_files([("ratings.csv", data)], **LIMITS)
    assert bad_rating.problem == "rating '7' is not ½ to 5 stars"
    assert no_name.problem == "no film name in this row"
    assert (no_year.problem, no_year.year, no_year.stars) == ("", None, 2.5)


ZIP_BOMB = io.BytesIO()
with zipfile.ZipFile(ZIP_BOMB, "w", zipfile.ZIP_DEFLATED) as _z:
    _z.writestr("watched.csv", b"Date,Name,Year,Letterboxd URI\n" + b" " * 500_000)

# Many list files, each under the per-file limit: unpacked together they would hold gigabytes in memory.
MANY_LISTS = io.BytesIO()
with zipfile.ZipFile(MANY_LISTS, "w", zipfile.ZIP_DEFLATED) as _z:
    for _i in range(40):
        _z.writestr(f"part{_i}-watched.csv", b"Date,Name,Year,Letterboxd URI\n" + b" " * 90_000)


def _zip_with_a_name_not_utf8() -> bytes:
    """A zip whose entry name is flagged UTF-8 (bit 11) but is not: zipfile raises UnicodeDecodeError."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("watched.csv", csv_bytes(WATCHED))
    data = bytearray(buf.getvalue())
    central, local = data.find(b"PK\x01\x02"), data.find(b"PK\x03\x04")
    data[central + 9] |= 0x08  # the flag's bit 11, in both headers
    data[local + 7] |= 0x08
    data[central + 46 + 1] = data[local + 30 + 1] = 0xFF  # "w\xfftched.csv"
    return bytes(data)


def _zip_damaged(method: int, *, encrypted: bool = False) -> bytes:
    """A zip whose compressed bytes are damaged (zlib / lzma errors), or that claims to be encrypted."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        z.writestr("watched.csv", csv_bytes(WATCHED * 20))
    data = bytearray(buf.getvalue())
    central, local = data.find(b"PK\x01\x02"), data.find(b"PK\x03\x04")
    if encrypted:
        data[central + 8] |= 0x01
        data[local + 6] |= 0x01
    else:  # the compressed data (for LZMA: its first block, right after the properties)
        start = local + 30 + len("watched.csv")
        for k in range(start + 9, start + 40):
            data[k] ^= 0x5A
    return bytes(data)


def _zip_with_the_directory_misplaced() -> bytes:
    """A zip whose end record puts the central directory where zipfile seeks before the file (ValueError)."""
    data = bytearray(export_zip())
    end = data.rfind(b"PK\x05\x06")
    data[end + 16] = 0xFF  # the central directory's offset
    return bytes(data)


PROFILE_ONLY = io.BytesIO()
with zipfile.ZipFile(PROFILE_ONLY, "w") as _z:
    _z.writestr("profile.csv", b"Date Joined,Username\n")
    _z.writestr("deleted/watched.csv", csv_bytes(WATCHED))

REFUSED = {
    "binary": ([("watched.csv", b"\x89PNG\r\n\x1a\n\x00\x00")], "not_csv", "is not a CSV file"),
    "latin-1": (
        [("watched.csv", "Date,Name,Year,Letterboxd URI\n,Amélie,2001,x\n".encode("latin-1"))],
        "bad_encoding",
        "is not UTF-8",
    ),
    "utf-16 damaged": (
        [("watched.csv", csv_bytes(WATCHED, bom=True, encoding="utf-16-le") + b"\x00\xd8")],
        "bad_encoding",
        "is not UTF-8 or UTF-16 text",
    ),
    "utf-16 odd length": (
        [("watched.csv", csv_bytes(WATCHED, bom=True, encoding="utf-16-be")[:-1])],
        "bad_encoding",
        "is not UTF-8 or UTF-16 text",
    ),
    "columns": ([("watched.csv", b"Title,Released\nFargo,1996\n")], "wrong_columns", "needs Name, Year"),
    "no rating column": ([("ratings.csv", csv_bytes(WATCHED))], "wrong_columns", "needs Rating"),
    "unknown name": ([("films.csv", csv_bytes(WATCHED))], "unknown_import_file", "Which list is films.csv for?"),
    "bad zip": ([("export.zip", b"PK\x03\x04 not really")], "not_csv", "not a readable .zip"),
    "zip name not utf-8": ([("export.zip", _zip_with_a_name_not_utf8())], "not_csv", "not a readable .zip"),
    "zip deflate damaged": ([("export.zip", _zip_damaged(zipfile.ZIP_DEFLATED))], "not_csv", "not a readable .zip"),
    "zip lzma damaged": ([("export.zip", _zip_damaged(zipfile.ZIP_LZMA))], "not_csv", "not a readable .zip"),
    "zip directory misplaced": ([("export.zip", _zip_with_the_directory_misplaced())], "not_csv", "not a readable"),
    "zip encrypted": (
        [("export.zip", _zip_damaged(zipfile.ZIP_DEFLATED, encrypted=True))],
        "not_csv",
        "not a readable .zip",
    ),
    "zip without lists": ([("export.zip", PROFILE_ONLY.getvalue())], "no_import_file", "is it a Letterboxd export?"),
    "zip bomb": ([("export.zip", ZIP_BOMB.getvalue())], "import_too_large", "too big"),
    "zip of many lists": ([("export.zip", MANY_LISTS.getvalue())], "import_too_large", "one file per list"),
    "too many rows": ([("watched.csv", csv_bytes([("Fargo", 1996)] * 101))], "too_many_rows", "at most 100 films"),
    "empty": ([("watched.csv", csv_bytes([]))], "no_import_file", "no films"),
    "nothing": ([], "no_import_file", "Choose a file"),
    "zero bytes": ([("watched.csv", b"")], "no_import_file", "watched.csv is empty: export it again"),
    "blank lines": ([("watched.csv", b"\r\n\r\n")], "no_import_file", "watched.csv is empty"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_it_refuses_a_bad_file_whole_with_a_clear_reason(case):
    files, code, words = REFUSED[case]
    with pytest.raises(ImportRejected) as caught:
        read_files(files, **LIMITS)
    assert caught.value.code == code and words in caught.value.message


def test_it_reads_a_year_that_is_not_four_ascii_digits_as_no_year():
    # "²²" passes str.isdigit() but not int(), and a 5,000-digit year passes neither: both were a 500 on import.
    rows = [("Fargo", "²²"), ("Alien", "9" * 5000), ("Heat", "١٩٩٥"), ("Ronin", 1998)]
    entries = read_files([("watched.csv", csv_bytes(rows))], **LIMITS)
    assert [(e.name, e.year) for e in entries] == [("Fargo", None), ("Alien", None), ("Heat", None), ("Ronin", 1998)]


def test_it_says_a_cell_past_the_csv_limit_is_most_likely_a_quote_never_closed():
    # Python's csv said "field larger than field limit (131072)", quoted as is in the refusal.
    data = b'Date,Name,Year,Letterboxd URI\n2024-01-01,Fargo,1996,x\n2024-01-02,"Alien,1979,x\n' + b"x" * 140_000
    with pytest.raises(ImportRejected) as caught:
        read_files([("watched.csv", data)], max_bytes=200_000, max_rows=100)
    assert caught.value.code == "not_csv" and "field limit" not in caught.value.message
    assert caught.value.message == (
        "watched.csv is not a readable CSV file: a cell from line 3 on is longer than 131,072 characters, "
        "most likely a quote (\") that is never closed. Letterboxd's own exports have none: export again "
        "from Settings → Data."
    )
