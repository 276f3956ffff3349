"""A small stand-in for Pydantic v2's BaseModel, standard library only.

The original SDK's types are Pydantic v2 models. Skills build them with keywords, read their attributes,
call ``model_dump()``, ``model_validate()`` and ``model_copy(update=...)``, and some rely on a frozen model
refusing assignment. This base gives them that, with validation at construction that names the model and the
field in plain words. Fields are declared as class attributes: ``name = Field(description=...)``,
``tags = Field(default_factory=list)``, optionally with ``check=`` (a checker from ``_checks``).

Like Pydantic: unknown keywords are ignored (kept in ``model_extra``), models are mutable unless their
``model_config`` says ``frozen=True`` (then assignment raises a ValidationError, a ValueError, and they hash),
assignment is not validated, and an aliased field (``schema_`` with alias ``schema``) is filled from its alias
(we also accept its own name, which Pydantic would silently drop). Not covered: JSON-schema generation,
``validate_assignment`` and coercion beyond Pydantic's lax-mode cases.
"""

from __future__ import annotations

import copy
import json
import sys
from typing import Any, Callable, Collection, Dict, Optional

from ._checks import Invalid, _show
from ._checks import *  # noqa: F401,F403  (the checkers, for the type modules)

_MISSING = object()


class ValidationError(ValueError):
    """Raised when a model is built with bad values. A ValueError, like Pydantic's, so ``except ValueError`` works."""

    def __init__(self, model: str, problems: list):
        self.model = model
        self.title = model
        self.problems = list(problems)
        lines = [f'{model}: field "{name}" {why}' for name, why in self.problems]
        super().__init__("\n".join(lines))

    def errors(self) -> list:
        return [{"loc": (name,), "msg": why} for name, why in self.problems]

    def error_count(self) -> int:
        return len(self.problems)


class FieldSpec:
    """One declared field: Pydantic's FieldInfo, as far as skills read it."""

    __slots__ = ("default", "default_factory", "check", "description", "alias")

    def __init__(self, default: Any = _MISSING, default_factory: Optional[Callable[[], Any]] = None,
                 check: Optional[Callable[[Any], Any]] = None, description: Optional[str] = None,
                 alias: Optional[str] = None):
        self.default = default
        self.default_factory = default_factory
        self.check = check
        self.description = description
        self.alias = alias

    def is_required(self) -> bool:
        return self.default is _MISSING and self.default_factory is None

    @property
    def required(self) -> bool:
        return self.is_required()

    def get_default(self) -> Any:
        if self.default_factory is not None:
            return self.default_factory()
        return copy.copy(self.default)


def Field(default: Any = _MISSING, *, default_factory: Optional[Callable[[], Any]] = None,
          description: Optional[str] = None, alias: Optional[str] = None,
          check: Optional[Callable[[Any], Any]] = None, **_ignored: Any) -> Any:
    """Pydantic's ``Field``: a default or ``default_factory``, a ``description``, an ``alias``; ``check`` is ours."""
    if default is not _MISSING and default_factory is not None:
        raise TypeError("cannot specify both default and default_factory")
    if default is Ellipsis:
        default = _MISSING
    return FieldSpec(default, default_factory, check, description, alias)


def field(default: Any = _MISSING, *, factory: Optional[Callable[[], Any]] = None,
          check: Optional[Callable[[Any], Any]] = None, description: Optional[str] = None) -> Any:
    """The older spelling of ``Field`` used inside this SDK: ``factory`` for ``default_factory``."""
    return FieldSpec(default, factory, check, description)


def ConfigDict(**settings: Any) -> Dict[str, Any]:
    """Pydantic's ``ConfigDict``: a plain dict. Only ``frozen`` changes anything here."""
    return dict(settings)


# ---- the base class ---------------------------------------------------------------------------------------


