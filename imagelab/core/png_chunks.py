"""A PNG's chunks counted before Pillow reads them: Pillow reads chunks one by one in Python, so a file of
millions of empty ones (12 bytes each) held the GIL for seconds without a pixel to show for it."""

from __future__ import annotations

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# libpng writes 8 kB data chunks (~3,200 for 25 MB); even a chunk per row of a 50 MP photo is ~7,000.
MAX_CHUNKS = 100_000


def png_chunk_count_exceeds(data: bytes, limit: int = MAX_CHUNKS) -> bool:
    """True when the PNG has more than `limit` chunks before its end (a cut file is left to Pillow)."""
    i, count = len(PNG_MAGIC), 0
    while i + 8 <= len(data):
        count += 1
        if count > limit:
            return True
        if data[i + 4 : i + 8] == b"IEND":
            return False
        i += 12 + int.from_bytes(data[i : i + 4], "big")  # length, type, data, CRC
    return False
