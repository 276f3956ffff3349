"""Field checkers for the models in ``_model``: each returns the (possibly converted) value or raises Invalid.

They follow Pydantic v2's lax mode where skills meet it: ``0``/``1`` and the usual words are booleans, a
whole-number float or numeric string is an int, an int or numeric string is a float, a tuple is a list,
and a dict where a model is expected becomes that model. Text is never made from a number, as in Pydantic.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

__all__ = ["Invalid", "text", "boolean", "integer", "number", "one_of", "mapping", "function", "model",
           "list_of", "any_of", "text_map", "anything", "exactly", "optional_boolean"]

Check = Callable[[Any], Any]


class Invalid(Exception):
    """Raised by a checker: its text completes the sentence 'field "x" ...'."""


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def anything(v: Any) -> Any:
    return v


def text(optional: bool = False) -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not isinstance(v, str):
            raise Invalid(f"must be text (got {_show(v)})")
        return v
    return check


_TRUE = {"1", "true", "t", "yes", "y", "on"}
_FALSE = {"0", "false", "f", "no", "n", "off"}


def boolean(v: Any) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    if isinstance(v, float) and v in (0.0, 1.0):
        return bool(v)
    if isinstance(v, str) and v.strip().lower() in _TRUE | _FALSE:
        return v.strip().lower() in _TRUE
    raise Invalid(f"must be true or false (got {_show(v)})")


def optional_boolean(v: Any) -> Optional[bool]:
    return None if v is None else boolean(v)


def integer(minimum: Optional[int] = None, optional: bool = False, unit: str = "") -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, str) and v.strip().lstrip("+-").isdigit():
            v = int(v.strip())
        if isinstance(v, bool) or not isinstance(v, int):
            raise Invalid(f"must be a whole number{' of' + unit if unit else ''} (got {_show(v)})")
        if minimum is not None and v < minimum:
            raise Invalid(f"must be at least {minimum}{unit} (got {v})")
        return v
    return check


def number(optional: bool = False) -> Check:
    """A float, as Pydantic makes one: ints, booleans and numeric strings become floats."""
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if isinstance(v, (int, float)):
            return float(v)
        if isinstance(v, str):
            try:
                return float(v.strip())
            except ValueError:
                pass
        raise Invalid(f"must be a number (got {_show(v)})")
    return check


def one_of(*choices: str, optional: bool = False) -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if v not in choices:
            raise Invalid(f"must be one of {', '.join(choices)} (got {_show(v)})")
        return v
    return check


def mapping(optional: bool = False) -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not isinstance(v, dict):
            raise Invalid(f"must be an object/dict (got {_show(v)})")
        return v
    return check


def text_map(v: Any) -> Any:
    """A dict of text to text (an environment)."""
    if not isinstance(v, dict):
        raise Invalid(f"must be an object/dict of text (got {_show(v)})")
    bad = [k for k, x in v.items() if not isinstance(k, str) or not isinstance(x, str)]
    if bad:
        raise Invalid(f"must map text to text (not at {_show(bad[0])})")
    return v


def function(optional: bool = True) -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not callable(v):
            raise Invalid(f"must be a function (got {_show(v)})")
        return v
    return check


def model(cls_getter: Callable[[], type], optional: bool = False) -> Check:
    """A nested model; a plain dict is turned into one, as Pydantic does."""
    def check(v: Any) -> Any:
        cls = cls_getter()
        if v is None and optional:
            return None
        if isinstance(v, cls):
            return v
        if isinstance(v, dict):
            try:
                return cls(**v)
            except ValueError as err:
                raise Invalid(f"is not a valid {cls.__name__}: {err}") from None
        raise Invalid(f"must be a {cls.__name__} (got {_show(v)})")
    return check


def list_of(item: Check, optional: bool = False) -> Check:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not isinstance(v, (list, tuple)):
            raise Invalid(f"must be a list (got {_show(v)})")
        out = []
        for i, x in enumerate(v):
            try:
                out.append(item(x))
            except Invalid as err:
                raise Invalid(f"item {i} {err}") from None
        return out
    return check


def any_of(*checks: Check, optional: bool = False, what: str = "") -> Check:
    """A union, tried in order (put exact-type checks first, as Pydantic's smart mode prefers them)."""
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        for c in checks:
            try:
                return c(v)
            except Invalid:
                continue
        raise Invalid(f"must be {what or 'another kind of value'} (got {_show(v)})")
    return check


def exactly(kind: type) -> Check:
    """Only this type, unconverted (a union's first, exact try)."""
    def check(v: Any) -> Any:
        if type(v) is not kind:
            raise Invalid(f"must be a {kind.__name__}")
        return v
    return check
