"""Letterboxd export files as Letterboxd writes them (Date, Name, Year, Letterboxd URI[, Rating]), and its .zip."""

import io
import zipfile

HEADER = "Date,Name,Year,Letterboxd URI"


def csv_bytes(rows: list[tuple], *, rating: bool = False, bom: bool = False, encoding: str = "utf-8") -> bytes:
    """A Letterboxd CSV: rows of (name, year) or, with `rating`, (name, year, stars); `bom` starts it with U+FEFF."""
    lines = [HEADER + (",Rating" if rating else "")]
    for n, row in enumerate(rows):
        name, year, *rest = row
        quoted = '"' + str(name).replace('"', '""') + '"'
        lines.append(
            ",".join(["2024-01-0" + str(n % 9 + 1), quoted, str(year), f"https://boxd.it/x{n}", *map(str, rest)])
        )
    return (("\ufeff" if bom else "") + "\n".join(lines) + "\n").encode(encoding)


WATCHED = [
    ("Fargo", 1996),
    ("Alien", 1979),
    ("Fellowship of the Ring, The Lord of the Rings", 2001),
    ("Zzyzx Nowhere", 2031),
]
RATINGS = [("Fargo", 1996, 4.5), ("Alien", 1979, 0.5)]
WATCHLIST = [("The Matrix", 1999), ("Not A Real Film Xyz", 2004)]


def export_zip(extra: dict[str, bytes] | None = None) -> bytes:
    """A Letterboxd export .zip with watched, ratings and watchlist (and the folders Letterboxd adds)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("watched.csv", csv_bytes(WATCHED))
        archive.writestr("ratings.csv", csv_bytes(RATINGS, rating=True))
        archive.writestr("watchlist.csv", csv_bytes(WATCHLIST))
        archive.writestr("profile.csv", b"Date Joined,Username\n2020-01-01,alice\n")
        archive.writestr("deleted/watchlist.csv", csv_bytes([("Jurassic Park", 1993)]))
        for name, data in (extra or {}).items():
            archive.writestr(name, data)
    return buf.getvalue()
