"""Mode A offline: decide_mode (answer in words or recommend?) and answer (facts from the catalogue).

Picks are planned by recs.rules.rank.plan_picks; recs.rules.handlers serves both to the rule backend.
"""

from __future__ import annotations

import re

from recs.flows.tools import DecideModeArgs
from recs.rules.asks import asks_for_films
from recs.rules.catalogue_facts import catalogue_answer
from recs.rules.compare import compare_answer, compare_question
from recs.rules.explain import genre_noun
from recs.rules.fact_forms import QUESTIONS, SUPERLATIVE_ASKED, about_it, loose_fact, spelt_out
from recs.rules.fuzzy import fix_words
from recs.rules.like import DIRECTOR_OF
from recs.rules.parse import parse_constraints
from recs.rules.people import people_index
from recs.rules.plot_search import WHICH_FILM_ANSWER, asks_which_film
from recs.rules.pronouns import it_named_earlier
from recs.rules.shorthand import in_english, spell_out
from recs.rules.source_said import SOURCE_SAID
from recs.rules.titles import film_namer, resolve, several
from recs.rules.vocab import (
    COMPLAINT,
    GENRE_PATTERNS,
    GREETINGS,
    HELP_ASK,
    OCCASIONS,
    QUESTION_TYPOS,
    SUBGENRES,
    THANKS,
)
from recs.sources.animation import animation_tags
from recs.sources.catalogue import Catalogue, load_catalogue
from recs.sources.franchises import franchise_tags
from recs.sources.movies import Movie
from recs.sources.war import war_tags