def _dump(value: Any, opts: Dict[str, Any]) -> Any:
    if isinstance(value, Model):
        return value.model_dump(**opts)
    if isinstance(value, (list, tuple)):
        return [_dump(v, opts) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, opts) for k, v in value.items()}
    return value


class Model:
    """Keyword-only construction, defaults, validation, ``model_dump()``; unknown keywords are kept aside."""

    model_fields: Dict[str, FieldSpec] = {}
    model_config: Dict[str, Any] = {}
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
        if "frozen" in (vars(cls).get("model_config") or {}):
            cls._frozen = bool(cls.model_config["frozen"])

    def __init__(self, **data: Any) -> None:
        problems = []
        values: Dict[str, Any] = {}
        for name, spec in self.model_fields.items():
            if spec.alias and spec.alias in data:
                raw = data.pop(spec.alias)
                data.pop(name, None)
            elif name in data:
                raw = data.pop(name)
            elif not spec.is_required():
                raw = spec.get_default()
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
            raise ValidationError(type(self).__name__, [(
                name, "cannot be changed: the model is frozen (Instance is frozen); "
                      "build a new one with model_copy(update={...})")])
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._frozen:
            raise ValidationError(type(self).__name__, [(name, "cannot be deleted: the model is frozen")])
        object.__delattr__(self, name)

    @classmethod
    def model_validate(cls, obj: Any) -> "Model":
        if isinstance(obj, cls):
            return obj
        if not isinstance(obj, dict):
            raise ValidationError(cls.__name__, [("(input)", f"must be an object/dict (got {_show(obj)})")])
        return cls(**obj)

    @classmethod
    def model_validate_json(cls, text: Any) -> "Model":
        try:
            data = json.loads(text)
        except ValueError as err:
            raise ValidationError(cls.__name__, [("(input)", f"is not valid JSON: {err}")]) from None
        return cls.model_validate(data)

    @classmethod
    def model_rebuild(cls, **_ignored: Any) -> None:
        """Nothing to rebuild here (references are resolved when a value is checked)."""
        return None

    def model_dump(self, *, mode: str = "python", by_alias: bool = False, exclude_none: bool = False,
                   include: Optional[Collection[str]] = None, exclude: Optional[Collection[str]] = None,
                   **_ignored: Any) -> Dict[str, Any]:
        """Field names as declared (or their aliases), nested models as dicts, functions as they are."""
        opts = {"mode": mode, "by_alias": by_alias, "exclude_none": exclude_none}
        out = {}
        for name, spec in self.model_fields.items():
            if (include is not None and name not in include) or (exclude is not None and name in exclude):
                continue
            value = getattr(self, name)
            if exclude_none and value is None:
                continue
            out[spec.alias if by_alias and spec.alias else name] = _dump(value, opts)
        return out

    def model_dump_json(self, *, indent: Optional[int] = None, **kwargs: Any) -> str:
        return json.dumps(self.model_dump(mode="json", **kwargs), indent=indent, default=repr)

    def model_copy(self, *, update: Optional[Dict[str, Any]] = None, deep: bool = False) -> "Model":
        """A copy with ``update`` applied. As in Pydantic, the update is not validated."""
        new = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            object.__setattr__(new, name, value)
        return new

    def dict(self, **kwargs: Any) -> Dict[str, Any]:  # Pydantic v1 spelling, still used by older skills
        return self.model_dump(**kwargs)

    def json(self, **kwargs: Any) -> str:  # Pydantic v1 spelling
        return self.model_dump_json(**kwargs)

    def __eq__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.model_fields)

    def __hash__(self) -> int:
        # Frozen models hash by their values, as in Pydantic (a list value makes them unhashable there too).
        if not self._frozen:
            raise TypeError(f"unhashable type: '{type(self).__name__}' (only frozen models hash)")
        return hash((type(self),) + tuple(getattr(self, n) for n in self.model_fields))

    def __repr__(self) -> str:
        args = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.model_fields)
        return f"{type(self).__name__}({args})"
