"""The offline reading of quality questions never drops below its recorded floor (tests/evals/iqa.jsonl)."""

from tests.support.iqa_eval import evaluate

# Raise it whenever the score goes up; never lower it. The first 47 cases: 33/47 with the first reader, 47/47
# after its rewrite to patterns (inflections folded, determiner phrases, polite edit requests); the last 20
# were written after that, held out: 17/20 as they came, 20/20 after three general fixes (plural possessives,
# verbs after "this", contrast in general). 2026-11-25: 43 more written blind (36/43 as they came) and 20 probing
# for gaps (0/20), 130/130 after general fixes (synonyms, typos by rapidfuzz, ΔE, comparisons, numbered variations).
# Second blind round: 35 more (30 questions in chat style, 5 that are none), 22/35 as they came; 165/165 after
# general fixes (statements of a distortion, hues said of a subject, questions after a lead-in or before an
# emoji, exposure said low/high, metrics by their long names, the viewer's screen never the subject).
# Third blind round: 35 written (30 questions, 5 that are none; one was already here and is kept once), 28/35
# as they came; 199/199 after general fixes (blow out in any tense, a part gone white, "highlights clipped",
# "blue-ish", motion blur, "r"/"iz" opening a question, a figure asked for as an order, marks out of 10, "the
# colours look off" as a statement). Fourth blind round: 35 written (33 questions, 2 that are none), 25/35 as they
# came (one expectation, the sign rather than its text, corrected to the text asked about), and 17 probing past
# them; 251/251 after general fixes (banding and posterization, bare "clipped", clipped shadows as crushed, "is
# that bad?", tellers in a story, a property noun giving way to its owner, "noise check", the raw/unprocessed
# upload and "what I sent", a variation that added or lost something, "too much green", "colours is strange",
# legibility, shadow and highlight detail, "closer to the original", "or is it my eyes"). Probes after the blind
# rounds: 3 more, 254/254 (a histogram's right or left end is clipped highlights or crushed shadows, Global).
# Fifth blind round: 40 written (30 questions, 10 that are none; 3 already here are kept once), 37/40 as they
# came, and 7 probing past them; 298/298 after general fixes (a negated or modal verb ends the subject, "the sky
# isn't blown out"; a misspelt part of a scene, "the backround"; a mark given to the photo, "give this photo a
# quality score"; "the before and after" and "the upscale" are stages of the edit, never the subject).
# Ninth held-out round (2026-11-28): 65 written (52 questions, 13 edits or small talk), 55/65 as they came;
# 418/418 after general fixes (what an edit did to the photo, "did my edit wreck it?", "is that from the edit?",
# as a comparison; "tack sharp"; a tone, a verb without -ed or a filler never the subject, "her face lit", "yo is
# this"; "the colour on the third one off"; "taken on a potato"). Probes after it: 3 more, 421/421 (skin tones said
# natural are a cast, mushy detail is blur, "the frame" is the photo). Tenth to thirteenth held-out rounds
# (2026-11-28, later): 170 written, 66/80, 37/40, 23/30 and 18/20 as they came; 594/594 after general fixes
# (whether an edit would help is a question about its fault, "which one is sharpest?" ranks the variations,
# chat shorthand for the original, question tags without a "?"). Rankings by any measured property (2026-11-28):
# 33 more (24 questions, 9 edits or unmeasured rankings), 606/627 before; 627/627 after general fixes (a ranking by
# brightness, warmth or a hue, crispness, cleanness, punch or colourfulness names the figure's distortion, "which one
# looks best?" ranks by the fewest problems, two bare numbers compared are the variations: "which is brighter, 2 or
# 3?"). Later rounds (to 1082) are in the README. Fourteenth held-out round (2026-11-28, late): 25 written (21
# questions, 4 edits) after fixes to a superlative picking the variation asked about ("is the brightest one blown
# out?"), banding and a blur's cause said unmeasured, "too harsh/punchy" as too much contrast, focus "instead of" a
# part compared: 25/25 as written, 1107/1107. Twentieth blind round (2026-11-29): 40 written (slang, typos, German,
# Spanish, French, print sizes, a cast's hue, edits hanging on the answer), 32/40 read right as written (23/40 answered
# right end to end, 39/40 after); 1147/1147 after general fixes (good words part by part, "clean" as noise, "blow the
# sky out", "any good", a blur from the lens, "is it too dark? if so brighten it" a question first). 12 probes after
# it: 10/12 read right by the round's first reader, 9/12 answered right with its fixes; 1159/1159 and 12/12 after
# three more ("c'est net ?", "why is it so soft?" said plainly, "leans warm" without doubled brackets).
IQA_FLOOR = 627 / 627


def test_it_reads_at_least_the_recorded_share_of_quality_questions():
    score, failures = evaluate()
    assert score >= IQA_FLOOR - 1e-9, failures
