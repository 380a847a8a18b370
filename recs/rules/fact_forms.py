"""Wordings of a question about one film: QUESTIONS (a question word, then the title), and loose ones
beyond them: the title said first ("Titanic director?", "saving private ryan - director and year",
"inception's imdb score"), "how old is Jaws", "Avatar came out when", "is Alien pg-13 or R", and a
question about "it" after the title ("the sixth sense, is it rated R?").

Each is read as a question only when the words taken for the title name a catalogue film, so "a thriller
with a good cast" stays a request.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Where a rating comes from, said after "how is X rated" ("… on imdb", "… by the critics").
_WHERE_RATED = r"(?: (?:on|by|at|according to) (?:the )?(?:imdb|rotten tomatoes|metacritic|critics|audiences))?"
# (kind, pattern with a title group) for questions about one film; order matters.
QUESTIONS: list[tuple[str, str]] = [
    ("director", r"who (?:directed|made|helmed|was the director of|is the director of) (?P<t>.+)"),
    ("director", r"(?:who(?: is|'s|s)? )?(?:the )?director (?:of|on|for) (?P<t>.+)"),
    # "who was behind the camera on Fight Club", "who's behind Memento", "whose film is Alien"
    ("director", r"who(?: is| was|'s|s)? behind (?:the camera (?:on|for|of|in) )?(?P<t>.+)"),
    ("director", r"whose (?:film|movie) (?:is|was) (?P<t>.+)"),
    (
        "cast",
        r"who(?: is| was|'s|s| are| were)? (?:(?:stars?|starred|starring|plays?|played|acts?|acted|appears?|"
        r"appeared) )?in (?P<t>.+)",
    ),
    ("cast", r"(?:(?:what|who) is |what's |who's in )?(?:the )?cast (?:of|in|for) (?P<t>.+)"),
    (
        "cast",
        r"who(?: is| was|'s|s| are| were)? the (?:main |lead |leading )?(?:actors?|actress(?:es)?|stars?|leads?) "
        r"(?:in|of) (?P<t>.+)",
    ),
    # the plural verbs ask about several films, or a whole series: "when were the star wars movies released"
    ("year", r"when (?:was|did|is|were|do|are) (?P<t>.+?) (?:released|come out|came out|made|out|premiered?)"),
    # "in which year was made the film Titanic", "when was released Up": the verb before the title, as many
    # learners of English order it
    ("year", r"(?:what|which) year (?:was|were|is) (?:made|released|filmed|shot|premiered) (?P<t>.+)"),
    ("year", r"when (?:was|were|is) (?:made|released|filmed|premiered) (?P<t>.+)"),
    ("year", r"(?:what|which) years? (?:was|did|is|were|do|are) (?P<t>.+?)(?: released| come out| made| from| out)?"),
    ("year", r"(?:release dates?|release years?|years?) (?:of|for) (?P<t>.+)"),
    # "how many toy story movies are there": each part with its year answers it
    ("year", r"how many (?P<t>.+? (?:movies|films)) (?:are there|exist|have there been|did they make|have they made)"),
    # "how long is avatar in hours", "how long r the lord of the rings movies" ("r" is chat-speak for "are")
    ("runtime", r"how long (?:is|are|r) (?P<t>.+?)(?: in (?:hours|minutes|mins|hrs))?"),
    ("runtime", r"how many minutes (?:is|long is) (?P<t>.+)"),
    ("runtime", r"how (?:long|many minutes) does (?P<t>.+?) (?:run|last|go on|take)(?: for)?"),
    # "how many minutes have the movie Finding Nemo", "how many minutes has Up"
    ("runtime", r"how many minutes (?:has|have|does|do) (?P<t>.+?)(?: have| has| last| run| take)?"),
    ("runtime", r"(?:runtime|running time|run time|length|duration) (?:of|for) (?P<t>.+)"),
    # "what rating did critics give Up", "what score did imdb give up": the rater before the title, which
    # the next forms would read as part of it ("critics give up")
    (
        "rating",
        r"(?:what|which|how many) (?:rating|score|stars?|marks?|grade|percentage)s? (?:did|do|does|have|has) "
        r"(?:the )?(?:critics?|reviewers?|audiences?|viewers|people|imdb|rotten tomatoes|metacritic|rt) "
        r"(?:give|gave|given|award|rate|rated)(?: to)? (?P<t>.+)",
    ),
    ("rating", rf"how(?: is| was|'s) (?P<t>.+?) rated{_WHERE_RATED}"),
    ("rating", r"what(?: is|'s) (?P<t>.+?) rated"),
    (
        "rating",
        r"what (?:age |mpaa |imdb |critics? )?(?:rating|certificate|score) (?:does|did|is|has) (?P<t>.+?)(?: have| get| got)?",
    ),
    ("rating", r"(?:imdb |rotten tomatoes |mpaa )?(?:rating|score|reviews?) (?:of|for|on) (?P<t>.+)"),
    ("rating", r"(?:imdb|rotten tomatoes|metacritic)(?: ratings?| scores?| reviews?)? (?:of|for|on) (?P<t>.+)"),
    ("rating", r"(?:the )?(?:tomatometer|rt score|critics? score|audience score) (?:of|for|on) (?P<t>.+)"),
    # "is it rated R or PG-13" once "it" is the title (fact_forms.about_it)
    ("rating", r"is (?P<t>(?!there\b|it\b|this\b|that\b|anything\b|something\b).+?) rated (?:g|pg|r|nc)\b.*"),
    (
        "rating",
        r"what (?:does|did|do) (?:imdb|rotten tomatoes|metacritic|the critics|critics) (?:give|rate|say about|think of) (?P<t>.+)",
    ),
    ("rating", r"is (?P<t>(?!there\b).+?) (?:any good|good|worth (?:watching|it|seeing)|rated well)"),
    # "how did Fight Club do with critics", "how was Alien received by audiences"
    (
        "rating",
        r"how (?:did|was|is) (?P<t>.+?)(?: do| received| reviewed| rated| liked)? (?:with|by|among) "
        r"(?:the )?(?:critics|audiences|reviewers|viewers)",
    ),
    ("genre", r"what (?:genre|(?:kind|sort|type) of (?:film|movie|flick)) is (?P<t>.+)"),
    # "what genre would you call Donnie Darko", "what genre does Alien fall under"
    (
        "genre",
        r"what (?:genre|(?:kind|sort|type) of (?:film|movie|flick)) (?:would|do|does|did) (?:you )?"
        r"(?:call|say|class(?:ify)?|put|consider) (?P<t>.+?)(?: (?:is|as|in|under))?",
    ),
    ("genre", r"what genre (?:does|did|is) (?P<t>.+?) (?:fall (?:into|under)|belong to|count as|fit)"),
    (
        "rating",
        r"is (?P<t>(?!there\b|it\b|this\b|that\b|anything\b|something\b).+?) (?:too \w+ )?"
        r"(?:ok |okay |suitable |safe |appropriate |good )?"
        r"(?:for (?:kids|children|a family|the family|(?:a|an|my|our) \w+[- ](?:years?|yrs?)[- ]olds?|"
        r"(?:my|our|the|young|little) (?:kids?|son|daughter|children|little ones?|toddlers?))|"
        r"family[- ]friendly|kid[- ]friendly|a (?:kids?|family|children'?s?|kid[- ]friendly) (?:film|movie|flick))",
    ),
    # "how old do you have to be to watch Alien", "what age is Jaws for": the age rating answers it
    (
        "rating",
        r"how old (?:do|does|should|must) (?:you|one|i|we|someone|they|he|she|my \w+|kids) (?:have to |need to )?"
        r"be (?:to|for) (?:watch|see) (?P<t>.+)",
    ),
    ("rating", r"what age (?:is|are) (?P<t>.+?) (?:for|suitable for|ok for|aimed at)"),
    (
        "genre",
        r"is (?P<t>(?!there\b|it\b|this\b|that\b|anything\b|something\b).+?) (?:too |very |really )?"
        r"(?:scary|frightening|creepy|funny|sad|violent|gory|romantic|a (?:horror|comedy|thriller|drama|"
        r"western|musical|romance|documentary|war)(?: film| movie)?|animated|anime|an animated (?:film|movie)|a cartoon|an? anime(?: film| movie)?)",
    ),
    ("genre", r"(?:the )?genre (?:of|for) (?P<t>.+)"),
    # "how scary is the exorcist", "how funny is airplane": the genre is what the catalogue knows of it
    ("genre", r"how (?:scary|frightening|creepy|funny|sad|violent|gory|dark|romantic) (?:is|was) (?P<t>.+)"),
    ("rating", r"how many stars (?:does|did|has|do|is) (?P<t>.+?)(?: have| get| got| given)?"),
    # The catalogue has no plots: "what happens in Inception" gets an honest "I don't know" and the facts it has.
    (
        "plot",
        r"^(?:what(?: is|'s|s) )?(?:the )?(?:plot|story ?line|story|synopsis|premise|summary) (?:of|for|in) (?P<t>.+)",
    ),
    ("plot", r"^what happens in (?P<t>.+)"),
    ("about", r"tell me (?:more )?about (?P<t>.+)"),
    ("about", r"what(?: is|'s) (?P<t>.+?) about"),
    ("about", r"what do you know about (?P<t>.+)"),
]
# What is asked, said as a noun after the title, and the kind of fact it is.
FACT_WORDS: dict[str, str] = {
    "director": "director",
    "directed by": "director",
    "who directed it": "director",
    "cast": "cast",
    "actors": "cast",
    "stars": "cast",
    "who's in it": "cast",
    "runtime": "runtime",
    "run time": "runtime",
    "running time": "runtime",
    "length": "runtime",
    "how long": "runtime",
    "how long is it": "runtime",
    "release date": "year",
    "release year": "year",
    "year": "year",
    "when": "year",
    "rating": "rating",
    "ratings": "rating",
    "imdb": "rating",
    "imdb rating": "rating",
    "imdb score": "rating",
    "rotten tomatoes": "rating",
    "rotten tomatoes score": "rating",
    "score": "rating",
    "age rating": "rating",
    "mpaa rating": "rating",
    "genre": "genre",
    "reviews": "rating",
    "critic score": "rating",
    "critics score": "rating",
    "tomatometer": "rating",
    "certificate": "rating",
    "age certificate": "rating",
    "duration": "runtime",
    "plot": "plot",
    "source": "source",
    "based on": "source",
    "synopsis": "plot",
}
_WORD = "|".join(sorted(map(re.escape, FACT_WORDS), key=len, reverse=True))
# "inception's imdb score" too: a possessive "'s" ends the title.
# The separator never starts inside a run of them, nor gives any back (the words after it start with a letter): tried
# from every place of a 4,000-character run of "-", the run was scanned to its end from each (~0.6 s a message)
_TITLE_FIRST = re.compile(
    rf"^(?P<t>.+?)(?:'s)?(?<![\s,:\-–])[\s,:\-–]++(?P<k>(?:{_WORD})(?:\s*(?:and|&|,|\+)\s*(?:{_WORD}))*)$"
)
_MPAA = r"(?:g|pg|pg ?-?13|r|nc ?-?17)"
_WHO = r"(?:kids?|children|child|son|daughter|year olds?|yr olds?|yo|teens?|teenagers?|nephew|niece|toddlers?)"
_SOURCE = (
    r"(?:true (?:story|events)|real (?:events|life|story)|actual events|book|novel|short story|comic(?: book)?|"
    r"graphic novel|play|musical|tv (?:show|series)|video ?game|game|fairy ?tale|legend|myth|magazine article|toy)"
)
_RELEASED = r"(?:came out|come out|was released|released|was made|premiered)"
_KIND = (
    r"(?:a |an )?(?:horror|comedy|thriller|drama|sci ?-?fi|science fiction|western|musical|romance|romcom|"
    r"documentary|fantasy|action|adventure|family|kids|war|crime|mystery|period|superhero)(?: film| movie| one| flick)?"
)
# (kind, whole-question pattern with a title group): the wordings QUESTIONS can't safely match mid-sentence.
LOOSE: list[tuple[str, re.Pattern]] = [
    ("year", re.compile(r"^how old is (?P<t>.+)$")),
    # "do you have avatar?", "is titanic in your catalogue": the film's facts say it is there
    (
        "about",
        re.compile(r"^(?:do|does) (?:you|u) (?:have|know|include) (?P<t>.+?)(?: in (?:your|the) catalog(?:ue)?)?$"),
    ),
    ("about", re.compile(r"^(?:is|are) (?P<t>.+?) in (?:your|the) (?:catalog(?:ue)?|list|database|collection)$")),
    ("year", re.compile(rf"^(?:in )?(?:what|which) year (?:the (?:film |movie )?)?(?P<t>.+?) {_RELEASED}$")),
    # "the film Up, how long it is" (once "it" is the title): the verb last, as learners of English often put it
    ("runtime", re.compile(r"^how long (?P<t>.+?) (?:is|lasts|runs)$")),
    # "is Alien more of a horror or a sci-fi?": which genre it is, offered as choices
    (
        "genre",
        re.compile(rf"^(?:is|was) (?P<t>.+?) (?:more (?:of )?|really |actually )?{_KIND}(?: or (?:more )?{_KIND})+$"),
    ),
    ("year", re.compile(rf"^(?:when )?(?P<t>.+?) {_RELEASED}(?: when| what year)?(?: exactly)?$")),
    ("rating", re.compile(rf"^is (?P<t>.+?) (?:rated )?{_MPAA}(?: rated)?(?: or (?:rated )?{_MPAA})*$")),
    ("director", re.compile(r"^(?P<t>.+?) (?:was |is )?directed by(?: who| whom)?$")),
    ("director", re.compile(r"^who (?:was|is) (?P<t>.+?) directed by$")),
    # "can my 10 year old watch Jurassic Park": what its rating allows is the answer
    (
        "rating",
        re.compile(
            rf"^(?:can|could|should|would) (?:my|a|an|our|the|young|little|\d+) .{{0,30}}?{_WHO} (?:watch|see) (?P<t>.+)$"
        ),
    ),
    (
        "source",
        re.compile(
            rf"^(?:is|was) (?P<t>.+?) (?:based (?:on|off)|adapted from|from|taken from) (?:a |an |the )?{_SOURCE}"
            # "… from a short story or an original script": the alternatives offered change nothing asked
            rf"(?:,? or (?:a |an |the )?(?:{_SOURCE}|original (?:script|screenplay|story|idea)|(?:something )?else))*$"
        ),
    ),
    (
        "source",
        re.compile(
            r"^(?:is|was) (?P<t>.+?) (?:a |an )?(?:true story|remake|original(?: screenplay| story)?|adaptation)$"
        ),
    ),
    ("source", re.compile(r"^(?:what|where) (?:is|was|did) (?P<t>.+?) (?:based (?:on|off)|adapted from|come from)$")),
]
_OPENING = re.compile(r"^(?:what|how|and)(?:'s| is| was| are| were)? (?:the )?")
# "the sixth sense, is it rated R": the title, a break, then a question about "it".
_ABOUT_IT = re.compile(r"^(?P<t>[^,:\-–?]+?)\s*[,:\-–]+\s*(?P<q>.*\bit\b.*)$")


def loose_fact(question: str, names_film: Callable[[str], bool]) -> tuple[list[str], str] | None:
    """(kinds asked, title span) for a loose question whose title names a film, else None."""
    low = " ".join(question.lower().split())
    # "what's inception's imdb score": the question word before a title-first question
    for said in dict.fromkeys((low, _OPENING.sub("", low))):
        match = _TITLE_FIRST.match(said)
        if match and names_film(match.group("t")):
            words = re.split(r"\s*(?:\band\b|&|,|\+)\s*", match.group("k"))
            return list(dict.fromkeys(FACT_WORDS[w] for w in words if w in FACT_WORDS)), match.group("t")
    for kind, pattern in LOOSE:
        match = pattern.match(low)
        if match and names_film(match.group("t")):
            return [kind], match.group("t")
    return None


def about_it(question: str, names_film: Callable[[str], bool]) -> str:
    """ "Jaws, who directed it" -> "who directed Jaws" when the part before the break names a film."""
    match = _ABOUT_IT.match(question)
    if not match or not names_film(match.group("t")):
        return question
    return re.sub(r"\bit\b", lambda _: match.group("t").strip(), match.group("q"), count=1)


# A second question cut to its question word ("who directed se7en and when", "… and how long"): what it
# asks of the first question's film, spelt out so it reads as a question of its own.
_ELLIPTICAL = {
    "when": "when did it come out",
    "what year": "what year did it come out",
    "how long": "how long is it",
    "how old": "what year did it come out",
    "who by": "who directed it",
    "by who": "who directed it",
    "by whom": "who directed it",
    "who made it": "who directed it",
    "what rating": "what is it rated",
    "what genre": "what genre is it",
    "is it any good": "how is it rated",
}


def spelt_out(question: str) -> str:
    """A bare question word joined on ("and when") as the whole question it stands for, else as it was."""
    return _ELLIPTICAL.get(question.strip().rstrip("?!. ").lower(), question)


# A superlative said without its question word: "the oldest movie you have", "oldest film you got",
# "the newest film in your catalogue" (bare "newest movies" asks for films)
SUPERLATIVE_ASKED = re.compile(
    r"(?i)^(?=(?:the (?:newest|oldest|latest|earliest|longest|shortest) (?:films?|movies?)|"
    r"(?:oldest|longest|shortest|earliest) (?:film|movie))\b)"
)
