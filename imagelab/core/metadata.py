"""Originals stored without metadata, losslessly: the pixels a re-render decodes stay exactly the same.

A JPEG keeps its compressed image data byte for byte; only segments are dropped: every APPn except JFIF
(APP0), the ICC profile (APP2, needed for colour) and Adobe (APP14, needed to decode CMYK/YCCK), and
comments. EXIF, XMP, GPS, IPTC, MPF and maker notes go, and so does anything after the end-of-image marker
(phones append a second JPEG, with its own EXIF, there). The orientation is kept as a fresh EXIF block
holding only that tag, because the re-render turns the photo upright from it.
"""

from __future__ import annotations

import io
import struct

from PIL import Image

from imagelab.core.uploads import exif_orientation

_ORIENTATION = 0x0112
# APPn segments kept, by marker, recognised by their identifier.
_KEEP_APP = {0xE0: (b"JFIF\x00", b"JFXX\x00"), 0xE2: (b"ICC_PROFILE\x00",), 0xEE: (b"Adobe",)}
_SOI, _EOI, _SOS = 0xD8, 0xD9, 0xDA


def _standalone(marker: int) -> bool:
    return marker == 0x01 or 0xD0 <= marker <= 0xD7  # TEM, RSTn: no length field


def _orientation_segment(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[_ORIENTATION] = orientation
    payload = exif.tobytes()  # b"Exif\0\0" + a TIFF block with the one tag
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def _entropy_end(data: bytes, i: int) -> int:
    """Index of the first marker after entropy-coded data starting at `i` (stuffed 00 and RSTn skipped)."""
    while True:
        i = data.index(b"\xff", i)
        following = data[i + 1]
        if following == 0x00 or _standalone(following) or following == 0xFF:
            i += 1 if following == 0xFF else 2
            continue
        return i


def strip_jpeg(data: bytes) -> bytes:
    """The JPEG without its metadata (ValueError when its segments cannot be walked)."""
    if data[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG")
    orientation = exif_orientation(Image.open(io.BytesIO(data), formats=["JPEG"]))  # 1 when unreadable, as on load
    out, i = [b"\xff\xd8"], 2
    try:
        while True:
            if data[i] != 0xFF:
                raise ValueError(f"expected a marker at byte {i}")
            marker = data[i + 1]
            if marker == 0xFF:  # fill byte
                i += 1
                continue
            if _standalone(marker):
                out.append(data[i : i + 2])
                i += 2
                continue
            if marker == _EOI:
                out.append(b"\xff\xd9")
                break  # whatever follows (a trailer, a second image) is dropped
            end = i + 2 + struct.unpack(">H", data[i + 2 : i + 4])[0]
            segment = data[i:end]
            if 0xE0 <= marker <= 0xEF:
                if segment[4:].startswith(_KEEP_APP.get(marker, ())):
                    out.append(segment)
                    if marker == 0xE0 and orientation not in (1, None) and len(out) == 2:
                        out.append(_orientation_segment(orientation))
            elif marker != 0xFE:  # COM dropped; tables, frame headers, scans kept
                if marker == _SOS:
                    end = _entropy_end(data, end)
                    segment = data[i:end]
                out.append(segment)
            i = end
    except (IndexError, struct.error) as exc:
        raise ValueError("truncated JPEG") from exc
    if orientation not in (1, None) and not any(s.startswith(b"\xff\xe1") for s in out):
        out.insert(1, _orientation_segment(orientation))
    return b"".join(out)
