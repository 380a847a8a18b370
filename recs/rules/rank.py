"""Rule-based recommender: filter by constraints, rank, diversify, explain (plan_picks)."""

from __future__ import annotations

import heapq
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache

from recs.flows.tools import PlannedPick, PlanPicksArgs
from recs.rules.constraints import Constraints
from recs.rules.count import picks_wanted
from recs.rules.darker import darker_than_shown, undo_dark_mood
from recs.rules.explain import intro_for, is_generic, nothing_shown_said, reason_for
from recs.rules.like import refers_back
from recs.rules.named_titles import one_named
from recs.rules.parse import OLD_STYLE_LABELS, parse_constraints
from recs.rules.people import people_index
from recs.rules.relative_era import relative_to_shown
from recs.rules.relax import DARK_GENRES, Among, genre_checks, relax, say_relaxed
from recs.rules.runtime import fits as runtime_fits
from recs.rules.runtime_shown import runtime_against_shown
from recs.rules.scan import prepare
from recs.rules.series import series_asked, series_plan
from recs.rules.shown import asks_another_kind, asks_more_of_a_mood, points_at_place, shown_at
from recs.rules.shown_kind import away_from_shown_kind, keep_shown_kind
from recs.rules.taste import disliked_ids, liked_in, parse_profile, recently_shown, taste_leads
from recs.rules.top_rated import asks_ranked, by_rating, ranked_intro, ranked_reason
from recs.sources.catalogue import Catalogue
from recs.sources.movies import BlockedItem, Movie
from recs.sources.war import war_tags

PRIOR_MEAN = 6.3  # mean IMDB rating of the catalogue
PRIOR_VOTES = 20000  # votes needed before a film's own rating outweighs the prior
GEM_MAX_VOTES = 40000
MIN_VOTES = 1000  # fewer votes than this and a rating says little
TASTE_LEAD = 4.0  # a liked genre/person's boost when the message asks for nothing in particular
# Films just shown in another chat (not blocked there): ranked below every other match, but still
# ahead of films that match nothing, so a narrow request or a small catalogue slice keeps its picks.
RECENT_PENALTY = 50.0
MATCH_BONUS = 100.0
LIGHTER_BOOST = 1.5  # a lighter tone than a named film: a comedy of its kind outranks a rating gap
UNWELCOME_PENALTY = 3.0  # outweighs any rating gap (ratings span ~4 points), never a match
LIGHT_TAGS = frozenset({"Comedy", "Romantic Comedy", "Black Comedy", "Family"})
DIVERSE_POOL = 300  # the best-ranked films the diverse picks are chosen from


def _checks(cons: Constraints, catalogue: Catalogue, likes: list[Movie]) -> dict[str, Callable[[Movie], bool]]:
    """Soft checks by name; each says whether a film satisfies that part of the request."""
    people = people_index(catalogue)

    lo, hi = cons.year_min or 0, cons.year_max or 9999
    checks = genre_checks(cons.genres, catalogue)
    if cons.year_min or cons.year_max:  # a black-and-white look outlasts the genre in relax.py ("b&w noir")
        checks["look" if cons.era in OLD_STYLE_LABELS else "era"] = lambda m: lo <= (m.year or 0) <= hi
        if cons.era not in OLD_STYLE_LABELS:
            checks["era_wide"] = lambda m: lo - 5 <= (m.year or 0) <= hi + 5
    if cons.directors or cons.people:
        acting_ids = people.ids_acting(cons.people)
        checks["people"] = lambda m: m.director in cons.directors or m.id in acting_ids
        if cons.directors and cons.people and not set(cons.directors) & set(cons.people):
            # "a Ridley Scott film with Russell Crowe" asks for both in one film before either
            checks["people_all"] = lambda m: m.director in cons.directors and m.id in acting_ids
    if cons.mpaa_allowed and not cons.mpaa_hard:
        checks["mpaa"] = lambda m: m.mpaa in cons.mpaa_allowed
    if cons.story_sources:
        checks["source"] = lambda m: catalogue.story_source.get(m.id) in cons.story_sources
    if cons.max_runtime or cons.min_runtime:
        limits = {
            "low": cons.min_runtime,
            "high": cons.max_runtime,
            "low_strict": cons.min_runtime_strict,
            "high_strict": cons.max_runtime_strict,
        }
        checks["runtime"] = lambda m: runtime_fits(m.runtime, **limits)
        checks["runtime_known"] = lambda m: m.runtime is None or runtime_fits(m.runtime, **limits)
    suspect = catalogue.suspect.__contains__  # a copied rating or an impossible date proves nothing
    if cons.min_rating:
        checks["quality"] = lambda m: (
            (m.rating or 0) >= cons.min_rating and (m.votes or 0) >= MIN_VOTES and not suspect(m.id)
        )
    if cons.hidden_gem:
        checks["gem"] = lambda m: (
            (m.rating or 0) >= 7.0 and MIN_VOTES <= (m.votes or 0) <= GEM_MAX_VOTES and not suspect(m.id)
        )
    if cons.avoid_genres:
        checks["avoid"] = lambda m: not catalogue.tags(m) & set(cons.avoid_genres)
    if likes:  # "like Se7en but funnier": a comedy sharing a genre with Se7en, if the catalogue has one
        liked_tags = sorted({t for m in likes for t in catalogue.tags(m)})
        checks["like_genre"] = Among(catalogue.ids_with_any_tag(liked_tags))
        if "Comedy" in cons.genres and DARK_GENRES & set(liked_tags):  # no film is both: a dark comedy is nearest
            checks["like_near"] = Among(catalogue.ids_with_any_tag([*liked_tags, "Black Comedy"]))
    checks["hard"] = _hard_check(cons, catalogue, people.acting)
    return checks


