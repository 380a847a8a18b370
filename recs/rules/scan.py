"""The request text as the parser reads it (folded, negations rewritten) and a Scanner that claims phrases."""

from __future__ import annotations

import re
import unicodedata

from recs.rules.numbers import spelled_years
from recs.rules.runtime import spoken_runtimes
from recs.rules.shorthand import spell_out
from recs.rules.vocab import FILLER, NEGATION_REWRITES, NEGATORS


def prepare(text: str) -> str:
    """Fold accents/case/punctuation like normalize_title, but keep commas as clause breaks."""
    text = unicodedata.normalize("NFKD", spell_out(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = _CLIPPED_YEAR.sub(lambda m: ("19" if int(m.group(1)) >= 30 else "20") + m.group(1), text)
    text = text.replace("&", " and ").replace("'", " ").replace("’", " ")
    text = re.sub(r"(?<=\d)\.(?=\d)", "\x00", text)  # "2.5 hours" keeps its decimal point
    text = re.sub(r"[,;.!?:()]+", " , ", text)
    text = re.sub(r"[^a-z0-9, \x00]+", " ", text).replace("\x00", ".")
    text = spelled_years(" " + " ".join(text.split()) + " ")  # "before nineteen eighty" reads "before 1980"
    text = _TOO_MUCH.sub(lambda m: f"{m.group(1)} not too", text)
    text = LESS_OF_A_KIND.sub("not ", text)
    text = _NON_NAME.sub("not ", text)
    text = _DONE_WITH.sub("not ", _ENOUGH.sub(r"\1not ", text))
    text = _WORDED_LIKE.sub(r"\1 , like ", text)
    for pattern, replacement in NEGATION_REWRITES:
        text = re.sub(pattern, replacement, text)
    return spoken_runtimes(text)


# "those are too long", "too scary for me": a complaint about the picks shown asks for less of it ("not too long")
_TOO_MUCH = re.compile(
    # "nah too old", "ugh too long": an interjection before the complaint says the same
    r"(^|\b(?:those|these|they|them|that|it|all|are|were|re|is|was|s|look|looks|seem|seems|nah|nope|ugh|meh|eh|hmm))"
    r"(?: (?:way|a bit|bit|much|far|just))? too(?= (?:long|old|short|scary|violent|dark|sad|slow|boring|gory|intense|"
    r"depressing|heavy|childish|kiddie|serious|silly|cheesy|romantic|weird|new|recent)\b)"
)


# "something dark like inception", "anything mind bending like memento": the words between are a wish of their own
# and "like" still names the film (a clause break lets like.py read it as it reads ", like inception")
_WORDED_LIKE = re.compile(
    r"\b((?:something|anything|films?|movies?)(?: (?!(?:just|kind|of|a|bit|little|else|not|nothing|like|"
    r"i|you|we|they|he|she|would|d|my|your|our)\b)[a-z]+){1,2})"
    r" like (?=[a-z])"
)


# "less romantic", "less superhero-y": none of that kind ("less scary", "less dark" are a softer tone: tone.py)
LESS_OF_A_KIND = re.compile(
    r"\b(?:(?:a )?(?:bit|little) |slightly |much |way )?less (?=(?:romantic|romance|romcom|rom com|action|"
    r"super ?hero(?:es)?|sci ?fi|musical|western|animated|cartoony)\b)"
)


# "non-marvel ones", "leave out marvel", "minus the dc stuff": a studio or franchise ruled out ("non violent" and
# "non english" stay as they are)
_NON_NAME = re.compile(
    r"\b(?:non|leave out|leaving out|leave off|cut out|ditch|drop)(?: the| any)? (?=(?:marvel|mcu|dc|dceu|pixar|disney|"
    r"dreamworks|ghibli|studio ghibli|bond|james bond|007|batman|superman|spider ?man|x ?men|super ?heroe?s?|anime)\b)"
)


# "comedies from '88", "a thriller from ’97": a year with its century clipped off ("the '90s" stays a decade)
_CLIPPED_YEAR = re.compile(r"(?<![\w'’‘])['’‘](\d\d)\b(?!\s?s\b)")


# "enough dc", "ok enough with the horror", "i've had enough of romcoms", "seen enough tarantino": had one's fill
# of a kind, read as "not"; "old enough", "enough time" and "long enough" are no such thing.
_ENOUGH = re.compile(
    r"(^ ?| , ?|\b(?:ok|okay|alright|right|yeah|so|well|ugh|honestly|i ve|ive|we ve|weve|i|we|that s|thats)"
    r"(?: had| seen| watched)? |\b(?:had|seen|watched) )enough(?: of| with| already)?(?: the| all the| all| those| these| that)? "
    r"(?!(?:time|to|for|already)\b)"
)
# "i'm done with marvel", "we're so done with horror": the same fill of a kind
_DONE_WITH = re.compile(
    r"\b(?:i m|im|i am|we re|we are)(?: so| kinda| totally| pretty much| just| officially)? done with"
    r"(?: the| all the| all| those| these)? "
)


class Claims(list):
    """The claimed (start, end) spans, with a per-character mask so a freedom check costs its span, not every claim."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.mask = bytearray(size + 1)

    def append(self, span: tuple[int, int]) -> None:
        super().append(span)
        self.mask[span[0] : span[1]] = b"\x01" * len(self.mask[span[0] : span[1]])

    def extend(self, spans) -> None:
        for span in spans:
            self.append(span)

    def __iadd__(self, spans):
        self.extend(spans)
        return self


# How far back negated() and before() read: a few words, whatever the request's length ("80s " x 1000 was quadratic)
_LOOKBACK = 160


class Scanner:
    """Finds phrases once each and tells whether a negator governs them."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.claimed = Claims(len(text))

    def _free(self, start: int, end: int) -> bool:
        return not any(self.claimed.mask[start:end])

    def find(self, pattern: str) -> list[re.Match]:
        found = []
        for match in re.finditer(r"(?<![a-z0-9])(?:" + pattern + r")(?![a-z0-9])", self.text):
            if self._free(match.start(), match.end()):
                self.claimed.append((match.start(), match.end()))
                found.append(match)
        return found

    def _tokens_before(self, start: int, pattern: str) -> list[re.Match]:
        """The tokens ending before start, read from a window that still holds the last eight whole ones."""
        window = _LOOKBACK
        while True:
            begin = max(0, start - window)
            tokens = list(re.compile(pattern).finditer(self.text, begin, start))
            if begin == 0 or len(tokens) > 8:
                return tokens[1:] if begin else tokens  # the first may be a word cut in half
            window *= 4

    def negated(self, start: int) -> bool:
        tokens = self._tokens_before(start, r"[a-z0-9]+|,")
        for steps, token in enumerate(reversed(tokens)):
            word = token.group()
            if steps > 6 or word == ",":
                return False
            if word in NEGATORS:
                return True
            inside_claim = not self._free(token.start(), token.end())
            if word not in FILLER and not inside_claim:
                return False
        return False

    def before(self, start: int, count: int = 2) -> list[str]:
        return [token.group() for token in self._tokens_before(start, r"[a-z0-9]+")][-count:]
