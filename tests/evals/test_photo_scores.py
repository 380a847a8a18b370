"""The offline photo planner's evaluation score never drops below its recorded floor."""

from tests.support.photo_eval import evaluate

# Raise it whenever the score goes up; never lower it. 8/38 (0.211) before issue 12's photo work, 38/38 after;
# 42/42 with AI-only asks answered first and followed by related local alternatives. 2026-11-25: 44 more written
# blind (38/44 as they came) and 7 after reading the code (0/7); 93/93 after general fixes (turned-down looks,
# "add a … look", "no sharpening", added noise as grain). Second blind round: 30 more (25 edits in chat style,
# 5 that are none), 22/30 as they came; 123/123 after general fixes (only the shadows keeps the highlights, real
# film is grainy, keeping one colour is an AI edit, "don't touch the crop", a described state turned down later,
# "nor add", unblur, "black n white"). Third blind round: 35 more (30 edits, 5 that are none), 25/35 as they came;
# 158/158 after general fixes (brightening as exposure too, contrast kept with the highlights, "don't touch"/"leave"
# hold an axis, "don't let the sky blow out", a colour "too much", "fix the white balance" after a cast, retro film
# is grainy, greetings and acknowledgements that open like edits). Fourth blind round: 35 more (33 edits, 2 that
# are none), 28/35 as they came, and 17 probing past them; 210/210 after general fixes (crushed blacks as a black
# point, dehaze and haze cut as contrast, the Orton glow, a brighter look loses its corner darkening, "black white",
# "grainier", a fault stated ("came out yellow/dark/flat", "kinda dull", "fix the blur") turned round, noise asked
# away as a said slight blur, highlights recovered or pulled down, stories and reels 9:16, flip/upscale/fringing
# and unmeasured faults answered plainly). Probes after the blind rounds: 19 more, 229/229 after general fixes
# (iterating on the chosen variation's own plan, "push it further" / "tone it down", or a plain answer without one;
# a stated excess of noise turned round; an asked matte look in every plan; an edit aimed at one thing said to
# change the whole photo). 2026-11-28: 27 cases say how far a tone moves (`moves`), 12 of them new; 12/27 missed
# as first written (two bounds later widened: a small colour step up to 1.3, a plain one from 1.08), 27/27 after
# general fixes (a gentle colour or contrast step compensates in proportion, "way softer" goes past a soft slot's
# own softness, a held contrast drops black/white points and lifted blacks, a held signature axis takes the alt).
# 2026-11-28: 35 more held-out wordings (turns to an orientation, platform and passport shapes, a dramatic sky,
# crushed shadows given back, a newspaper photo, "not oversaturated", red-eye), 15/35 missed as first written;
# 433/433 after general fixes (a turn to an orientation settled on the photo's shape).
# 2026-11-28: the flip op: four rows that were refusals ("flip it horizontally", "mirror it please") now ask one
# mirror in every plan, and 8 more ("flip it upside down", "its upside down, flip it", "my mirror selfie").
# Then 9 named moods and looks ("moody but not too dark", "make it look like night", "wes anderson", "tasty food
# photo"), 7/9 missed before; 669/669 after (a mood's implied axes yield to plainly said ones, four looks named).
# 2026-11-29: a sixth blind round of 40 (negations, comparisons with the last edit, ES/FR/DE, regions, platform crops,
# named looks), 30/40 as written, 4 rows for known defects (0/4) and 46 probes after (21 failed): 1096/1096 after
# general fixes (shadows toned a colour, verbless descriptions, a calm named look, limits on a moved axis, one degree
# for listed tones, foreign degrees and connectives). New checks: `shadows`/`split`, `no_tint_towards`, `quiet`.
PHOTO_FLOOR = 433 / 433


def test_it_matches_at_least_the_recorded_share_of_photo_instructions():
    score, failures = evaluate()
    assert score >= PHOTO_FLOOR - 1e-9, failures
