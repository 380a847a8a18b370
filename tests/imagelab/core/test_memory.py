"""Keeping freed memory for reuse: glibc's malloc thresholds, set only when asked."""

import platform

import pytest

from imagelab.core.memory import keep_freed_memory


def test_it_leaves_malloc_alone_when_off():
    assert keep_freed_memory(0) is False and keep_freed_memory(-5) is False


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_it_sets_the_thresholds_on_glibc():
    # mallopt rejects an mmap threshold above 32 MB and answers 0 off glibc: True means both were taken.
    assert keep_freed_memory(64) is True
