"""Reading a turn from an edit instruction: an angle said in degrees, a share of a full turn, a straightening, or
an orientation reached by a quarter turn ("rotate it to landscape": turned only when the photo stands otherwise);
and a mirror asked ("flip it horizontally", "flip it upside down").

Pure: no Django.
"""

import re

STRAIGHTEN = (
    r"\bstraighten|\blevel (?:the |out the )?horizon|horizon (?:is )?(?:crooked|tilted|wonky|not level)|"
    r"\bfix (?:the )?(?:tilt|horizon)|\b(?:crooked|tilted|wonky)\b|\brotate\b|\btilt\b|"
    r"\blean(?:s|ing)? (?:to (?:the )?)?(?:left|right)|\b(?:not|isn'?t) (?:straight|level)|\bskew(?:ed)?\b|\bslant|"
    # a small turn asked one way with no angle: "turn it clockwise a bit", "rotate it slightly to the right"
    r"\bturn\w*\s+(?:it\s+|this\s+|the (?:photo|picture|image)\s+)?(?:(?:a (?:bit|little|touch|tad|hair)|slightly)\s+)?"
    r"(?:clockwise|counter[- ]?clockwise|anti[- ]?clockwise|cw|ccw)\b(?=[^.;!?]*\b(?:a (?:bit|little|touch|tad|hair)|slightly))|"
    r"\bturn\w*\s+(?:it\s+|this\s+|the (?:photo|picture|image)\s+)?(?:a (?:bit|little|touch|tad|hair)|slightly)\s+"
    r"(?:clockwise|counter[- ]?clockwise|anti[- ]?clockwise|cw|ccw|(?:to (?:the )?)?(?:left|right))\b"
)
# A turn said to be small: "a bit", "slightly" (no quarter turn, however "rotate it clockwise" would read alone)
SMALL_TURN = re.compile(
    r"\b(?:rotat|turn|spin)\w*\b[^.;!?]*?\b(?:a (?:bit|little|touch|tad|hair)|slightly|a few degrees)\b|"
    r"\b(?:a (?:bit|little|touch|tad|hair)|slightly)\s+(?:rotat|turn)"
)


# A rotation needs a rotate/straighten/tilt verb before the number or a degree unit after it
# ("turn up the warmth 10%" and "a 1970s look" are not rotations); percentages and decades never are.
# A side of an aspect ratio ("3:2", "4 by 5", "16x9") is no angle either.
_ANGLE = re.compile(r"(?<![\w.:/×])(?<!\d by )(-?\d+(?:\.\d+)?)(?![\d.]|\s*%|'s\b|(?!deg)[a-z]|\s*(?::|/|×|x|by)\s*\d)")
_UNIT = re.compile(r"\s*-?\s*(?:°|degrees?\b|deg\b)")
# the verb in the number's own clause: "straighten the horizon and crop to 3" names no angle
_VERB_BEFORE = re.compile(r"\b(rotat|straighten|tilt|turn)\w*((?:(?!\b(?:and|then|but|also|plus)\b)[^\d,.;!?]){0,30})$")
_LEFT = r"counter[- ]?clockwise|anti[- ]?clockwise|ccw|left"
_LEFT_AFTER = re.compile(r"\s*(?:to (?:the )?)?(?:" + _LEFT + r")\b")
# turns said as a share of a full one: a quarter is 90° clockwise unless said otherwise, three quarters the other way
_TURNS = re.compile(r"\b(?:(three[- ]quarters?|3/4)|quarter|1/4)[- ]turn\b")
_QUARTER = re.compile(
    r"\brotate (?:it |the (?:photo|image|picture) )?(?:to the )?"
    r"(left|right|clockwise|counter[- ]?clockwise|anti[- ]?clockwise|ccw|cw)\b"
)


def rotation(text: str) -> float | None:
    """Clockwise degrees asked for (negative for left / counter-clockwise), or None."""
    for m in _ANGLE.finditer(text):
        unit = _UNIT.match(text, m.end())
        verb = _VERB_BEFORE.search(text[max(0, m.start() - 40) : m.start()])
        if not unit and not (verb and verb.group(1) != "turn"):
            continue
        left = (verb is not None and re.search(rf"\b(?:{_LEFT})\b", verb.group(2)) is not None) or _LEFT_AFTER.match(
            text, unit.end() if unit else m.end()
        ) is not None
        deg = float(m.group(1))
        return -deg if left else deg
    if re.search(r"\bupside[- ]down\b|\bhalf[- ]turn\b", text):  # "it's upside down": a half turn
        return 180.0
    turn = _TURNS.search(text)  # "a quarter turn to the left", "three quarter turn clockwise"
    if turn:
        left = _LEFT_AFTER.match(text, turn.end()) is not None or re.search(rf"\b(?:{_LEFT})\b", text) is not None
        return -90.0 if left != bool(turn.group(1)) else 90.0
    quarter = _QUARTER.search(text)  # "rotate it left": a quarter turn; "rotate it left a bit" a small one, unmeasured
    if quarter and not SMALL_TURN.search(text):
        return 90.0 if quarter.group(1) in ("right", "clockwise", "cw") else -90.0
    return None


