"""Whether a quality question is about the latest edit's results rather than the photo shown.

"How much did the edit change it compared with the original?", asked before any variation was chosen, is about the
five variations the edit made: the current image is still the upload, which has no original of its own. Pure.
"""

import re

# "the edit", "your changes", "these variations", "the edited ones", "after the edit"
_THE_EDIT = re.compile(
    r"\b(?:the|your|this|that|last|latest|these|those|my|its)\s+(?:new\s+)?"
    r"(?:edits?|editing|changes|variations?|versions?|results?|outputs?|options)\b"
    r"|\bedited\b",
    re.IGNORECASE,
)


def about_the_edit(text: str) -> bool:
    """Whether the question names the edit or its results ("did the edit remove the noise?")."""
    return _THE_EDIT.search(text[:1000]) is not None
