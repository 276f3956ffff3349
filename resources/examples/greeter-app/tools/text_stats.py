"""The "word stats" tool: counts words in a text. Pure: the same text always gives the same answer."""

import re
from collections import Counter


def word_stats(payload: dict) -> dict:
    words = re.findall(r"[\w']+", payload["text"].lower())
    counts = Counter(words)
    longest = max(words, key=len) if words else ""
    return {"counts": dict(counts), "longest": longest, "words": words}