# An orientation reached by turning the photo: "rotate it to landscape", "turn it to portrait", "flip it to
# portrait" (a turn, not a mirror). "Turn it into a portrait" reshapes it instead (a crop, read by `wishes`).
_PHOTO = r"(?:(?:it|(?:this|that|the|my)(?:\s+(?:photo|picture|image|pic|shot|one))?)\s+)?"
_ORIENT = re.compile(
    rf"\b(?:(?:rotat|flip|spin)\w*\s+{_PHOTO}(?:(?:round|around|over|sideways)\s+)?(?:back\s+)?(?:to|into|in|so\s+(?:it'?s|its|it is))|"
    rf"turn(?:ed|ing)?\s+{_PHOTO}(?:(?:round|around|over|sideways)\s+)?(?:back\s+)?(?:to|so\s+(?:it'?s|its|it is)))\s+(?:an?\s+)?"
    r"(landscape|portrait|horizontal|vertical)\b(?:\s+(?:orientation|mode|format|view))?"
)
# A photo said to lie on its side needs a quarter turn to the other orientation, whatever its shape now.
_SIDEWAYS = re.compile(
    r"\b(?:it'?s|its|it is|is|are|came out|comes out|shows|showing|displays|displayed|turned|lying)\s+(?:\w+\s+)?"
    r"sideways\b|\bon its side\b|\b(?:turn|rotat|flip|spin)\w*\s+(?:it\s+|this\s+|the (?:photo|picture|image|pic)\s+)?sideways\b"
)
_RIGHT = re.compile(r"\b(?:clockwise|cw|(?:to the )?right)\b")
_UPRIGHT = {"landscape": "landscape", "horizontal": "landscape", "portrait": "portrait", "vertical": "portrait"}


def orientation(text: str) -> tuple[str, str | None, int]:
    """(the text without the turn, the orientation asked by turning: landscape, portrait or "other" (it lies on
    its side), or None, and the way: +1 clockwise, -1 counter-clockwise, 0 not said)."""
    m = _ORIENT.search(text)
    want = _UPRIGHT[m.group(1)] if m else "other" if _SIDEWAYS.search(text) else None
    if want is None:
        return text, None, 0
    rest = text[: m.start()] + " " + text[m.end() :] if m else text
    way = -1 if re.search(rf"\b(?:{_LEFT})\b", rest) else 1 if _RIGHT.search(rest) else 0
    return rest, want, way


def shape_of(size: tuple[int, int]) -> str:
    """ "landscape", "portrait" or "square": how a picture of `size` stands."""
    w, h = size
    return "square" if w == h else "landscape" if w > h else "portrait"


# Which way is up cannot be seen offline: when not said, plans 1, 3 and 5 turn clockwise and 2 and 4 the other way,
# so one of the two is the upright photo.
BOTH_WAYS = (90.0, -90.0, 90.0, -90.0, 90.0)


def settle_orientation(intent: dict, size: tuple[int, int]) -> None:
    """Turn an asked orientation into quarter turns for the photo at `size` (`intent["quarters"]`), or a crop for a
    square photo, or nothing when it already stands that way, each said first in the strategy (`intent["said"]`)."""
    want, now = intent.get("orient"), shape_of(size)
    if want is None:
        return
    if want == now:
        intent["said"].append(f"The photo is already {now} ({size[0]}×{size[1]}), so it is not turned.")
        return
    if want != "other" and now == "square":  # a turned square is still square: its asked shape is a crop
        intent["ratio"] = intent["ratio"] or (3 / 2 if want == "landscape" else 4 / 5)
        intent["said"].append(f"The photo is square, so turning it would not make it {want}: it is cropped instead.")
        return
    way = intent.get("orient_way", 0)
    intent["quarters"] = BOTH_WAYS if not way else (90.0 * way,) * len(BOTH_WAYS)
    if not way:
        intent["said"].append(
            "Which way is up was not said, so plans 1, 3 and 5 turn it a quarter clockwise and 2 and 4 counter-clockwise."
        )


# A mirror asked for: "flip it horizontally", "mirror the photo", "make it a mirror image", "flip it upside down".
# A mirror named as a thing is no ask ("my mirror selfie", "in the mirror", "the lake is like a mirror"), nor a
# flip to an orientation or sideways (a quarter turn, read by `orientation` first).
_WAY = (
    r"(?:(?:horizontal|vertical)(?:ly)?|upside[- ]down|(?:from )?(?:left to right|right to left|top to bottom|"
    r"bottom to top)|left[- ]right|top[- ]bottom|side to side|over)"
)
_MIRROR = re.compile(
    r"\b(?:(?:an? )?(?:(?:horizontal|vertical) )?flip(?:ped|ping|s)?|(?:an? )?mirror[- ]image|"
    r"(?<!\bthe )(?<!\ba )(?<!\bmy )(?<!\bin )mirror(?:ed|ing|s)?)\b"
    r"(?![- ](?:like|selfie|shot|pic|photo|reflection)\b)"
    r"(?!\s+(?:it\s+|this\s+|the (?:photo|picture|image|pic)\s+)?sideways\b)"
    r"(?:\s+(?:(?:this|that|the|my)\s+(?:photo|picture|image|pic|shot|one)|it|this|that|them))?"
    rf"(?:\s*{_WAY}\b)?(?:\s+{_WAY}\b)?"
)
_VERTICAL = re.compile(r"\bvertical(?:ly)?\b|\bupside[- ]down\b|\btop to bottom\b|\bbottom to top\b|\btop[- ]bottom\b")
_VERTICAL_APART = re.compile(r"\bvertically\b|\bupside[- ]down\b|\btop to bottom\b")  # not "a vertical crop"


def mirroring(text: str) -> tuple[str, str | None]:
    """(the text without the flip asked, "horizontal", "vertical" or None): a flip said upside down, vertically or
    top to bottom is vertical, anywhere in the message ("it's upside down, flip it"); else a left-right mirror."""
    m = _MIRROR.search(text)
    if m is None:
        return text, None
    way = "vertical" if _VERTICAL.search(m.group(0)) else None
    rest = text[: m.start()] + " " + text[m.end() :]
    if way is None and _VERTICAL_APART.search(rest):  # said apart from the verb: not also a half turn
        way, rest = "vertical", _VERTICAL_APART.sub(" ", rest)
    return rest, way or "horizontal"