RECOMMEND = (
    r"\b(?:recommend\w*|suggest\w*|what should (?:i|we) watch|what to watch|something (?:like|similar)|"
    r"anything like|similar to|give me|show me|find me|pick (?:me|something|a|one)|i want (?:to watch|a|an|some)|"
    r"looking for|in the mood for|movie night|another one|one more|"
    # "loved Up, more like it": but "that's more like it" is approval, not an ask
    r"(?<!that's )(?<!thats )(?<!that is )more like (?:that|this|those|these|it)\b|"
    r"more of (?:that|those|these)|surprise me|i (?:feel like|fancy)|watch tonight|something (?:else|different)|"
    r"any (?:good )?(?:\w+ )?(?:films|movies)|(?:films|movies) (?:by|with|from|like|about|for)|"
    r"(?:a|an|some) (?:good |great )?(?:film|movie)\b|hidden gems?|crowd pleasers?|"
    r"what else (?:would|might|could|will|should|can) (?:i|we|he|she|they|you|my \w+) (?:like|enjoy|love|watch)|"
    r"anything similar\b|(?:something|anything) for (?:him|her|them|us|me|my \w+)\b|"
    # "I'm bored": a request for something to watch, said as a feeling
    r"\bi'?m (?:so |really |super |very )?bored\b|^(?:so )?bored\W*$)"
)
CAPABILITIES = (
    "I can recommend films from my offline catalogue (try *“a tense 90s thriller, nothing with Tom Cruise”* "
    "or *“something like The Matrix but funnier”*), and answer who directed a film, when it came out, "
    "how it's rated, its genre or its runtime."
)
# Questions the catalogue of films can't answer ("who is the best actor ever", "which studio made the most
# money"): people, awards, songs… Only films (titles, years, genres, directors, ratings) are in it.
NOT_ABOUT_FILMS = (
    r"^(?:who|whom|whose|why|where)\b"
    r"|^(?:what|which)\b(?:(?!\b(?:films?|movies?|watch)\b).)*?"
    r"\b(?:actors?|actress(?:es)?|stars?|celebrit(?:y|ies)|composers?|songs?|soundtracks?|oscars?|awards?|"
    r"studios?|characters?|quotes?|lines?|books?|novels?|singers?|bands?|albums?|(?:tv )?shows?|series|"
    r"episodes?|box office)\b"
    r"|\b(?:favou?rite (?:food|colou?r|drink|animal)|net worth|birthday|married to|how old is)\b"
    # "how many oscars did Titanic win", "how much did Avatar make": awards and money aren't recorded.
    # "is up a pixar movie": studios aren't recorded either
    r"|^(?:is|was|are|were)\b.*\b(?:pixar|disney|dreamworks|ghibli|marvel|a24)\b"
    r"|^how (?:many|much)\b(?:(?!\b(?:films?|movies?)\b).)*"
    r"\b(?:oscars?|awards?|money|box office|budget|gross(?:ed)?|earn(?:ed)?|cost|make|made|sequels?)\b"
)
NOT_ABOUT_FILMS_ANSWER = (
    "I don't know: my catalogue only has films (titles, years, genres, directors, ratings), "
    "so I can't answer questions about people, awards or anything else. "
)
# Who wrote, scored, produced or edited a film: the catalogue records directors only.
CREW = re.compile(
    r"^(?:who|whom)(?: was| is|'s| were)?(?: the)? (?:composed|composers?|wrote|writers?|screenwriters?|scored|"
    r"produced|producers?|edited|editors?|cinematographers?|did the (?:music|score|soundtrack|script|screenplay|"
    r"editing|cinematography|costumes|effects))\b",
    re.I,
)
CREW_ANSWER = (
    "I don't know: my catalogue records each film's director, year, genre, ratings and runtime, "
    "not who wrote, scored, produced or edited it. "
)
# "hmm, something", "anything", "idk, you pick": no wish beyond films, but a request all the same.
VAGUE_ASK = (
    r"^(?:(?:hmm+|hm|um+|uh+|erm?|well|ok(?:ay)?|so|oh|ah|idk|dunno|i dunno|i don't know|not sure|no idea|maybe|"
    r"just)\W*)*(?:something|anything|whatever|any film|any movie|you (?:pick|choose|decide)|up to you|"
    r"your (?:pick|choice|call))(?: (?:then|please|really|at all|good|fun|nice))*\W*$"
)
# Film-ish words: a request for what the catalogue doesn't record ("Korean films", "an anime series")
# still asks for films; "I'm from France" does not.
FILMISH = r"\b(?:films?|movies?|flicks?|cinema|series|shows?|sitcoms?|anime|bollywood|k ?dramas?|noir|watch)\b"
UNSURE = "I'm not sure what you'd like me to do with that. "
REFINEMENT = (
    r"\b(?:older|newer|shorter|longer|funnier|scarier|darker|lighter|no more|nothing (?:with|by|from)|without)\b"
)
ERA = r"\b(?:(?:19|20)?\d0 ?'?s|(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))\b"


# "bye", "love it", "great picks": a goodbye or approval, answered like thanks (not "I'm not sure what you'd like")
GOODBYE = (
    r"^(?:bye|goodbye|good ?night|night|see (?:you|ya)|later|cya|love (?:it|them|these|those)|great picks|nice one|"
    r"awesome|amazing|brilliant|perfect|sounds good|looks good|cool)\b[\s!.]*$"
)
# Words after a question that are not part of a title: "…? Thanks!", "…, just curious", "…, please".
TRAILING = re.compile(
    # never from inside a run of punctuation (the run's start matches whenever a later place would): tried at each
    # place of a 4,000-character run of "-", the run was scanned to its end from each, ~0.4 s of CPU a message
    r"(?<![\s,.!?;:-])(?:[\s,.!?;:-]*\b(?:thanks(?: a lot| so much)?|thank you|thx|ty|cheers|please|pls|plz|just curious|"
    r"much appreciated|if you know|"
    # chat-speak tags that end a question, not a title ("…come out lol", "how long is magnolia fr")
    r"lol|lmao|haha+|fr|rn|tbh|ngl|bruh)\b)+[\s,.!?;:-]*$",
    re.I,
)
# Words that open a question without being part of it: "wait, …", "also, …", "ok so …", "quick question: …".
LEADING = re.compile(
    r"^(?:(?:wait|also|ok(?:ay)?|so|oh|btw|by the way|hey|hi|hmm+|um+|quick question|one more thing|"
    r"random question|just wondering)\b[\s,.!:;-]*)+"
    r"(?=(?:who|whose|what|when|where|which|how|is|was|did|does|do|can|could|and)\b)",
    re.I,
)


