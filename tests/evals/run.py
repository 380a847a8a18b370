"""Evaluation sets of the offline movie planner: each request's picks checked against what it asked for.

    python -m tests.evals.run            # (make eval) every set's score and its misses
    python -m tests.evals.run --quiet    # scores only

movies.jsonl: requests as people type them, each with checkable constraints over the catalogue; a request
scores when decide_mode recommends (mode B), the plan has picks, and every pick meets every constraint; a row's
optional "shown" ([{title, year}]) is the picks the chat showed last, for follow-ups ("like those but newer").
facts.jsonl: questions with the substring the answer must hold, or "I don't know" for what the catalogue
cannot answer; a question scores when decide_mode answers it (mode A) and the answer holds the substring.
The requests were written from how people talk, not from the parser.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from chatapp.planner.backends.base import PlannerRequest
from recs.flows.tools import MovieContext, PlanPicksArgs
from recs.rules.answer import answer, decide_mode
from recs.rules.handlers import rules_plan_picks
from recs.rules.people import people_index
from recs.sources.catalogue import Catalogue, load_catalogue
from recs.sources.movies import Movie

HERE = Path(__file__).parent
SETS = {"movies": HERE / "movies.jsonl", "facts": HERE / "facts.jsonl"}
FLOORS = HERE / "floors.json"


@dataclass
class Result:
    """One set's outcome: how many rows passed, and what went wrong in the rest."""

    name: str
    total: int = 0
    passed: int = 0
    misses: list[str] = field(default_factory=list)
    no_picks: int = 0

    @property
    def score(self) -> float:
        return self.passed / self.total if self.total else 0.0


def read_set(path: Path) -> list[dict]:
    """The rows of a .jsonl evaluation set."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def plan_for(text: str, shown: list[dict] | None = None) -> PlanPicksArgs:
    """The offline v2 plan for a request, through the rule backend's handler (no profile; shown: picks just shown)."""
    context = MovieContext(text=text, last_picks=shown or [])
    request = PlannerRequest(instructions="", input=[], model="rules", context=context)
    return rules_plan_picks(request)


def _pick_problems(movie: Movie, expect: dict, catalogue: Catalogue) -> list[str]:
    """What a resolved pick gets wrong against the expected constraints (empty when it fits)."""
    tags, year, runtime = catalogue.tags(movie), movie.year or 0, movie.runtime
    wrong = []
    if "genres_any" in expect and not tags & set(expect["genres_any"]):
        wrong.append(f"genres {sorted(tags)} none of {expect['genres_any']}")
    if "genres_all" in expect and not set(expect["genres_all"]) <= tags:
        wrong.append(f"genres {sorted(tags)} not all of {expect['genres_all']}")
    if set(expect.get("not_genres", [])) & tags:
        wrong.append(f"genres {sorted(tags)} include an excluded one")
    if year < expect.get("year_min", 0) or year > expect.get("year_max", 9999):
        wrong.append(f"year {year}")
    if ("max_runtime" in expect or "min_runtime" in expect) and not (
        runtime and expect.get("min_runtime", 0) <= runtime <= expect.get("max_runtime", 999)
    ):
        wrong.append(f"runtime {runtime}")
    if "ratings_allowed" in expect and movie.mpaa not in expect["ratings_allowed"]:
        wrong.append(f"rated {movie.mpaa}")
    if movie.mpaa in expect.get("not_ratings", []) or ("not_ratings" in expect and movie.mpaa is None):
        wrong.append(f"rated {movie.mpaa}")
    directors = expect.get("director_any") or ([expect["director"]] if "director" in expect else [])
    if directors and movie.director not in directors:
        wrong.append(f"director {movie.director}")
    if "actor" in expect and not people_index(catalogue).acting(movie, [expect["actor"]]):
        wrong.append(f"no {expect['actor']}")
    if "story_sources" in expect and catalogue.story_source.get(movie.id) not in expect["story_sources"]:
        wrong.append(f"source {catalogue.story_source.get(movie.id)}")
    if expect.get("true_story") and not (
        "True Story" in tags or catalogue.story_source.get(movie.id) == "Based on Real Life Events"
    ):
        wrong.append("not a true story")
    if movie.title in expect.get("titles_not", []):
        wrong.append("shown under its original title")
    return wrong


def _like_problems(movie: Movie, title: str, catalogue: Catalogue) -> list[str]:
    """A "like X" pick is not X itself and shares a genre with it."""
    liked = max(catalogue.by_title(title), key=lambda m: m.votes or 0)
    if movie.id == liked.id:
        return ["is the liked film itself"]
    return [] if catalogue.tags(movie) & catalogue.tags(liked) else [f"shares no genre with {title}"]


