"""A GIF's blocks counted before Pillow reads them: Pillow walks a GIF's extensions in Python and joins a
comment's pieces one by one (quadratic), so a few MB of tiny or endless comments held the GIL for minutes."""

from __future__ import annotations

# Walked up to the second picture (Pillow reads that far to tell an animation): every piece of metadata and
# of the first picture's data. A real first picture of 25 MB is ~100,000 pieces of 255 bytes.
MAX_PIECES = 300_000
MAX_EXTENSION_PIECES = 20_000  # metadata before the second picture (XMP in a GIF is a few hundred)
MAX_COMMENT_PIECES = 1_000  # 255 kB of comments: what Pillow joins piece by piece


class TooManyPieces(ValueError):
    """The GIF holds more blocks than a picture does; `what` says which."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


def _color_table(packed: int) -> int:
    """The size in bytes of the colour table a packed field announces (0 when none)."""
    return 3 * 2 ** ((packed & 7) + 1) if packed & 0x80 else 0


class _Walk:
    """Counts of the pieces walked so far, refusing past the limits."""

    def __init__(self) -> None:
        self.pieces = self.extension_pieces = self.comment_pieces = 0

    def sub_blocks(self, data: bytes, i: int, *, label: int | None = None) -> int:
        """Skip a run of sub-blocks starting at `i` (ended by an empty one); the index after it."""
        while True:
            size = data[i]
            i += 1
            self.pieces += 1
            if label is not None:
                self.extension_pieces += 1
                self.comment_pieces += label == 0xFE
            if self.pieces > MAX_PIECES or self.extension_pieces > MAX_EXTENSION_PIECES:
                raise TooManyPieces("pieces")
            if self.comment_pieces > MAX_COMMENT_PIECES:
                raise TooManyPieces("comments")
            if size == 0:
                return i
            i += size


def check_gif_blocks(data: bytes) -> None:
    """Raise TooManyPieces when a GIF's blocks up to its second picture are more than a picture has."""
    walk, pictures = _Walk(), 0
    try:
        i = 13 + _color_table(data[10])  # header, logical screen, global colour table
        while pictures < 2:
            introducer = data[i]
            if introducer == 0x21:  # an extension: its label, then its sub-blocks
                i = walk.sub_blocks(data, i + 2, label=data[i + 1])
            elif introducer == 0x2C:  # a picture: its descriptor, colour table, code size, then its data
                pictures += 1
                i = walk.sub_blocks(data, i + 11 + _color_table(data[i + 9]))
            else:  # the trailer, or bytes Pillow will judge itself
                return
    except IndexError:
        return  # cut short: Pillow says so in its own words
