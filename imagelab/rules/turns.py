"""Reading a turn from an edit instruction: an angle said in degrees, a share of a full turn, or a straightening.

Pure: no Django.
"""

import re

STRAIGHTEN = (
    r"\bstraighten|\blevel (?:the |out the )?horizon|horizon (?:is )?(?:crooked|tilted|wonky|not level)|"
    r"\bfix (?:the )?(?:tilt|horizon)|\b(?:crooked|tilted|wonky)\b|\brotate\b|\btilt\b|"
    r"\blean(?:s|ing)? (?:to (?:the )?)?(?:left|right)|\b(?:not|isn'?t) (?:straight|level)|\bskew(?:ed)?\b|\bslant"
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
    quarter = _QUARTER.search(text)  # "rotate it left": a quarter turn
    if quarter:
        return 90.0 if quarter.group(1) in ("right", "clockwise", "cw") else -90.0
    return None