def _question(text: str) -> str:
    """The question without the trailing courtesy and punctuation."""
    clean = " ".join(in_english(text or "").replace("’", "'").split())
    clean = re.sub(r"(?i)\b(" + "|".join(QUESTION_TYPOS) + r")\b", lambda m: QUESTION_TYPOS[m.group(1).lower()], clean)
    clean = LEADING.sub("", TRAILING.sub("", clean)).rstrip("?!. ")
    return SUPERLATIVE_ASKED.sub("what's ", clean)  # "the oldest movie you have" asks which it is


def decide_mode(text: str, catalogue: Catalogue | None = None) -> DecideModeArgs:
    """A (answer in words) for questions, greetings and chat; B (recommend) for film requests."""
    low = " ".join(spell_out(text).lower().replace("’", "'").split())  # "wat shud i watch 2nite", "🎃"
    if not low:
        return DecideModeArgs(mode="A", reason="Empty message: nothing to recommend yet.")
    if re.search(DIRECTOR_OF, fix_words(low)):  # "anything by the guy who directed Jaws" asks for films
        return DecideModeArgs(mode="B", reason="Asks for films by the director of a film.")
    if asks_which_film(low):  # "what's that horror film where…": no genre request, and no plot to search
        return DecideModeArgs(mode="A", reason="Asks which film has a story: my catalogue records no plots.")
    catalogue = catalogue or load_catalogue()
    asked = about_it(_question(low), film_namer(catalogue))
    asked = it_named_earlier(asked, catalogue, cased=_question(text)) if asked == _question(low) else asked
    if compare_question(asked, catalogue) or catalogue_answer(asked, catalogue):
        return DecideModeArgs(mode="A", reason="A factual question about films in my catalogue.")
    wants_films = bool(re.search(RECOMMEND, low))
    readings = (asked, fix_words(asked))  # as typed, then with typos fixed ("thriler")
    for kind, pattern in QUESTIONS:
        if _question_hit(pattern, readings, wants_films, catalogue):
            return DecideModeArgs(mode="A", reason=f"A factual question about a film ({kind}).")
    loose = loose_fact(asked, film_namer(catalogue))
    if loose:
        return DecideModeArgs(mode="A", reason=f"A factual question about a film ({', '.join(loose[0])}).")
    if re.search(HELP_ASK, low):
        return DecideModeArgs(mode="A", reason="Asks what the assistant can do.")
    if _complaint_only(low):
        return DecideModeArgs(mode="A", reason="A complaint about the picks: apologise and ask what missed.")
    if re.search(RECOMMEND, low) or re.search(VAGUE_ASK, low) or asks_for_films(low, catalogue):
        return DecideModeArgs(mode="B", reason="Asks for a recommendation.")
    if re.search(NOT_ABOUT_FILMS, low):
        return DecideModeArgs(mode="A", reason="A question my film catalogue can't answer: say so.")
    fixed = fix_words(low)  # "thriler", "ninties"
    genre_hit = any(re.search(rf"(?<![a-z]){p}(?![a-z])", fixed) for p, _ in GENRE_PATTERNS + OCCASIONS + SUBGENRES)
    if genre_hit or re.search(ERA, fixed) or re.search(REFINEMENT, low):
        return DecideModeArgs(mode="B", reason="Describes films wanted (genre, era or a refinement).")
    if re.search(GREETINGS, low):
        return DecideModeArgs(mode="A", reason="A greeting: reply conversationally.")
    if re.search(THANKS, low) or re.search(GOODBYE, low):
        return DecideModeArgs(mode="A", reason="Thanks: reply conversationally.")
    # No trigger word, but a description of films ("a Spielberg film", "family friendly under two hours").
    cons = parse_constraints(text, catalogue)
    if not cons.model_copy(update={"unsupported": []}).is_empty():
        return DecideModeArgs(mode="B", reason="Describes films wanted (people, ratings, runtime or years).")
    # "something quirky": a wish the catalogue can't filter on is still a request for films.
    # "heist", "zombies?", "korean": a message of little more than the wish is a request too.
    short = len(re.findall(r"\w+", low)) <= 3 and not re.search(r"\b(?:i|im|we|my|he|she|they)\b", low)  # "i'm korean"
    if cons.unsupported and (short or re.search(FILMISH, low) or re.search(r"^(?:something|anything)\b", low)):
        return DecideModeArgs(mode="B", reason="Asks for films by what my catalogue doesn't record: say so, pick.")
    return DecideModeArgs(mode="A", reason="General chat with no request for films.")


