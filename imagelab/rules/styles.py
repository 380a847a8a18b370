"""Looks and geometry asked for by name: black and white, sepia, vintage, cinematic, a clean edit; a crop, a square,
the framing kept. `intent` reads each (a look refused right before its name, "no b&w", is not asked). Pure: no Django.
"""

import re

from imagelab.rules.generative import BW, DRAINED
from imagelab.rules.wishes import ANALOGUE

# Words ending the clause before a look that turn it down ("don't make it black and white", "no b&w"):
# a look named only to refuse it must not pick the look's family.
STYLE_NOT = re.compile(
    r"\b(?:no|not|without|never|rather than|instead of|"
    r"(?:don'?t|do not|never)(?: (?:make|turn|go|want|need|convert|do))?(?: it| this)?(?: (?:into|to|in))?)"
    r"(?: (?:full|fully|complete|completely|total|totally|entirely|pure|proper|all the way|quite|as far as))?"
    r"(?: (?:to|into|in|as))?$"  # "not full b&w", "not all the way to black and white"
)

STYLES = {
    # a newspaper photo is black and white (and grainy: `wishes.FINISHES`)
    # film noir and black-and-white film stocks by name ("shot on tri-x", "ilford hp5") are black and white too
    "bw": rf"{BW}|b&w|b/w|monochrome|gr[ae]y[- ]?scale|\bbw\b|\bmono\b|{DRAINED}|\bnews ?(?:paper|print)\b|"
    r"\bnoir\b|\btri-?x\b|\bilford\b|\bhp ?5\b|\bt-?max\b",
    "sepia": r"sepia",
    # a decade named is its era's look ("90s", "a 1970s vibe", "the eighties"), as are film cameras by name
    "vintage": r"vintage|retro|\bfilm\b(?! look)|analog(?:ue)?|faded|old photo|nostalg|polaroid|y2k|"
    r"\b(?:19)?[2-9]0'?s\b|\b(?:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b|"
    r"\blook (?:older|old|aged|antique)\b|\bold[- ]?(?:timey|fashioned|school)\b|" + ANALOGUE,
    "cinematic": r"cinematic|film look|movie|teal",
    # a clean, true-to-life edit: no casts, tints, vignettes or grain ("clean it up for linkedin, nothing arty")
    "clean": r"\bclean(?:er)?\b(?!\s+(?:it\s+)?(?:up\s+)?(?:the\s+|some\s+|that\s+|all\s+)?nois)|\bnatural[- ]look|"
    r"\blinked ?in\b|\bprofessional\b|\bcorporate\b|\bheadshot\b|\b(?:cv|resume|passport) (?:photo|pic)|"
    r"\bnothing (?:too )?(?:arty|artsy|fancy|over the top|crazy|wild|stylised|stylized)\b|\b(?:no|without)(?: any)? (?:filters?|effects?)\b|"
    # colours put right with no direction named: "fix the white balance", "neutral colours", "correct the colours"
    r"\b(?:fix|correct|neutrali[sz]e|balance)\s+(?:the\s+|my\s+)?(?:white balance|wb|colou?r balance|colou?rs)\b|"
    # an edit gone too far, asked back: "it looks fake, make it more natural", "less overedited", "too processed"
    r"\b(?:looks?|it'?s|its|too|so|bit|kinda)\s+(?:fake|over-?edited|over-?processed|artificial|plastic)\b|"
    r"\bless\s+(?:fake|edited|over-?edited|processed|artificial)\b|\bmake it\s+(?:look\s+)?(?:more\s+)?natural\b|"
    r"\b(?:looks?\s+)?more natural\b|"
    r"\bneutral colou?rs?\b|\bcolou?rs? (?:more )?(?:neutral|true to life|accurate|realistic)\b|"
    r"\bcolou?rs? (?:are |look |seem )?(?:a bit |all |kinda )?(?:off|wrong|weird|strange)\b",
}
GEOMETRY = {
    "crop": r"\bcrop|tighter|\btighten\b|closer(?!\s+to\s+(?:the\s+|my\s+)?(?:original|real|natural|how|what|reality|life|normal|before))|zoom in",  # "closer to the original" is no crop
    "square": r"square|1:1|instagram(?!\s+(?:filters?|look|vibes?|style|aesthetic|preset|edit))",
    "keep_framing": r"keep (?:the )?(?:framing|composition|crop)|don'?t crop|no crop|without crop|"
    r"(?:don'?t|do not|never) (?:touch|change|alter|mess with) (?:the )?(?:crop|cropping|framing|composition)|"
    r"keep (?:the |it |all |the whole |the full )+(?:picture|photo|image|frame|thing)|"
    r"(?:don'?t|do not|without|never) (?:cut(?:ting)?|chop(?:ping)?|trim(?:ming)?|los(?:e|ing))"
    r"(?: off)? (?:anything|any of it|the edges|the sides|bits)",
}