def _hard_check(cons: Constraints, catalogue: Catalogue, acting) -> Callable[[Movie], bool] | None:
    """Never relaxed: negations and family ratings (a "no horror" is a promise); None when there are none."""
    excluded_genres = set(cons.exclude_genres)
    if not (
        excluded_genres
        or cons.exclude_directors
        or cons.exclude_people
        or cons.exclude_years
        or cons.mpaa_excluded
        or cons.mpaa_hard
    ):
        return None

    def ok(movie: Movie) -> bool:
        if excluded_genres & catalogue.tags(movie) or movie.director in cons.exclude_directors:
            return False
        if cons.exclude_people and acting(movie, cons.exclude_people):
            return False
        if any(lo <= (movie.year or 0) <= hi for lo, hi in cons.exclude_years):
            return False
        if cons.mpaa_excluded and (movie.mpaa is None or movie.mpaa in cons.mpaa_excluded):
            return False  # unknown rating: can't promise it isn't R
        if cons.mpaa_hard and movie.mpaa not in cons.mpaa_allowed:
            return False
        return True

    return ok


def _score(
    movie: Movie,
    cons: Constraints,
    taste: Constraints,
    likes: list[Movie],
    catalogue: Catalogue,
    lead: bool,
    rated: list[Movie],
) -> float:
    """Vote-weighted (Bayesian) rating plus similarity and taste boosts."""
    score = _rating_scores(catalogue, 2000 if cons.hidden_gem else PRIOR_VOTES)[movie.id]
    # Similarity must outweigh a point or so of rating, or "like X" just returns the top-rated.
    score += 1.5 * max((_similarity(movie, like, catalogue) for like in likes), default=0.0)
    if cons.lighter_first and catalogue.tags(movie) & LIGHT_TAGS:  # "not as bleak as X": its comedies first
        score += LIGHTER_BOOST
    if cons.unwelcome and catalogue.tags(movie) & set(cons.unwelcome):  # a mood's misfits last, unsaid
        score -= UNWELCOME_PENALTY
    if len(cons.genres) > 1:  # "funny sci-fi": films matching more of the asked genres first
        score += 0.6 * sum(g in catalogue.tags(movie) for g in cons.genres)
    fits = liked_in(movie, taste, catalogue)
    if not lead:  # the message's own constraints decide; the profile only breaks ties
        return score + 0.1 * bool(fits)
    # Nothing asked for: a liked genre or person outweighs any rating gap (ratings span ~4 points).
    if fits:
        score += TASTE_LEAD + 0.3 * (len(fits) - 1)
    score += 0.5 * max((_similarity(movie, film, catalogue) for film in rated), default=0.0)
    if (taste.max_runtime or taste.min_runtime) and movie.runtime:  # a remembered "at most 2 hours"
        fits_runtime = runtime_fits(
            movie.runtime,
            low=taste.min_runtime,
            high=taste.max_runtime,
            low_strict=taste.min_runtime_strict,
            high_strict=taste.max_runtime_strict,
        )
        score += 0.5 if fits_runtime else -2.5
    return score


