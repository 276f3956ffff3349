"""Trigger types: automation rules a skill supports and the host (or the AI) registers.

    from dev.types.trigger_types import (
        TriggerCondition, TriggerFieldSchema, TriggerTypeDefinition,
        TriggerSchema, TriggerInstance, TriggerFiredEvent,
    )

A skill declares the kinds of trigger it can fire in ``SkillDefinition.trigger_schema``; instances are
created with ``triggers/create`` (or the auto-generated ``create-trigger`` tool) and kept by the SDK in the
skill's ``triggers.json``; the skill checks its events against them (``dev.utils.conditions``) and calls
``ctx.fire_trigger(...)``, which reaches the host as ``triggers/fired``. Everything here is frozen except
``TriggerInstance``, as in the original SDK.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ._checks import boolean, list_of, mapping, model, number, one_of, text
from ._model import ConfigDict, Field, Model

__all__ = ["TriggerCondition", "TriggerFieldSchema", "TriggerTypeDefinition", "TriggerSchema", "TriggerInstance",
           "TriggerFiredEvent", "CONDITION_TYPES", "LEAF_TYPES", "COMPOUND_TYPES", "OPERATORS", "MATCH_MODES"]

LEAF_TYPES = ("regex", "keyword", "threshold")
COMPOUND_TYPES = ("and", "or", "not")
CONDITION_TYPES = LEAF_TYPES + COMPOUND_TYPES
OPERATORS = ("gt", "lt", "eq", "gte", "lte", "neq")
MATCH_MODES = ("any", "all")


def _texts(optional: bool = False) -> Any:
    return list_of(text(), optional=optional)


class TriggerCondition(Model):
    """One node of a condition tree: a leaf (regex, keyword, threshold on a dot-path ``field``) or and/or/not."""

    model_config = ConfigDict(frozen=True)

    type: str = Field(description="Condition type", check=one_of(*CONDITION_TYPES))
    field: Optional[str] = Field(None, description='Dot-path to the data field, e.g. "message.text"',
                                 check=text(optional=True))
    pattern: Optional[str] = Field(None, description="Regex pattern (regex)", check=text(optional=True))
    flags: Optional[str] = Field(None, description='Regex flags, e.g. "i"', check=text(optional=True))
    keywords: Optional[List[str]] = Field(None, description="Keywords (keyword)", check=_texts(optional=True))
    match_mode: Optional[str] = Field(None, description='"any" (the default) or "all"',
                                      check=one_of(*MATCH_MODES, optional=True))
    operator: Optional[str] = Field(None, description="Comparison (threshold)", check=one_of(*OPERATORS, optional=True))
    value: Optional[float] = Field(None, description="Threshold value", check=number(optional=True))
    conditions: Optional[List["TriggerCondition"]] = Field(
        None, description="Sub-conditions (and/or/not)", check=list_of(model(lambda: TriggerCondition), optional=True))


class TriggerFieldSchema(Model):
    """A field conditions may test, by dot-path, with its JSON Schema type."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description='Dot-path field name, e.g. "message.text"', check=text())
    type: str = Field(description="JSON Schema type: string, number, boolean", check=text())
    description: str = Field(check=text())


class TriggerTypeDefinition(Model):
    """A kind of trigger the skill supports, with the fields its conditions may use and its config's schema."""

    model_config = ConfigDict(frozen=True)

    type: str = Field(description='Trigger type, e.g. "message_match"', check=text())
    label: str = Field(description="Human-readable label", check=text())
    description: str = Field(check=text())
    condition_fields: List[TriggerFieldSchema] = Field(
        default_factory=list, check=list_of(model(lambda: TriggerFieldSchema)))
    config_schema: Dict[str, Any] = Field(default_factory=dict, description="JSON Schema of the config",
                                          check=mapping())


class TriggerSchema(Model):
    """The trigger types a skill supports (``SkillDefinition.trigger_schema``)."""

    model_config = ConfigDict(frozen=True)

    trigger_types: List[TriggerTypeDefinition] = Field(
        default_factory=list, check=list_of(model(lambda: TriggerTypeDefinition)))


class TriggerInstance(Model):
    """A registered trigger. Mutable, unlike the declarations."""

    id: str = Field(description="Unique trigger id", check=text())
    type: str = Field(description="A declared TriggerTypeDefinition.type", check=text())
    name: str = Field(description="Human-readable name", check=text())
    description: str = Field(default="", check=text())
    conditions: List[TriggerCondition] = Field(default_factory=list, check=list_of(model(lambda: TriggerCondition)))
    config: Dict[str, Any] = Field(default_factory=dict, check=mapping())
    enabled: bool = Field(default=True, check=boolean)
    created_at: str = Field(default="", check=text())
    metadata: Dict[str, Any] = Field(default_factory=dict, check=mapping())


class TriggerFiredEvent(Model):
    """What the host receives when a trigger fires (sent as ``triggers/fired``, in camelCase)."""

    model_config = ConfigDict(frozen=True)

    trigger_id: str = Field(check=text())
    trigger_name: str = Field(check=text())
    trigger_type: str = Field(check=text())
    fired_at: str = Field(check=text())
    matched_data: Dict[str, Any] = Field(default_factory=dict, check=mapping())
    context: Dict[str, Any] = Field(default_factory=dict, check=mapping())