def _question_hit(pattern: str, readings: tuple[str, str], wants_films: bool, catalogue: Catalogue) -> bool:
    """A question wording in the message; beside a request for films, only when its title names a film
    ("which film do you recommend for a child? is animation good" asks for films, not about "animation")."""
    for said in readings:
        if not re.search(r"\b" + pattern, said):
            continue
        if not wants_films:
            return True
        whole = re.search(r"\b" + pattern + r"\s*(?:[?.!,;]|$)", said)
        if whole and (resolve(whole.group("t"), catalogue)[1] or several(whole.group("t"), catalogue)):
            return True
    return False


def _complaint_only(low: str) -> bool:
    """A complaint with no new wish in it ("these are rubbish"); "rubbish, something funnier" is a request."""
    if not re.search(COMPLAINT, low):
        return False
    rest = re.sub(COMPLAINT, " ", low)
    if re.search(RECOMMEND, rest) or re.search(REFINEMENT, rest) or re.search(ERA, rest):
        return False
    return not any(
        re.search(rf"(?<![a-z]){p}(?![a-z])", fix_words(rest)) for p, _ in GENRE_PATTERNS + OCCASIONS + SUBGENRES
    )


def _fact(kind: str, movie: Movie, catalogue: Catalogue) -> str:
    name = f"**{movie.title}** ({movie.year})"
    if kind == "director":
        return (
            f"{name} was directed by **{movie.director}**."
            if movie.director
            else f"My catalogue doesn't list a director for {name}."
        )
    if kind == "year":
        return f"**{movie.title}** was released in **{movie.year}**."
    if kind == "cast":
        return _cast(movie, name, catalogue)
    if kind == "runtime":
        if not movie.runtime:
            return f"My catalogue doesn't list a runtime for {name}."
        hours, minutes = divmod(movie.runtime, 60)
        return f"{name} runs **{movie.runtime} minutes** ({hours} h {minutes:02d} min)."
    if kind == "genre":
        if not movie.genres:
            return f"My catalogue doesn't list a genre for {name}."
        extra = f" ({movie.creative_type})" if movie.creative_type else ""
        # "is Shrek animated?", "is Ponyo anime?": the hand tags answer them
        hand_tagged = [*war_tags(movie.id), *animation_tags(movie.id), *(franchise_tags(movie.id) & {"Anime"})]
        return f"{name} is listed as **{', '.join([*movie.genres, *hand_tagged])}**{extra}."
    if kind == "rating":
        parts = []
        if movie.rating is not None:
            votes = f" ({movie.votes:,} votes)" if movie.votes else ""
            parts.append(f"IMDB **{movie.rating:.1f}**/10{votes}")
        rotten = catalogue.rotten.get(movie.id)
        if rotten is not None:
            parts.append(f"Rotten Tomatoes **{rotten}%**")
        if movie.mpaa:
            parts.append(f"MPAA **{movie.mpaa}**")
        return f"{name}: " + " · ".join(parts) + "." if parts else f"My catalogue has no ratings for {name}."
    if kind == "source":
        source = catalogue.story_source.get(movie.id)
        if not source:
            return f"I don't know what {name} is based on: my catalogue doesn't record it."
        return f"{name}: {SOURCE_SAID.get(source, source.lower())} (as my catalogue records its source)."
    if kind == "plot":
        return f"I don't know the plot of {name}: my catalogue has facts, not plot summaries. " + _fact(
            "about", movie, catalogue
        ).removesuffix(" (My catalogue has facts, not plot summaries.)")
    noun = genre_noun(movie.genres[0] if movie.genres else None)
    said = f"{name}: {'an' if noun[0] in 'aeiou' else 'a'} {noun}"
    said += f" directed by {movie.director}" if movie.director else ""
    facts = [
        f"{movie.runtime} minutes" if movie.runtime else "",
        f"rated {movie.mpaa}" if movie.mpaa and movie.mpaa not in ("Not Rated", "Open") else "",
        f"IMDB {movie.rating:.1f}" if movie.rating is not None else "",
        f"Rotten Tomatoes {catalogue.rotten[movie.id]}%" if catalogue.rotten.get(movie.id) is not None else "",
    ]
    said += "".join(f", {fact}" for fact in facts if fact)
    return f"{said}. (My catalogue has facts, not plot summaries.)"