def check_request(row: dict, catalogue: Catalogue) -> tuple[list[str], bool]:
    """(problems, had picks) for one movie request."""
    text, expect = row["text"], row["expect"]
    mode = decide_mode(text)
    if mode.mode != "B":
        return [f"mode A ({mode.reason})"], False
    plan = plan_for(text, row.get("shown"))
    picks = [(p, catalogue.lookup(p.title, p.year)) for p in plan.picks]
    problems = []
    if len(picks) < expect.get("min_picks", 1):
        problems.append(f"{len(picks)} picks")
    intro = plan.intro.lower()
    if "intro_any" in expect and not any(s.lower() in intro for s in expect["intro_any"]):
        problems.append(f"intro lacks {expect['intro_any']}: {plan.intro!r}")
    problems += [f"intro says {s!r}: {plan.intro!r}" for s in expect.get("intro_none", []) if s.lower() in intro]
    problems += [f"generic reason for {p.title}: {p.reason!r}" for p in plan.picks if _generic_reason(p.reason)]
    if "like" in expect:
        problems += [f"reason for {p.title} doesn't name {expect['like']}" for p in plan.picks if _unlinked(p, expect)]
    misfits = []
    for pick, movie in picks:
        if movie is None:
            problems.append(f"{pick.title} ({pick.year}) not in the catalogue")
            continue
        wrong = _misfit(movie, expect, catalogue)
        misfits += [f"{movie.title} ({movie.year}): {', '.join(wrong)}"] if wrong else []
    # A pick may miss only when the catalogue holds fewer fitting films than picks and the intro says so.
    excused = len(picks) - min(len(picks), _feasible(expect, catalogue))
    if len(misfits) > excused or (misfits and not _RELAXED.search(plan.intro)):
        problems += misfits
    return problems, bool(picks)


_VOTES_ONLY = re.compile(r"^(?:a crowd-pleaser|well liked|popular)?\s*(?:\([\d,]+ IMDB votes\))?\W*$", re.I)


def _generic_reason(reason: str) -> bool:
    """A reason that is only a vote count or a stock phrase says nothing about the film."""
    return bool(_VOTES_ONLY.match(reason.strip())) or "crowd-pleaser" in reason.lower()


def _unlinked(pick, expect: dict) -> bool:
    """A "like X" pick whose reason doesn't say what links it to X."""
    return expect["like"].lower() not in pick.reason.lower()


_RELAXED = re.compile(r"\bfits?\b.*\bso I\b|Nothing in my catalogue", re.I)


def _misfit(movie: Movie, expect: dict, catalogue: Catalogue) -> list[str]:
    wrong = _pick_problems(movie, expect, catalogue)
    return wrong + (_like_problems(movie, expect["like"], catalogue) if "like" in expect else [])


def _feasible(expect: dict, catalogue: Catalogue) -> int:
    """How many catalogue films meet every expected constraint (at most 3 counted)."""
    found = 0
    for movie in catalogue.movies:
        found += not _misfit(movie, expect, catalogue)
        if found >= 3:
            break
    return found


def check_fact(row: dict, catalogue: Catalogue) -> list[str]:
    """Problems with the answer to one factual question."""
    text = row["text"]
    mode = decide_mode(text)
    if mode.mode != "A":
        return [f"mode B ({mode.reason})"]
    said = answer(text, catalogue)
    wanted = ["I don't know"] if row.get("expect_unknown") else row.get("expect_all") or [row["expect"]]
    missing = [w for w in wanted if w.lower() not in said.lower()]
    if row.get("expect_unknown") is None and said.startswith("I don't know"):
        missing = missing or ["an answer"]
    return [f"lacks {missing}: {said[:160]!r}"] if missing else []


def run_movies(catalogue: Catalogue | None = None) -> Result:
    """Score the movie requests."""
    catalogue = catalogue or load_catalogue()
    result = Result("movies")
    for row in read_set(SETS["movies"]):
        problems, had_picks = check_request(row, catalogue)
        result.total += 1
        result.no_picks += not had_picks
        if problems:
            result.misses.append(f"{row['text']!r}: " + "; ".join(problems))
        else:
            result.passed += 1
    return result


def run_facts(catalogue: Catalogue | None = None) -> Result:
    """Score the factual questions."""
    catalogue = catalogue or load_catalogue()
    result = Result("facts")
    for row in read_set(SETS["facts"]):
        problems = check_fact(row, catalogue)
        result.total += 1
        if problems:
            result.misses.append(f"{row['text']!r}: " + "; ".join(problems))
        else:
            result.passed += 1
    return result


def run_all() -> list[Result]:
    """Every set, scored."""
    catalogue = load_catalogue()
    return [run_movies(catalogue), run_facts(catalogue)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="scores only, no misses")
    args = parser.parse_args(argv)
    floors = json.loads(FLOORS.read_text(encoding="utf-8")) if FLOORS.exists() else {}
    for result in run_all():
        extra = f", {result.no_picks} without picks" if result.name == "movies" else ""
        floor = floors.get(result.name)
        print(
            f"{result.name}: {result.passed}/{result.total} = {result.score:.1%}{extra}"
            + (f" (floor {floor:.1%})" if floor is not None else "")
        )
        if not args.quiet:
            for miss in result.misses:
                print(f"  MISS {miss}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
