"""SkillDefinition types: what a skill's ``skill.py`` builds and exports as ``skill``.

Same names, fields, defaults and validation as the original SDK's Pydantic v2 models, so skills run unmodified:

    from dev.types.skill_types import SkillDefinition, SkillHooks, SkillTool, ToolDefinition, ToolResult
    from dev.types.skill_types import SkillOptionDefinition, EntitySchema, SkillRuntimeConfig

The setup, trigger, interop and entity types are re-exported here, as the original module does. Frozen
like there: ToolDefinition, SkillOptionDefinition, SkillRuntimeConfig and the entity types. Where we are
looser than the original: ``SkillHooks.on_status`` may be left out (older skills have none; the newest
SDK requires it), and ``SkillDefinition`` warns about keywords it does not know instead of dropping them
silently. ``SkillContext`` and the manager protocols below are for type hints only; the object a hook
receives is ``dev.runtime.context.SkillContext``.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Dict, List, Optional, Protocol, runtime_checkable

from ._checks import (any_of, boolean, exactly, function, integer, list_of, mapping, model, number, one_of, text,
                      text_map)
from ._model import ConfigDict, Field, Model, ValidationError, field
from .entity_types import (CARDINALITIES, Entity, EntityPropertySchema, EntitySchema, EntityTypeDeclaration,  # noqa: F401
                           Relationship, RelationshipTypeDeclaration)
from .interop_types import (ExposedDataDefinition, ExposedDataInfo, ExposedFunctionDefinition,  # noqa: F401
                            ExposedFunctionInfo, InteropSchema, SkillInfo)
from .setup_types import SetupField, SetupFieldError, SetupFieldOption, SetupResult, SetupStep  # noqa: F401
from .trigger_types import (TriggerCondition, TriggerFieldSchema, TriggerFiredEvent, TriggerInstance,  # noqa: F401
                            TriggerSchema, TriggerTypeDefinition)

__all__ = [
    "ToolDefinition", "ToolResult", "SkillTool", "SkillHooks", "SkillDefinition", "SkillContext",
    "SkillOptionDefinition", "SkillRuntimeConfig", "Entity", "EntityPropertySchema", "EntityTypeDeclaration",
    "RelationshipTypeDeclaration", "EntitySchema", "Relationship", "ValidationError", "MIN_TICK_INTERVAL_MS",
    "HOOK_NAMES", "OPTION_TYPES",
]

MIN_TICK_INTERVAL_MS = 1000
OPTION_TYPES = ("boolean", "text", "number", "select")

# An option's default: text, a boolean or a number (which becomes a float, as Pydantic makes it).
_option_default = any_of(exactly(str), exactly(bool), exactly(float), number(), optional=True,
                         what="text, a number or true/false")


class SkillOptionDefinition(Model):
    """A setting the user may change while the skill runs (``options/list|set``).

    A boolean option with ``tool_filter`` shows those tools when true and hides them when false.
    """

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="Option key (snake_case, unique per skill)", check=text())
    type: str = Field(description="boolean, text, number or select", check=one_of(*OPTION_TYPES))
    label: str = Field(description="Label shown to the user", check=text())
    description: Optional[str] = Field(None, check=text(optional=True))
    default: Any = Field(None, check=_option_default)
    options: Optional[List[SetupFieldOption]] = Field(
        None, description="Choices of a select option", check=list_of(model(lambda: SetupFieldOption), optional=True))
    group: Optional[str] = Field(None, description="Groups options in the UI", check=text(optional=True))
    tool_filter: Optional[List[str]] = Field(
        None, description="Tools this boolean option shows (true) or hides (false)",
        check=list_of(text(), optional=True))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        if values["type"] == "select" and not values["options"]:
            self._warn("options", "is empty: a select option needs a list of {label, value} to choose from")
        if values["tool_filter"] and values["type"] != "boolean":
            self._warn("tool_filter", f'has no effect on a {values["type"]} option: only boolean options filter tools')


class ToolDefinition(Model):
    """Schema for an AI-callable tool: ``parameters`` is a JSON Schema object."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="Tool name (unique per skill)", check=text())
    description: str = Field(check=text())
    parameters: Dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}}, check=mapping())


class ToolResult(Model):
    """What a tool's ``execute`` returns: text, and whether it is an error the AI should see as one."""

    content: str = field(check=text())
    is_error: bool = field(False, check=boolean)


