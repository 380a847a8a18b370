"""Benchmark: a Letterboxd import's matching (the embedded catalogue + rapidfuzz fallback) against reading its CSV.

    DEBUG=1 .venv/bin/python bench/letterboxd_import.py            # 100, 500 and 2,000 rows, best of 3
    DEBUG=1 .venv/bin/python bench/letterboxd_import.py --rows 2000

Rows are real catalogue films (their titles and years, as Letterboxd writes them), every tenth one a title
the catalogue does not hold (the slow path: the source's lookup misses, then search + rapidfuzz). The
baseline is reading the same CSV (`read_files`); "source only" builds the diff card (`proposal_resolve`, empty
lists, no database) with the catalogue's own lookup; "import matcher" with `FuzzyTitleSource` as the import
uses it (skips the lookup's difflib scan for titles nothing of that year resembles, then the rapidfuzz
fallback). It only prints.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatapp.settings")

import django  # noqa: E402

django.setup()

from asgiref.sync import async_to_sync  # noqa: E402

from recs.letterboxd import read_files  # noqa: E402
from recs.services.imports import FuzzyTitleSource, _changes  # noqa: E402
from recs.services.proposals import proposal_resolve  # noqa: E402
from recs.sources.catalogue import CatalogueSource, load_catalogue  # noqa: E402
from tests.support.letterboxd import csv_bytes  # noqa: E402


def _rows(n: int) -> list[tuple]:
    films = random.Random(13).sample([m for m in load_catalogue().movies if m.year], n)
    return [(f"Unheard Picture {i}" if i % 10 == 9 else m.title, m.year, 3.5) for i, m in enumerate(films)]


def _best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="*", default=[100, 500, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    plain = CatalogueSource(load_catalogue())
    source = FuzzyTitleSource(plain)
    lists = {"watchlist": [], "seen": []}
    print(
        "| rows | read CSV (baseline) | source only | import matcher | ratio (matcher / read) | matched (source, matcher) |"
    )
    print("|---:|---:|---:|---:|---:|---:|")
    for n in args.rows:
        files = [("ratings.csv", csv_bytes(_rows(n), rating=True))]
        read = _best(lambda: read_files(files, max_bytes=10**8, max_rows=10**6), args.repeat)  # noqa: B023
        changes, _ = _changes(read_files(files, max_bytes=10**8, max_rows=10**6))
        resolve = async_to_sync(proposal_resolve)
        only = _best(lambda: resolve(user_lists=lists, changes=changes, source=plain), args.repeat)  # noqa: B023
        match = _best(lambda: resolve(user_lists=lists, changes=changes, source=source), args.repeat)  # noqa: B023
        found = [
            sum(1 for r in resolve(user_lists=lists, changes=changes, source=s)["rows"] if r["status"] == "ready")
            for s in (plain, source)
        ]
        print(
            f"| {n:,} | {read:.1f} ms | {only:.1f} ms | {match:.1f} ms | {match / read:.0f}x "
            f"| {found[0]}, {found[1]} of {len(changes)} |"
        )


if __name__ == "__main__":
    main()
