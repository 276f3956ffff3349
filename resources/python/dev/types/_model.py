"""A small stand-in for Pydantic v2's BaseModel, standard library only.

The original SDK's types were Pydantic models. Skills build them with keywords, read their attributes and
sometimes call ``model_dump()``; this base gives them exactly that, with validation at construction that
names the model and the field in plain words. Deliberately not covered: Pydantic's JSON-schema generation,
aliases, ``validate_assignment`` and coercion beyond Pydantic's lax-mode cases for booleans and whole
numbers. Models are mutable, as Pydantic's are by default.
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any, Callable, Dict, Optional

_MISSING = object()


class ValidationError(ValueError):
    """Raised when a model is built with bad values. A ValueError, like Pydantic's, so ``except ValueError`` works."""

    def __init__(self, model: str, problems: list):
        self.model = model
        self.problems = list(problems)
        lines = [f'{model}: field "{name}" {why}' for name, why in self.problems]
        super().__init__("\n".join(lines))

    def errors(self) -> list:
        return [{"loc": (name,), "msg": why} for name, why in self.problems]


class Invalid(Exception):
    """Raised by a checker: its text completes the sentence 'field "x" ...'."""


class FieldSpec:
    __slots__ = ("default", "factory", "check")

    def __init__(self, default: Any = _MISSING, factory: Optional[Callable[[], Any]] = None,
                 check: Optional[Callable[[Any], Any]] = None):
        self.default = default
        self.factory = factory
        self.check = check

    @property
    def required(self) -> bool:
        return self.default is _MISSING and self.factory is None


def field(default: Any = _MISSING, *, factory: Optional[Callable[[], Any]] = None,
          check: Optional[Callable[[Any], Any]] = None) -> Any:
    """Declares a model field (a class attribute); ``check`` validates and may convert the value."""
    return FieldSpec(default, factory, check)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


# ---- checkers: each returns the (possibly converted) value or raises Invalid ------------------------------


def text(optional: bool = False) -> Callable[[Any], Any]:
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
    # Pydantic's lax mode: 0 and 1, and the usual words, are booleans too.
    if isinstance(v, bool):
        return v
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    if isinstance(v, str) and v.strip().lower() in _TRUE | _FALSE:
        return v.strip().lower() in _TRUE
    raise Invalid(f"must be true or false (got {_show(v)})")


def integer(minimum: Optional[int] = None, optional: bool = False, unit: str = "") -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        # Pydantic's lax mode: a string of a whole number is that number.
        if isinstance(v, str) and v.strip().lstrip("+-").isdigit():
            v = int(v.strip())
        if isinstance(v, bool) or not isinstance(v, int):
            raise Invalid(f"must be a whole number{' of' + unit if unit else ''} (got {_show(v)})")
        if minimum is not None and v < minimum:
            raise Invalid(f"must be at least {minimum}{unit} (got {v})")
        return v
    return check


def one_of(*choices: str) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if v not in choices:
            raise Invalid(f"must be one of {', '.join(choices)} (got {_show(v)})")
        return v
    return check


def mapping(optional: bool = False) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not isinstance(v, dict):
            raise Invalid(f"must be an object/dict (got {_show(v)})")
        return v
    return check


def function(optional: bool = True) -> Callable[[Any], Any]:
    def check(v: Any) -> Any:
        if v is None and optional:
            return None
        if not callable(v):
            raise Invalid(f"must be a function (got {_show(v)})")
        return v
    return check


def model(cls_getter: Callable[[], type], optional: bool = False) -> Callable[[Any], Any]:
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
            except ValidationError as err:
                raise Invalid(f"is not a valid {cls.__name__}: {err}") from None
        raise Invalid(f"must be a {cls.__name__} (got {_show(v)})")
    return check


def list_of(item: Callable[[Any], Any], optional: bool = False) -> Callable[[Any], Any]:
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


# ---- the base class ---------------------------------------------------------------------------------------


def _dump(value: Any, exclude_none: bool) -> Any:
    if isinstance(value, Model):
        return value.model_dump(exclude_none=exclude_none)
    if isinstance(value, (list, tuple)):
        return [_dump(v, exclude_none) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, exclude_none) for k, v in value.items()}
    return value


class Model:
    """Keyword-only construction, defaults, validation, ``model_dump()``; unknown keywords are kept aside."""

    model_fields: Dict[str, FieldSpec] = {}
    _frozen = False
    _warn_unknown = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: Dict[str, FieldSpec] = {}
        for base in reversed(cls.__mro__[1:]):
            fields.update(getattr(base, "model_fields", {}))
        for name, value in list(vars(cls).items()):
            if isinstance(value, FieldSpec):
                fields[name] = value
                delattr(cls, name)
        cls.model_fields = fields

    def __init__(self, **data: Any) -> None:
        problems = []
        values: Dict[str, Any] = {}
        for name, spec in self.model_fields.items():
            if name in data:
                raw = data.pop(name)
            elif spec.factory is not None:
                raw = spec.factory()
            elif spec.default is not _MISSING:
                raw = copy.copy(spec.default)
            else:
                problems.append((name, "is required"))
                continue
            try:
                values[name] = spec.check(raw) if spec.check else raw
            except Invalid as err:
                problems.append((name, str(err)))
        if problems:
            raise ValidationError(type(self).__name__, problems)
        try:
            self._validate_model(values)
        except Invalid as err:
            raise ValidationError(type(self).__name__, [err.args[0]]) from None
        if data and self._warn_unknown:
            names = ", ".join(sorted(data))
            sys.stderr.write(f"skillbench: {type(self).__name__} ignores fields it does not know: {names}\n")
        object.__setattr__(self, "model_extra", dict(data))
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def _validate_model(self, values: Dict[str, Any]) -> None:
        """Checks across fields; raise Invalid((field, why)), or warn() where the original SDK let it pass."""

    def _warn(self, name: str, why: str) -> None:
        sys.stderr.write(f'skillbench: warning: {type(self).__name__} field "{name}" {why}\n')

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise TypeError(f"{type(self).__name__} is frozen: build a new one with model_copy(update={{...}})")
        object.__setattr__(self, name, value)

    @classmethod
    def model_validate(cls, obj: Any) -> "Model":
        if isinstance(obj, cls):
            return obj
        if not isinstance(obj, dict):
            raise ValidationError(cls.__name__, [("(input)", f"must be an object/dict (got {_show(obj)})")])
        return cls(**obj)

    def model_dump(self, *, exclude_none: bool = False, **_ignored: Any) -> Dict[str, Any]:
        """Field names as declared (snake_case), nested models as dicts, functions as they are."""
        out = {}
        for name in self.model_fields:
            value = getattr(self, name)
            if exclude_none and value is None:
                continue
            out[name] = _dump(value, exclude_none)
        return out

    def model_dump_json(self, *, exclude_none: bool = False, indent: Optional[int] = None, **_ignored: Any) -> str:
        return json.dumps(self.model_dump(exclude_none=exclude_none), indent=indent, default=repr)

    def model_copy(self, *, update: Optional[Dict[str, Any]] = None, deep: bool = False) -> "Model":
        data = {name: getattr(self, name) for name in self.model_fields}
        if deep:
            data = copy.deepcopy(data)
        data.update(update or {})
        return type(self)(**data)

    def dict(self, **kwargs: Any) -> Dict[str, Any]:  # Pydantic v1 spelling, still used by older skills
        return self.model_dump(**kwargs)

    def __eq__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.model_fields)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        args = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.model_fields)
        return f"{type(self).__name__}({args})"
