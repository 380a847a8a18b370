"""A local fake TMDB speaking the real JSON shapes, with programmable faults.

Usage in a test module (either import works; the second keeps ruff's F401/F811 quiet)::

    from tests.fakes.tmdb_server import fake_tmdb  # noqa: F401
    # or: from tests.fakes import tmdb_server; fake_tmdb = tmdb_server.fake_tmdb

    async def test_it_finds(fake_tmdb):
        client = TmdbClient(fake_tmdb.api_key, base_url=fake_tmdb.base_url)
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

import pytest

from recs.sources.movies import normalize_title

API_KEY = "fakev3key0123456789abcdef"
READ_TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJmYWtlIn0.fake-signature"

# TMDB's movie genre list (GET /3/genre/movie/list).
_GENRES = {
    28: "Action", 12: "Adventure", 16: "Animation", 35: "Comedy", 80: "Crime", 99: "Documentary", 18: "Drama",
    10751: "Family", 14: "Fantasy", 36: "History", 27: "Horror", 10402: "Music", 9648: "Mystery", 10749: "Romance",
    878: "Science Fiction", 10770: "TV Movie", 53: "Thriller", 10752: "War", 37: "Western",
}  # fmt: skip

# id, title, release_date, genre ids, runtime, popularity, vote_average, vote_count, imdb_id
_FILMS = [
    (949, "Heat", "1995-12-15", [28, 80, 18, 53], 170, 31.5, 7.9, 7400, "tt0113277"),
    (31943, "Heat", "1986-03-14", [28, 80, 53], 101, 4.2, 5.1, 120, "tt0093164"),
    (136795, "The Heat", "2013-06-27", [28, 35, 80], 117, 42.0, 6.6, 5500, "tt2404463"),
    (807, "Se7en", "1995-09-22", [80, 9648, 53], 127, 55.1, 8.4, 21000, "tt0114369"),
    (603, "The Matrix", "1999-03-31", [28, 878], 136, 80.3, 8.2, 25000, "tt0133093"),
    (604, "The Matrix Reloaded", "2003-05-15", [12, 28, 53, 878], 138, 40.0, 7.0, 11000, "tt0234215"),
    (348, "Alien", "1979-05-25", [27, 878], 117, 60.2, 8.2, 14000, "tt0078748"),
    (679, "Aliens", "1986-07-18", [28, 53, 878], 137, 45.0, 7.9, 9500, "tt0090605"),
    (10785, "The Thing from Another World", "1951-04-06", [27, 878], 87, 9.8, 6.9, 500, "tt0044121"),
    (1091, "The Thing", "1982-06-25", [27, 9648, 878], 109, 52.7, 8.1, 6800, "tt0084787"),
    (60935, "The Thing", "2011-10-12", [27, 9648, 878], 103, 24.4, 6.2, 3400, "tt0905372"),
    (424242, "Untitled Project", "", [], 0, 0.4, 0.0, 0, None),
    # Hostile strings from the movie source must reach the page as text.
    (666, "<script>alert(1)</script>", "1999-10-31", [27], 99, 1.0, 5.0, 10, None),
]

UNAUTHORIZED = {
    "status_code": 7,
    "status_message": "Invalid API key: You must be granted a valid key.",
    "success": False,
}
NOT_FOUND = {
    "status_code": 34,
    "status_message": "The resource you requested could not be found.",
    "success": False,
}


def _slug(title: str) -> str:
    return normalize_title(title).replace(" ", "-")


def _search_row(film: tuple) -> dict:
    tmdb_id, title, date, genre_ids, _runtime, popularity, average, count, _imdb = film
    return {
        "adult": False,
        "backdrop_path": f"/{_slug(title)}-backdrop.jpg",
        "genre_ids": genre_ids,
        "id": tmdb_id,
        "original_language": "en",
        "original_title": title,
        "overview": f"Overview of {title}.",
        "popularity": popularity,
        "poster_path": f"/{_slug(title)}.jpg" if date else None,
        "release_date": date,
        "title": title,
        "video": False,
        "vote_average": average,
        "vote_count": count,
    }


def _details(film: tuple) -> dict:
    tmdb_id, title, date, genre_ids, runtime, *_rest, imdb_id = film
    row = _search_row(film)
    del row["genre_ids"]
    return row | {
        "belongs_to_collection": None,
        "budget": 0,
        "genres": [{"id": g, "name": _GENRES[g]} for g in genre_ids],
        "homepage": "",
        "imdb_id": imdb_id,
        "runtime": runtime or None,
        "status": "Released",
        "tagline": None,
    }


@dataclass
class RecordedRequest:
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    at: float = field(default_factory=time.monotonic)  # when it arrived (rate and pause checks)


@dataclass
class _Fault:
    status: int
    headers: dict[str, str]
    body: dict
    remaining: int
    raw: bytes | None = None  # sent as-is instead of the JSON body (see answer_not_json_next)


@dataclass
class FakeTmdb:
    """State shared by the handler threads; the test programs it."""

    api_key: str = API_KEY
    read_token: str = READ_TOKEN
    base_url: str = ""
    requests: list[RecordedRequest] = field(default_factory=list)
    max_in_flight: int = 0
    _in_flight: int = 0
    _delay: float = 0.0
    _title_delays: dict[str, float] = field(default_factory=dict)
    _faults: list[_Fault] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    films: list[tuple] = field(default_factory=lambda: list(_FILMS))
    _words: dict[int, frozenset[str]] = field(default_factory=dict)  # film id -> its title's words
    _rate: int = 0  # requests allowed in any one-second window (0: no limit)
    _retry_after: str = "1"
    _answered: deque = field(default_factory=deque)  # arrival times of requests not refused, last second
    rate_limited: int = 0  # requests answered 429 by the rate limit

    def __post_init__(self) -> None:
        self.use_films(self.films)

    def use_films(self, films: list[tuple]) -> None:
        """Serve this film set (rows shaped like _FILMS) instead of the built-in one."""
        with self._lock:
            self.films = list(films)
            self._words = {film[0]: frozenset(normalize_title(film[1]).split()) for film in self.films}

    def rate_limit(self, per_second: int, retry_after: str = "1") -> None:
        """Like TMDB: refuse (429, Retry-After) a request beyond `per_second` in the last second (0: off)."""
        with self._lock:
            self._rate, self._retry_after = per_second, retry_after

    def fail_next(self, status: int, headers: dict[str, str] | None = None, times: int = 1) -> None:
        """Answer the next `times` requests with this status (TMDB's error body)."""
        body = UNAUTHORIZED if status == 401 else {"status_code": 25, "status_message": "Fault.", "success": False}
        with self._lock:
            self._faults.append(_Fault(status, dict(headers or {}), body, times))

    def answer_not_json_next(
        self, status: int = 200, body: bytes = b"<html><body>Bad gateway</body></html>", times: int = 1
    ) -> None:
        """Answer the next `times` requests with a body that is not JSON (e.g. a proxy's HTML page)."""
        with self._lock:
            self._faults.append(_Fault(status, {"Content-Type": "text/html"}, {}, times, raw=body))

    def delay(self, seconds: float) -> None:
        """Sleep this long before answering every following request (0 to stop)."""
        self._delay = seconds

    def delay_title(self, title: str, seconds: float) -> None:
        """Sleep this long before answering every search for `title` (other requests are not held)."""
        with self._lock:
            self._title_delays[normalize_title(title)] = seconds

    @property
    def paths(self) -> list[str]:
        """Paths requested so far, in order."""
        return [r.path for r in self.requests]

    # --- called from handler threads ---

    def _enter(self, recorded: RecordedRequest) -> tuple[float, _Fault | None]:
        with self._lock:
            self.requests.append(recorded)
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            fault = self._over_rate(recorded.at)
            if fault is None and self._faults:
                fault = self._faults[0]
                fault.remaining -= 1
                if fault.remaining <= 0:
                    self._faults.pop(0)
            delay = self._delay
            if recorded.path == "/3/search/movie":
                delay += self._title_delays.get(normalize_title(recorded.query.get("query", "")), 0.0)
            return delay, fault

    def _over_rate(self, now: float) -> _Fault | None:
        if not self._rate:
            return None
        while self._answered and self._answered[0] <= now - 1.0:
            self._answered.popleft()
        if len(self._answered) < self._rate:
            self._answered.append(now)
            return None
        self.rate_limited += 1
        body = {
            "status_code": 25,
            "status_message": f"Your request count ({len(self._answered) + 1}) is over the allowed limit of "
            f"({self._rate}).",
            "success": False,
        }
        return _Fault(429, {"Retry-After": self._retry_after}, body, 0)

    def _leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _authorized(self, request: RecordedRequest) -> bool:
        if request.query.get("api_key") == self.api_key:
            return True
        return request.headers.get("authorization") == f"Bearer {self.read_token}"

    def _answer(self, request: RecordedRequest) -> tuple[int, dict]:
        if not self._authorized(request):
            return 401, UNAUTHORIZED
        if request.path == "/3/search/movie":
            return 200, self._search(request.query)
        match = re.fullmatch(r"/3/movie/(\d+)", request.path)
        if match:
            for film in self.films:
                if film[0] == int(match.group(1)):
                    return 200, _details(film)
        return 404, NOT_FOUND

    def _search(self, query: dict[str, str]) -> dict:
        # Like TMDB: every query word must appear in the title; most popular first.
        words = normalize_title(query.get("query", "")).split()
        year = query.get("primary_release_year")
        hits = [
            film
            for film in self.films
            if words and all(w in self._words[film[0]] for w in words) and (year is None or film[2][:4] == year)
        ]
        hits.sort(key=lambda film: -film[5])
        results = [_search_row(film) for film in hits]
        return {"page": 1, "results": results, "total_pages": 1, "total_results": len(results)}


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        fake = self.server.fake
        url = urlsplit(self.path)
        recorded = RecordedRequest(
            path=url.path,
            query=dict(parse_qsl(url.query, keep_blank_values=True)),
            headers={k.lower(): v for k, v in self.headers.items()},
        )
        delay, fault = fake._enter(recorded)
        # A request stops counting as in flight as its answer starts: the client may send its next one the
        # moment it has read this answer, before this thread would get back to a `finally`.
        self._left = False
        try:
            if delay:
                self.server.stopping.wait(delay)  # woken early when the server stops
            if fault is not None and fault.raw is not None:
                self._send_raw(fault.status, fault.raw, fault.headers)
            elif fault is not None:
                self._send(fault.status, fault.body, fault.headers)
            else:
                self._send(*fake._answer(recorded))
        finally:
            self._leave_once()

    def _leave_once(self) -> None:
        if not self._left:
            self._left = True
            self.server.fake._leave()

    def _send(self, status: int, body: dict, headers: dict[str, str] | None = None) -> None:
        headers = {"Content-Type": "application/json;charset=utf-8", **(headers or {})}
        self._send_raw(status, json.dumps(body).encode(), headers)

    def _send_raw(self, status: int, payload: bytes, headers: dict[str, str]) -> None:
        self._leave_once()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep test output quiet


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeTmdb
    stopping: threading.Event

    def handle_error(self, request, client_address) -> None:
        pass  # clients that time out hang up mid-answer; that is expected here


def start_fake_tmdb() -> tuple[FakeTmdb, _Server]:
    """Start a fake TMDB on 127.0.0.1 in a daemon thread."""
    server = _Server(("127.0.0.1", 0), _Handler)
    fake = FakeTmdb(base_url=f"http://127.0.0.1:{server.server_address[1]}")
    server.fake = fake
    server.stopping = threading.Event()
    # A short poll interval keeps shutdown() (and so fixture teardown) fast.
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-tmdb", daemon=True).start()
    return fake, server


@pytest.fixture
def fake_tmdb():
    """A running fake TMDB; `.base_url`, `.api_key`, `.read_token`, `.requests`, faults."""
    fake, server = start_fake_tmdb()
    try:
        yield fake
    finally:
        server.stopping.set()
        server.shutdown()
        server.server_close()