def _cast(movie: Movie, name: str, catalogue: Catalogue) -> str:
    # Only the curated cast table knows actors: say the list is partial rather than passing it off as the cast.
    actors = people_index(catalogue).starring(movie)
    if not actors:
        return f"My catalogue doesn't list the cast of {name}."
    return f"{name} stars **{', '.join(actors)}** (from my list of well-known actors, not the full cast)."


def _answer_kind(kind: str, span: str, catalogue: Catalogue) -> str:
    """The reply to one kind of question about the film(s) a span names."""
    title, films = resolve(span, catalogue)
    if not films:
        title, films = resolve(re.split(r"[,;!?]", span)[0], catalogue)  # "Titanic, I need to know…"
    listed = [] if films else several(span, catalogue)
    if listed:  # "who directed Jaws and Raiders of the Lost Ark?"
        return "\n".join(f"- {_fact(kind, films[0], catalogue)}" for films in listed)
    if not films:
        return (
            f"I don't know **{title}** from my catalogue ({len(catalogue.movies):,} films, up to 2010), "
            "so I won't guess. " + CAPABILITIES
        )
    if len(films) > 1 and kind != "year":
        return f"There are {len(films)} films called **{films[0].title}** in my catalogue:\n\n" + "\n".join(
            f"- {_fact(kind, m, catalogue)}" for m in sorted(films, key=lambda m: m.year or 0)
        )
    if len(films) > 1:
        years = ", ".join(str(m.year) for m in sorted(films, key=lambda m: m.year or 0))
        return f"My catalogue has {len(films)} films called **{films[0].title}**, released in {years}."
    return _fact(kind, films[0], catalogue)


