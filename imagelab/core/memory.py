"""Keep freed memory in the process for reuse (glibc malloc), instead of returning it to the OS.

Why: a job allocates and frees ~20 full-size images (each Pillow pass's output, the encodes' copies, libvips'
buffers; ~10-13 MB each at 2048 px). glibc hands such blocks back to the kernel when freed (mmap'd chunks,
trimmed thread heaps), so every new one is faulted in and zeroed page by page again: ~15 % of a job's CPU in
`perf` (clear_page, page faults). With the mmap threshold at 32 MB and a high trim threshold, they are
reused from the heap: -13..-24 % CPU per job, for memory the process keeps after its first jobs (measured:
RSS ~+110 MB; bench/README.md "Keeping freed memory"). Off unless asked (IMAGE_MALLOC_KEEP_MB).
"""

import ctypes
import ctypes.util

_M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
_M_MMAP_THRESHOLD = -3
_MMAP_MAX = 32 * 1024 * 1024  # glibc's upper bound for the mmap threshold on 64-bit (HEAP_MAX_SIZE / 2)


def keep_freed_memory(trim_mb: int) -> bool:
    """Allocate blocks up to 32 MB from the heap and keep up to ~`trim_mb` MB freed there; False off glibc."""
    if trim_mb <= 0:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to tune
        return False
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, _MMAP_MAX)) and bool(mallopt(_M_TRIM_THRESHOLD, trim_mb * 1024 * 1024))
