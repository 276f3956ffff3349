#!/usr/bin/env python3
"""Writes N MiB of log lines (about 100 bytes each) to stderr as fast as it can."""
import sys

mib = int(sys.argv[1])
line = b"2026-11-22 10:00:00,000 INFO worker: processed item with a realistic amount of detail ok\n"
block = line * (65536 // len(line))
total = mib * 1024 * 1024
written = 0
err = sys.stderr.buffer
while written < total:
    err.write(block)
    written += len(block)
err.flush()