def _scorer(
    cons: Constraints, taste: Constraints, likes: list[Movie], catalogue: Catalogue, lead: bool, rated: list[Movie]
) -> Callable[[Movie], float]:
    """_score for one request; a request whose boosts all add 0.0 reads the film's rating score (same float)."""
    asked = likes or cons.lighter_first or len(cons.genres) > 1 or cons.unwelcome
    boosted = asked or taste.genres or taste.directors or taste.people
    if boosted or (lead and (rated or taste.max_runtime or taste.min_runtime)):
        return lambda m: _score(m, cons, taste, likes, catalogue, lead, rated)
    by_id = _rating_scores(catalogue, 2000 if cons.hidden_gem else PRIOR_VOTES)
    return lambda m: by_id[m.id]


@lru_cache(maxsize=4)
def _rating_scores(catalogue: Catalogue, prior: int) -> dict[str, float]:
    """Every film's vote-weighted rating plus its votes term, once per catalogue and prior (was per film per turn)."""
    scores = {}
    for movie in catalogue.movies:
        if movie.rating is None or not movie.votes or movie.id in catalogue.suspect:
            base = PRIOR_MEAN - 0.7
        else:
            base = (movie.votes * movie.rating + prior * PRIOR_MEAN) / (movie.votes + prior)
        scores[movie.id] = base + 0.05 * math.log10((movie.votes or 0) + 1)
    return scores


def _similarity(movie: Movie, like: Movie, catalogue: Catalogue) -> float:
    """How alike two films are; a shared genre counts most ("like Se7en" wants thrillers before Fincher's drama)."""
    genres = catalogue.tags(like) - {"Historical"}
    shared = catalogue.tags(movie) & genres
    score = 1.6 + 0.6 * (len(shared) > 1) if shared else -0.6 * bool(genres)
    if shared & set(like.genres):  # the genre it is filed under, not one read from its creative type (Shining)
        score += 1.0
    if movie.creative_type and movie.creative_type == like.creative_type:
        score += 0.4
    if (shared or not genres) and movie.director and movie.director == like.director:
        score += 0.5
    if movie.year and like.year and abs(movie.year - like.year) <= 5:
        score += 0.3
    if movie.mpaa and movie.mpaa == like.mpaa:
        score += 0.15
    return score


_NO_SEQUELS = re.compile(r"\b(?:no|without|not|skip|except|minus|excluding)(?: the| any| its| their)? sequels?\b", re.I)


def _allowed(catalogue: Catalogue, blocked_ids: set[str], blocked_titles: set, blocked_any_year: set, hard) -> list:
    """Dated films not blocked (by id or title) and passing the hard check; each filter only when it has work."""
    base = [m for m in catalogue.dated if m.id not in blocked_ids] if blocked_ids else list(catalogue.dated)
    if blocked_titles:
        norm = catalogue.norm_title
        base = [m for m in base if (norm[m.id], m.year) not in blocked_titles and norm[m.id] not in blocked_any_year]
    return [m for m in base if hard(m)] if hard is not None else base


def _diverse(
    ranked: list[tuple[float, Movie]],
    repeatable: set[str],
    franchise: dict[str, str],
    count: int = 3,
    cover: tuple[list[str], Callable[[Movie], set[str]]] = ([], lambda _m: set()),
) -> list[Movie]:
    """Greedy picks: never the same director (unless asked for) or franchise twice, spread genres and years;
    `cover`: genres asked together (and the tags of a film), each met by some pick where no film has them all
    ("she likes romance, I like action": a romance among the action films)."""
    wanted, tags = set(cover[0]), cover[1]
    chosen: list[Movie] = []
    pool = ranked[:DIVERSE_POOL]
    for strict in (True, False):
        while len(chosen) < count:
            best, best_score = None, -math.inf
            chosen_ids = {c.id for c in chosen}
            for score, movie in pool:
                if score <= best_score:
                    break  # ranked best first and every adjustment is a penalty: no later film can win
                if movie.id in chosen_ids:
                    continue
                if strict and any(_clash(movie, c, repeatable, franchise) for c in chosen):
                    continue
                adjusted = score - sum(
                    0.35 * (movie.genres[:1] == c.genres[:1]) + 0.2 * (abs((movie.year or 0) - (c.year or 0)) <= 3)
                    for c in chosen
                )
                uncovered = wanted - {g for c in chosen for g in tags(c)} if len(wanted) > 1 else set()
                adjusted -= 0.8 * bool(uncovered and not uncovered & tags(movie))
                if adjusted > best_score:
                    best, best_score = movie, adjusted
            if best is None:
                break
            chosen.append(best)
    return chosen