class SkillTool(Model):
    """A tool: its definition and ``async execute(args: dict) -> ToolResult`` (tools get no context)."""

    definition: ToolDefinition = field(check=model(lambda: ToolDefinition))
    execute: Callable[..., Awaitable[ToolResult]] = field(check=function(optional=False))


HOOK_NAMES = (
    "on_load", "on_unload", "on_session_start", "on_session_end", "on_before_message", "on_after_response",
    "on_memory_flush", "on_tick", "on_status", "on_setup_start", "on_setup_submit", "on_setup_cancel",
    "on_options_change", "on_disconnect", "on_trigger_register", "on_trigger_remove", "on_interop_data",
    "on_interop_call",
)


class SkillHooks(Model):
    """Lifecycle hooks, all async; each receives the SkillContext first. See the signatures in HOOK_SIGNATURES."""

    _warn_unknown = True
    on_load = field(None, check=function())
    on_unload = field(None, check=function())
    on_session_start = field(None, check=function())
    on_session_end = field(None, check=function())
    on_before_message = field(None, check=function())
    on_after_response = field(None, check=function())
    on_memory_flush = field(None, check=function())
    on_tick = field(None, check=function())
    on_status = field(None, check=function())
    on_setup_start = field(None, check=function())
    on_setup_submit = field(None, check=function())
    on_setup_cancel = field(None, check=function())
    on_options_change = field(None, check=function())
    on_disconnect = field(None, check=function())
    on_trigger_register = field(None, check=function())
    on_trigger_remove = field(None, check=function())
    on_interop_data = field(None, check=function())
    on_interop_call = field(None, check=function())


HOOK_SIGNATURES = {
    "on_status": "(ctx) -> dict",
    "on_options_change": "(ctx, options: dict) -> None",
    "on_disconnect": "(ctx) -> None",
    "on_trigger_register": "(ctx, trigger: TriggerInstance) -> None",
    "on_trigger_remove": "(ctx, trigger_id: str) -> None",
    "on_interop_data": "(ctx, caller_skill_id, data_name, params) -> dict | None (None: use the endpoint's handler)",
    "on_interop_call": "(ctx, caller_skill_id, function_name, arguments) -> dict | None (None: use the handler)",
}


class SkillRuntimeConfig(Model):
    """How a runtime-tier skill's process is started."""

    model_config = ConfigDict(frozen=True)

    command: str = Field(description='The command, e.g. "python3"', check=text())
    args: List[str] = Field(default_factory=list, check=list_of(text()))
    env: Dict[str, str] = Field(default_factory=dict, check=text_map)


class SkillDefinition(Model):
    """The ``skill`` object exported by skill.py. ``tick_interval`` is in ms and at least 1000 when given."""

    _warn_unknown = True
    name: str = Field(description="Skill name", check=text())
    description: str = Field(check=text())
    version: str = Field("1.0.0", check=text())
    tier: Optional[str] = Field(None, description='"bundled" or "runtime"', check=text(optional=True))
    runtime: Optional[SkillRuntimeConfig] = Field(None, check=model(lambda: SkillRuntimeConfig, optional=True))
    hooks: Optional[SkillHooks] = Field(None, check=model(lambda: SkillHooks, optional=True))
    tools: List[SkillTool] = Field(default_factory=list, check=list_of(model(lambda: SkillTool)))
    tick_interval: Optional[int] = Field(None, check=integer(MIN_TICK_INTERVAL_MS, optional=True, unit=" ms"))
    has_setup: bool = Field(False, check=boolean)
    options: List[SkillOptionDefinition] = Field(default_factory=list,
                                                 check=list_of(model(lambda: SkillOptionDefinition)))
    has_disconnect: bool = Field(False, check=boolean)
    entity_schema: Optional[EntitySchema] = Field(None, check=model(lambda: EntitySchema, optional=True))
    trigger_schema: Optional[TriggerSchema] = Field(None, check=model(lambda: TriggerSchema, optional=True))
    interop_schema: Optional[InteropSchema] = Field(None, check=model(lambda: InteropSchema, optional=True))

    def _validate_model(self, values: Dict[str, Any]) -> None:
        names = [t.definition.name for t in values["tools"]]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            self._warn("tools", f"has more than one tool named {', '.join(dupes)}: the last one wins")
        option_names = [o.name for o in values["options"]]
        dupes = sorted({n for n in option_names if option_names.count(n) > 1})
        if dupes:
            self._warn("options", f"has more than one option named {', '.join(dupes)}: the last one wins")
        for o in values["options"]:
            unknown = [t for t in (o.tool_filter or []) if t not in names]
            if unknown:
                self._warn("options", f'option "{o.name}" filters tools the skill does not have: {", ".join(unknown)}')


