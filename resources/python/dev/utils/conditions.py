"""Evaluates a trigger's conditions against an event, as a skill does before ``ctx.fire_trigger``.

    from dev.utils.conditions import evaluate_condition
    if all(evaluate_condition(c, {"message": {"text": "BTC up 5%"}}) for c in trigger.conditions): ...

Leaves read a dot-path ``field`` of the data: ``regex`` (flags i, m, s), ``keyword`` (case-insensitive
substring; ``match_mode`` any or all) and ``threshold`` (the value as a number against ``value``).
``and``/``or`` need at least one sub-condition; ``not`` negates its first. Anything missing, malformed or
nested deeper than MAX_NESTING_DEPTH is simply no match: an event never makes this raise.
"""

from __future__ import annotations

import operator
import re
from typing import Any, Dict

__all__ = ["evaluate_condition", "resolve_field", "MAX_NESTING_DEPTH"]

MAX_NESTING_DEPTH = 5

_COMPARE = {"gt": operator.gt, "lt": operator.lt, "eq": operator.eq, "gte": operator.ge, "lte": operator.le,
            "neq": operator.ne}
_FLAGS = {"i": re.IGNORECASE, "m": re.MULTILINE, "s": re.DOTALL}


def resolve_field(data: Any, dot_path: str) -> Any:
    """``{"a": {"b": 1}}``, ``"a.b"`` -> 1; None wherever the path leaves the dicts."""
    value = data
    for key in dot_path.split("."):
        value = value.get(key) if isinstance(value, dict) else None
        if value is None:
            return None
    return value


def _get(cond: Any, name: str) -> Any:
    # A condition may be a TriggerCondition or the plain dict it was made from.
    return cond.get(name) if isinstance(cond, dict) else getattr(cond, name, None)


def _leaf_value(cond: Any, data: Dict[str, Any]) -> Any:
    path = _get(cond, "field")
    return resolve_field(data, path) if path else None


def _regex(cond: Any, data: Dict[str, Any]) -> bool:
    value, pattern = _leaf_value(cond, data), _get(cond, "pattern")
    if value is None or not pattern:
        return False
    flags = 0
    for letter in _get(cond, "flags") or "":
        flags |= _FLAGS.get(letter, 0)
    try:
        return re.search(pattern, str(value), flags) is not None
    except re.error:
        return False


def _keyword(cond: Any, data: Dict[str, Any]) -> bool:
    value, words = _leaf_value(cond, data), _get(cond, "keywords")
    if value is None or not words:
        return False
    haystack = str(value).lower()
    hits = (str(w).lower() in haystack for w in words)
    return all(hits) if _get(cond, "match_mode") == "all" else any(hits)


def _threshold(cond: Any, data: Dict[str, Any]) -> bool:
    value, compare, limit = _leaf_value(cond, data), _COMPARE.get(_get(cond, "operator")), _get(cond, "value")
    if value is None or compare is None or limit is None:
        return False
    try:
        return bool(compare(float(value), float(limit)))
    except (TypeError, ValueError):
        return False


def evaluate_condition(condition: Any, data: Dict[str, Any], _depth: int = 0) -> bool:
    """True when ``condition`` (a TriggerCondition or a dict) matches ``data``."""
    if _depth > MAX_NESTING_DEPTH:
        return False
    kind = _get(condition, "type")
    subs = _get(condition, "conditions") or []
    if kind == "regex":
        return _regex(condition, data)
    if kind == "keyword":
        return _keyword(condition, data)
    if kind == "threshold":
        return _threshold(condition, data)
    if kind == "and":
        return bool(subs) and all(evaluate_condition(c, data, _depth + 1) for c in subs)
    if kind == "or":
        return any(evaluate_condition(c, data, _depth + 1) for c in subs)
    if kind == "not":
        return bool(subs) and not evaluate_condition(subs[0], data, _depth + 1)
    return False