def _bare_mood(text: str, cons: Constraints) -> bool:
    """True when a request asks only for more of a mood ("something funnier"), naming no genre, film or person."""
    named = cons.genre_words or cons.like_ids or cons.unknown_likes or cons.directors or cons.people
    return not named and asks_more_of_a_mood(text)


def _clash(movie: Movie, other: Movie, repeatable: set[str], franchise: dict[str, str]) -> bool:
    same_director = bool(movie.director) and movie.director == other.director and movie.director not in repeatable
    return same_director or franchise[movie.id] == franchise[other.id]


def plan_picks(
    text: str,
    catalogue: Catalogue,
    *,
    blocked: list[BlockedItem],
    profile: str = "",
    exclude_ids: Iterable[str] = frozenset(),
    last_picks: list[dict] | None = None,
) -> PlanPicksArgs:
    """Three diverse catalogue films for a request, with an honest intro and per-pick reasons.

    last_picks are the films the chat showed last ({title, year}): "more like that" means them.
    """
    cons = parse_constraints(text, catalogue)
    keep_shown_kind(text, cons, last_picks or [], catalogue)  # "any without marvel?" after superhero picks
    placed = shown_at(text, last_picks or []) if not cons.like_ids else []  # "another one like the second"
    back = not cons.like_ids and not cons.unknown_likes and (refers_back(text) or points_at_place(text))
    # "something funnier" after picks: funnier than those, so they stay the films it is like
    back = back or bool(last_picks) and _bare_mood(text, cons)
    if back and not last_picks:  # "who directed Jaws? also something similar": the film the message names
        last_picks = one_named(text, catalogue)
    # "like those but newer": the era is read against the films pointed at, before they become the liked ones
    shifted = relative_to_shown(prepare(text), cons, placed or last_picks or [])
    runtime_against_shown(prepare(text), cons, placed or last_picks or [], catalogue)  # "shorter ones?"
    if back:
        shown = [m for m in (catalogue.lookup(p["title"], p.get("year")) for p in placed or last_picks or []) if m]
        cons.like_ids = list(dict.fromkeys(m.id for m in shown))
        undo_dark_mood(cons)  # "something darker" after picks: darker than those, not a thriller
        if not cons.genres:  # three westerns shown: "more like those" wants westerns
            counts = Counter(g for m in shown for g in dict.fromkeys([*m.genres, *war_tags(m.id)]))
            cons.genres = [g for g, n in counts.most_common(2) if n > len(shown) / 2 and g not in cons.exclude_genres]
        darker_than_shown(cons, shown, catalogue)
    if asks_another_kind(text) and last_picks and not cons.genres:  # "different genre this time"
        exclude_ids = {*exclude_ids, *away_from_shown_kind(cons, last_picks, catalogue)}
    if shifted and not back:  # "something newer": than those, never one of them again
        shown = (catalogue.lookup(p["title"], p.get("year")) for p in last_picks or [])
        exclude_ids = {*exclude_ids, *(m.id for m in shown if m)}  # never the film just shown again
    taste = parse_profile(profile, catalogue) if profile.strip() else Constraints()
    likes = [m for m in (catalogue.get(i) for i in cons.like_ids) if m]
    ranking = asks_ranked(text) and not likes  # "highest rated cartoon": the best by rating, not spread out
    cons = cons.model_copy(update={"min_rating": None, "quality_label": None}) if ranking else cons
    if likes and _NO_SEQUELS.search(text or ""):  # "like The Matrix but without the sequels"
        heads = [catalogue.norm_title[m.id] + " " for m in likes]
        exclude_ids = {
            *exclude_ids,
            *(m.id for m in catalogue.movies if catalogue.norm_title[m.id].startswith(tuple(heads))),
        }
    blocked_ids = {b.id for b in blocked if b.source == "catalogue"} | set(exclude_ids)
    blocked_ids |= {m.id for m in likes} | set(cons.exclude_ids)
    blocked_titles = {b.title_key for b in blocked}
    blocked_any_year = {t for t, y in blocked_titles if y is None}
    checks = _checks(cons, catalogue, likes)
    hard = checks.pop("hard")
    lead = taste_leads(cons)
    rated = [m for m in (catalogue.get(i) for i in taste.like_ids) if m]

    base = _allowed(catalogue, blocked_ids, blocked_titles, blocked_any_year, hard)
    # "show me the lord of the rings movies": the series itself, when nothing else is asked of it
    audience = {"unsupported": [], "mpaa_allowed": [], "mpaa_hard": False, "rating_label": None, "unwelcome": []}
    alone = not (cons.like_ids or back) and cons.model_copy(update=audience).is_empty()  # ratings: base has them
    series = series_plan(series_asked(text, catalogue), {m.id for m in base}) if alone else None
    if series:
        return series
    # The profile's dislikes are never picked unless this message asks for them.
    if taste.exclude_genres or taste.exclude_directors or taste.exclude_people:  # skip 3,200 calls otherwise
        unwanted = disliked_ids(base, taste, cons, catalogue)
        base = [m for m in base if m.id not in unwanted] or base
    pool, notes, strict_count = relax(base, checks)
    matched = {m.id for m in pool}
    # After relaxing, the films that fit everything still come first.
    strict_ids = {m.id for m in pool if all(f(m) for f in checks.values())} if notes else set()
    if len(pool) < 3:  # only hard constraints left: top up from every allowed film, matches first
        pool = pool + [m for m in base if m.id not in matched]
    recent = recently_shown(profile, catalogue)
    score = _scorer(cons, taste, likes, catalogue, lead, rated)
    # Only the best DIVERSE_POOL are ever read: nsmallest is sorted()[:n], without sorting 3,200 films.
    ranked = heapq.nsmallest(
        DIVERSE_POOL,
        (
            (
                score(m)
                + MATCH_BONUS * (m.id in matched)
                + MATCH_BONUS * (m.id in strict_ids)
                - RECENT_PENALTY * (m.id in recent),
                m,
            )
            for m in pool
        ),
        key=lambda p: (-p[0], p[1].id),
    )
    repeatable = set(cons.directors) if len(cons.directors) == 1 and not cons.people else set()
    if lead:  # "Likes: Clint Eastwood": several of his films may be the best fit
        repeatable |= set(taste.directors)
    cover = (cons.genres, catalogue.tags)
    picks = _diverse(ranked, repeatable, catalogue.franchise, cover=cover) or [m for _, m in ranked[:1]]
    picks = by_rating(pool, (matched, strict_ids), catalogue, 3) if ranking else picks
    picks = picks[: picks_wanted(text)]  # "just one movie, a thriller"
    if not picks:
        raise ValueError("every film in the catalogue is blocked")
    if hard is not None:
        checks["hard"] = hard
    if "avoid" in checks and not all(checks["avoid"](m) for m in picks):
        cons = cons.model_copy(update={"avoid_genres": []})  # "I let horror back in" says it instead
    intro = intro_for(
        cons,
        taste,
        likes,
        len(picks),
        say_relaxed(notes),
        strict_count or 0,
        generic=is_generic(text),
        taste_leads=lead,
    )
    intro = ranked_intro(intro, len(picks), cons.filterable()) if ranking else intro
    if back and not likes:
        intro = nothing_shown_said(intro)
    elif back:  # the films it is like were shown, not named
        intro = intro.replace("the film you named", "the picks just shown")
    return PlanPicksArgs(
        intro=intro,
        picks=[
            PlannedPick(
                title=m.title,
                year=m.year,
                reason=ranked_reason(n, m, ranking, reason_for(m, cons, taste, likes, checks, catalogue)),
            )
            for n, m in enumerate(picks, start=1)
        ],
    )