# ---- type hints for the context (the runtime object lives in dev.runtime.context) -------------------------


@runtime_checkable
class MemoryManager(Protocol):
    async def read(self, name: str) -> Optional[str]: ...
    async def write(self, name: str, content: str) -> None: ...
    async def search(self, query: str) -> List[Dict[str, str]]: ...
    async def list(self) -> List[str]: ...
    async def delete(self, name: str) -> None: ...


@runtime_checkable
class SessionManager(Protocol):
    @property
    def id(self) -> str: ...
    def get(self, key: str, default: Any = None) -> Any: ...
    def set(self, key: str, value: Any) -> None: ...


@runtime_checkable
class ToolRegistry(Protocol):
    def register(self, tool: SkillTool) -> None: ...
    def unregister(self, name: str) -> None: ...
    def list(self) -> List[str]: ...


@runtime_checkable
class EntityManager(Protocol):
    async def search(self, query: str, types: Optional[List[str]] = None, limit: Optional[int] = None) -> List[Any]: ...
    async def get_by_id(self, id: str) -> Optional[Any]: ...
    async def get_by_tag(self, tag: str, type: Optional[str] = None) -> List[Any]: ...
    async def get_relationships(self, entity_id: str, type: Optional[str] = None,
                                direction: str = "outgoing") -> List[Any]: ...


@runtime_checkable
class SkillsManager(Protocol):
    """Other skills, through the host: discovery, their data endpoints and their functions."""

    async def list_skills(self) -> List[Dict[str, Any]]: ...
    async def get_skill(self, skill_id: str) -> Optional[Dict[str, Any]]: ...
    async def list_data(self, skill_id: Optional[str] = None) -> List[Dict[str, Any]]: ...
    async def list_functions(self, skill_id: Optional[str] = None) -> List[Dict[str, Any]]: ...
    async def request_data(self, skill_id: str, data_name: str,
                           params: Optional[Dict[str, Any]] = None) -> Dict[str, Any]: ...
    async def call_function(self, skill_id: str, function_name: str,
                            arguments: Optional[Dict[str, Any]] = None) -> Dict[str, Any]: ...


@runtime_checkable
class SkillContext(Protocol):
    memory: MemoryManager
    session: SessionManager
    tools: ToolRegistry
    entities: EntityManager
    skills: SkillsManager
    data_dir: str

    async def read_data(self, filename: str) -> str: ...
    async def write_data(self, filename: str, content: str) -> None: ...
    def log(self, message: str) -> None: ...
    def get_state(self) -> Any: ...
    def set_state(self, partial: Dict[str, Any]) -> Any: ...
    def emit_event(self, event_type: str, data: Any = None) -> Any: ...
    def get_options(self) -> Dict[str, Any]: ...
    def fire_trigger(self, trigger_id: str, matched_data: Dict[str, Any],
                     context: Optional[Dict[str, Any]] = None) -> Any: ...
    def get_triggers(self) -> List[Any]: ...


# Hook signatures, for type hints.
LoadHook = Callable[[SkillContext], Awaitable[None]]
UnloadHook = LoadHook
TickHook = LoadHook
DisconnectHook = LoadHook
SessionHook = Callable[[SkillContext, str], Awaitable[None]]
MessageHook = Callable[[SkillContext, str], Awaitable[Optional[str]]]
StatusHook = Callable[[SkillContext], Awaitable[Dict[str, Any]]]
OptionsChangeHook = Callable[[SkillContext, Dict[str, Any]], Awaitable[None]]
SetupStartHandler = Callable[[SkillContext], Awaitable[SetupStep]]
SetupSubmitHandler = Callable[[SkillContext, str, Dict[str, Any]], Awaitable[SetupResult]]
SetupCancelHandler = LoadHook
TriggerRegisterHook = Callable[[SkillContext, TriggerInstance], Awaitable[None]]
TriggerRemoveHook = Callable[[SkillContext, str], Awaitable[None]]
InteropDataHook = Callable[[SkillContext, str, str, Dict[str, Any]], Awaitable[Optional[Dict[str, Any]]]]
InteropCallHook = InteropDataHook
