"""Setup-flow types: the multi-step form a skill with ``has_setup=True`` asks the host to show.

    from dev.types.setup_types import SetupStep, SetupField, SetupResult, SetupFieldError

``to_wire()`` gives the exact JSON the host receives (every field key present, absent ones as null, and
``nextStep`` in camelCase); ``model_dump()`` keeps the Python field names, as Pydantic does. All of them
are frozen, as in the original SDK: build a new one (or ``model_copy(update=...)``) to change one.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from ._model import ConfigDict, Model, ValidationError, boolean, field, list_of, model, one_of, text

_field = field  # SetupFieldError has a field named `field`, which hides the function inside its class body

__all__ = ["SetupFieldOption", "SetupField", "SetupStep", "SetupFieldError", "SetupResult", "ValidationError",
           "FIELD_TYPES", "step_to_wire", "result_to_wire"]

FIELD_TYPES = ("text", "number", "password", "select", "multiselect", "boolean")
RESULT_STATUSES = ("next", "error", "complete")


class SetupFieldOption(Model):
    """One choice of a select or multiselect field."""

    model_config = ConfigDict(frozen=True)

    label: str = field(check=text())
    value: str = field(check=text())


class SetupField(Model):
    """One input of a step. ``options`` is needed by select and multiselect fields."""

    model_config = ConfigDict(frozen=True)

    name: str = field(check=text())
    type: str = field(check=one_of(*FIELD_TYPES))
    label: str = field(check=text())
    description: Optional[str] = field(None, check=text(optional=True))
    required: bool = field(True, check=boolean)
    default: Any = field(None)
    placeholder: Optional[str] = field(None, check=text(optional=True))
    options: Optional[List[SetupFieldOption]] = field(
        None, check=list_of(model(lambda: SetupFieldOption), optional=True))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        if values["type"] in ("select", "multiselect") and not values["options"]:
            self._warn("options", f'is empty: a {values["type"]} field needs a list of {{label, value}} to choose from')


class SetupStep(Model):
    """One page of the wizard."""

    model_config = ConfigDict(frozen=True)

    id: str = field(check=text())
    title: str = field(check=text())
    description: Optional[str] = field(None, check=text(optional=True))
    fields: List[SetupField] = field(check=list_of(model(lambda: SetupField)))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        names = [f.name for f in values["fields"]]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            self._warn("fields", f"has more than one field named {', '.join(dupes)}: their values overwrite each other")

    def to_wire(self) -> Dict[str, Any]:
        return step_to_wire(self)


class SetupFieldError(Model):
    """A message shown next to one field."""

    model_config = ConfigDict(frozen=True)

    field: str = _field(check=text())
    message: str = _field(check=text())


class SetupResult(Model):
    """The answer to a submitted step: the whole next step, field errors, or completion."""

    model_config = ConfigDict(frozen=True)

    status: str = field(check=one_of(*RESULT_STATUSES))
    next_step: Optional[SetupStep] = field(None, check=model(lambda: SetupStep, optional=True))
    errors: Optional[List[SetupFieldError]] = field(None, check=list_of(model(lambda: SetupFieldError), optional=True))
    message: Optional[str] = field(None, check=text(optional=True))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        if values["status"] == "next" and values["next_step"] is None:
            self._warn("next_step", 'is empty although status is "next": the host has no step to show')

    def to_wire(self) -> Dict[str, Any]:
        return result_to_wire(self)


def step_to_wire(step: Any) -> Dict[str, Any]:
    """Serializes a SetupStep (or a dict shaped like one) with every key present."""
    step = SetupStep.model_validate(step)
    return {
        "id": step.id,
        "title": step.title,
        "description": step.description,
        "fields": [
            {
                "name": f.name,
                "type": f.type,
                "label": f.label,
                "description": f.description,
                "required": f.required,
                "default": f.default,
                "placeholder": f.placeholder,
                "options": [{"label": o.label, "value": o.value} for o in f.options] if f.options else None,
            }
            for f in step.fields
        ],
    }


def result_to_wire(result: Any) -> Dict[str, Any]:
    """Serializes a SetupResult (or a dict with next_step or nextStep) in the host's camelCase."""
    if isinstance(result, dict) and "nextStep" in result and "next_step" not in result:
        result = dict(result, next_step=result["nextStep"])
        del result["nextStep"]
    result = SetupResult.model_validate(result)
    return {
        "status": result.status,
        "nextStep": step_to_wire(result.next_step) if result.next_step else None,
        "errors": [{"field": e.field, "message": e.message} for e in result.errors] if result.errors else None,
        "message": result.message,
    }