def answer(text: str, catalogue: Catalogue) -> str:
    """Mode A reply in short Markdown, using only facts from the catalogue."""
    clean = it_named_earlier(about_it(_question(text), film_namer(catalogue)), catalogue)
    if CREW.match(clean):  # "who composed the score for Jaws": not a rating question about Jaws
        return CREW_ANSWER + CAPABILITIES
    if asks_which_film(clean):
        return WHICH_FILM_ANSWER + CAPABILITIES
    said = _two_questions(clean, catalogue) or _film_fact(clean, catalogue)
    if said and said[1] and not _names_film(said[1], catalogue):  # "what year did X come out, my kids ask"
        said = _clause_fact(clean, catalogue) or said  # a clause of it may name the film the whole didn't
    said = said or _clause_fact(clean, catalogue)
    if said:
        return said[0]
    low = " ".join((text or "").replace("’", "'").split()).rstrip("?!. ").lower()
    if re.search(HELP_ASK, low):
        return "I'm Marquee, your film guide. " + CAPABILITIES
    if re.search(GREETINGS, low):
        return (
            "Hi! Tell me what you're in the mood for — a genre, an era, a director, or “something like …”. "
            "I can also answer quick questions about a film."
        )
    if _complaint_only(low):
        return (
            "Sorry those missed! Tell me what was off (too old, wrong genre, too long, seen them all) "
            "and I'll recommend something closer."
        )
    if re.search(NOT_ABOUT_FILMS, low) and not re.search(RECOMMEND, low):
        return NOT_ABOUT_FILMS_ANSWER + CAPABILITIES
    if re.search(THANKS, low) or re.search(GOODBYE, low):
        said = "You're welcome!" if re.search(THANKS, low) else "Enjoy the film!"
        return f"{said} Say “another one” or describe a mood whenever you want more picks."
    if re.search(
        r"\?$|^(?:what|which|who|when|where|why|how|is|are|was|were|do|does|did|can|could)\b",
        (text or "").strip().lower(),
    ):
        return "I don't know that from my catalogue. " + CAPABILITIES
    return UNSURE + CAPABILITIES


def _film_fact(clean: str, catalogue: Catalogue) -> tuple[str, str] | None:
    """(reply, title span) for a question about one film, two films compared or a person's films, else None."""
    said = compare_answer(clean, catalogue) or catalogue_answer(clean, catalogue)
    if said:
        return said, ""
    for kind, pattern in QUESTIONS:
        match = re.search(r"(?i)\b" + pattern + r"$", clean) or re.search(
            r"\b" + pattern + r"$", fix_words(clean.lower())
        )
        if match:
            return _answer_kind(kind, match.group("t"), catalogue), match.group("t")
    loose = loose_fact(clean, film_namer(catalogue))
    if loose:  # "saving private ryan - director and year": one line per fact asked
        return "\n".join(_answer_kind(kind, loose[1], catalogue) for kind in loose[0]), loose[1]
    return None


def _names_film(span: str, catalogue: Catalogue) -> bool:
    """Whether the title words of a question name a catalogue film, as _answer_kind reads them."""
    return bool(resolve(span, catalogue)[1] or resolve(re.split(r"[,;!?]", span)[0], catalogue)[1]) or bool(
        several(span, catalogue)
    )


# A question, then more said around it: "what is Ratatouille rated? deciding if my 6 year old can watch it",
# "is The Dark Knight ok for a ten year old, what's its rating". Each clause is tried once the whole fails.
_CLAUSES = re.compile(r"\s*(?:[?;!]|, |\. )\s*")


def _clause_fact(clean: str, catalogue: Catalogue) -> tuple[str, str] | None:
    """The answer to the first clause that is a question about a film, when the whole question is none."""
    clauses = [c for c in _CLAUSES.split(clean) if c.strip()]
    if len(clauses) < 2:
        return None
    for clause in clauses:
        said = _film_fact(LEADING.sub("", clause.strip()).rstrip("?!. "), catalogue)
        if said:
            return said
    return None


# "when did the incredibles come out and who made it" (or "… n who made it"): a second question joined on.
_SECOND = re.compile(r"^(?P<a>.+?),? (?:and|n|&) (?P<b>(?:who|what|when|how|which|is|was|did|does|has|by)\b.*)$", re.I)


def _two_questions(clean: str, catalogue: Catalogue) -> tuple[str, str] | None:
    """Both answers when two questions are joined by "and" and "it" in the second is the first one's film."""
    match = _SECOND.match(clean)
    first = _film_fact(match.group("a"), catalogue) if match else None
    if not first or not first[1]:
        return None
    title = first[1].strip()
    second = _film_fact(
        re.sub(r"(?i)\b(?:it|that one|that film|that movie)\b", title, spelt_out(match.group("b")), count=1), catalogue
    )
    return (f"{first[0]}\n\n{second[0]}", title) if second else None
