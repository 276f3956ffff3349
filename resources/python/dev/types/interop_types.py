"""Interop types: what one skill exposes to others (and to the host's UI), and what discovery returns.

    from dev.types.interop_types import (
        ExposedDataDefinition, ExposedFunctionDefinition, InteropSchema,
        SkillInfo, ExposedDataInfo, ExposedFunctionInfo,
    )

A skill declares ``SkillDefinition.interop_schema``; the host asks ``interop/listExposed`` and routes other
skills' ``skills/requestData`` and ``skills/callFunction`` to its ``interop/getData`` and
``interop/callFunction``, which run the ``handler(ctx, params)`` (or the ``on_interop_data`` /
``on_interop_call`` hooks first). ``visibility`` is ``[]`` (private), ``["skills"]``, ``["frontend"]`` or both.
The field ``schema_`` is filled from the keyword ``schema`` (its alias), as in the original SDK.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Dict, List

from ._checks import boolean, function, list_of, mapping, model, one_of, text
from ._model import ConfigDict, Field, Model

__all__ = ["ExposedDataDefinition", "ExposedFunctionDefinition", "InteropSchema", "SkillInfo", "ExposedDataInfo",
           "ExposedFunctionInfo", "Visibility", "VISIBILITIES"]

VISIBILITIES = ("skills", "frontend")
Visibility = List[str]

_visibility = list_of(one_of(*VISIBILITIES))


def _empty_params() -> Dict[str, Any]:
    return {"type": "object", "properties": {}}


class ExposedDataDefinition(Model):
    """A named data endpoint: ``async handler(ctx, params) -> dict``."""

    name: str = Field(description="Endpoint name (kebab-case, unique per skill)", check=text())
    description: str = Field(check=text())
    visibility: Visibility = Field(default_factory=list, check=_visibility)
    schema_: Dict[str, Any] = Field(default_factory=dict, alias="schema", description="JSON Schema of the result",
                                    check=mapping())
    handler: Callable[..., Awaitable[Dict[str, Any]]] = Field(check=function(optional=False))


class ExposedFunctionDefinition(Model):
    """A callable function: ``async handler(ctx, args) -> dict``, with JSON Schemas for its args and result."""

    name: str = Field(description="Function name (kebab-case, unique per skill)", check=text())
    description: str = Field(check=text())
    visibility: Visibility = Field(default_factory=list, check=_visibility)
    parameters: Dict[str, Any] = Field(default_factory=_empty_params, check=mapping())
    returns: Dict[str, Any] = Field(default_factory=dict, check=mapping())
    handler: Callable[..., Awaitable[Dict[str, Any]]] = Field(check=function(optional=False))


class InteropSchema(Model):
    """Everything a skill exposes (``SkillDefinition.interop_schema``)."""

    model_config = ConfigDict(frozen=True)

    exposed_data: List[ExposedDataDefinition] = Field(
        default_factory=list, check=list_of(model(lambda: ExposedDataDefinition)))
    exposed_functions: List[ExposedFunctionDefinition] = Field(
        default_factory=list, check=list_of(model(lambda: ExposedFunctionDefinition)))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        for key in ("exposed_data", "exposed_functions"):
            names = [d.name for d in values[key]]
            dupes = sorted({n for n in names if names.count(n) > 1})
            if dupes:
                self._warn(key, f"has more than one entry named {', '.join(dupes)}: the last one wins")


class SkillInfo(Model):
    """A skill as discovery describes it (``skills/list``, ``skills/get``)."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(check=text())
    name: str = Field(check=text())
    description: str = Field(check=text())
    version: str = Field(default="1.0.0", check=text())
    online: bool = Field(default=False, description="Whether the skill is running", check=boolean)


class ExposedDataInfo(Model):
    """A data endpoint as discovery describes it (no handler)."""

    model_config = ConfigDict(frozen=True)

    skill_id: str = Field(check=text())
    name: str = Field(check=text())
    description: str = Field(check=text())
    schema_: Dict[str, Any] = Field(default_factory=dict, alias="schema", check=mapping())


class ExposedFunctionInfo(Model):
    """A function as discovery describes it (no handler)."""

    model_config = ConfigDict(frozen=True)

    skill_id: str = Field(check=text())
    name: str = Field(check=text())
    description: str = Field(check=text())
    parameters: Dict[str, Any] = Field(default_factory=_empty_params, check=mapping())
    returns: Dict[str, Any] = Field(default_factory=dict, check=mapping())
