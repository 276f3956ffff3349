"""SkillDefinition types: what a skill's ``skill.py`` builds and exports as ``skill``.

Same names, fields and defaults as the original SDK's Pydantic models, so skills run unmodified:

    from dev.types.skill_types import SkillDefinition, SkillHooks, SkillTool, ToolDefinition, ToolResult

``SkillContext`` and the manager protocols below are for type hints only; the object a hook receives is
``dev.runtime.context.SkillContext``.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Dict, List, Optional, Protocol

from ._model import Model, ValidationError, boolean, field, function, integer, list_of, mapping, model, text

__all__ = [
    "ToolDefinition", "ToolResult", "SkillTool", "SkillHooks", "SkillDefinition", "SkillContext", "Entity",
    "ValidationError", "MIN_TICK_INTERVAL_MS", "HOOK_NAMES",
]

MIN_TICK_INTERVAL_MS = 1000


class ToolDefinition(Model):
    """Schema for an AI-callable tool: ``parameters`` is a JSON Schema object."""

    name: str = field(check=text())
    description: str = field(check=text())
    parameters: Dict[str, Any] = field(factory=lambda: {"type": "object", "properties": {}}, check=mapping())


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
    "on_memory_flush", "on_tick", "on_setup_start", "on_setup_submit", "on_setup_cancel",
    # Later SDK versions:
    "on_status", "on_options_change", "on_disconnect",
)


class SkillHooks(Model):
    """Lifecycle hooks, all optional and async; each receives the SkillContext first."""

    _warn_unknown = True
    on_load = field(None, check=function())
    on_unload = field(None, check=function())
    on_session_start = field(None, check=function())
    on_session_end = field(None, check=function())
    on_before_message = field(None, check=function())
    on_after_response = field(None, check=function())
    on_memory_flush = field(None, check=function())
    on_tick = field(None, check=function())
    on_setup_start = field(None, check=function())
    on_setup_submit = field(None, check=function())
    on_setup_cancel = field(None, check=function())
    on_status = field(None, check=function())
    on_options_change = field(None, check=function())
    on_disconnect = field(None, check=function())


class SkillDefinition(Model):
    """The ``skill`` object exported by skill.py. ``tick_interval`` is in ms and at least 1000 when given."""

    _warn_unknown = True
    name: str = field(check=text())
    description: str = field(check=text())
    version: str = field("1.0.0", check=text())
    hooks: Optional[SkillHooks] = field(None, check=model(lambda: SkillHooks, optional=True))
    tools: List[SkillTool] = field(factory=list, check=list_of(model(lambda: SkillTool)))
    tick_interval: Optional[int] = field(None, check=integer(MIN_TICK_INTERVAL_MS, optional=True, unit=" ms"))
    has_setup: bool = field(False, check=boolean)
    # Later SDK versions; kept as given so such skills still load.
    tier: Optional[str] = field(None, check=text(optional=True))
    runtime: Any = field(None)
    entity_schema: Any = field(None)
    options: List[Any] = field(factory=list, check=list_of(lambda v: v))
    has_disconnect: bool = field(False, check=boolean)

    def _validate_model(self, values: Dict[str, Any]) -> None:
        names = [t.definition.name for t in values["tools"]]
        dupes = sorted({n for n in names if names.count(n) > 1})
        if dupes:
            self._warn("tools", f"has more than one tool named {', '.join(dupes)}: the last one wins")


class Entity(Model):
    """An entity of the platform's graph, as the original types described it."""

    id: str = field(check=text())
    type: str = field(check=text())
    name: str = field(check=text())
    tags: List[str] = field(factory=list)
    metadata: Dict[str, Any] = field(factory=dict)


# ---- type hints for the context (the runtime object lives in dev.runtime.context) -------------------------


class MemoryManager(Protocol):
    async def read(self, name: str) -> Optional[str]: ...
    async def write(self, name: str, content: str) -> None: ...
    async def search(self, query: str) -> List[Dict[str, str]]: ...
    async def list(self) -> List[str]: ...
    async def delete(self, name: str) -> None: ...


class SessionManager(Protocol):
    @property
    def id(self) -> str: ...
    def get(self, key: str, default: Any = None) -> Any: ...
    def set(self, key: str, value: Any) -> None: ...


class ToolRegistry(Protocol):
    def register(self, tool: SkillTool) -> None: ...
    def unregister(self, name: str) -> None: ...
    def list(self) -> List[str]: ...


class EntityManager(Protocol):
    async def search(self, query: str, types: Optional[List[str]] = None, limit: Optional[int] = None) -> List[Any]: ...
    async def upsert(self, *, type: str, source: str, **fields: Any) -> None: ...


class SkillContext(Protocol):
    memory: MemoryManager
    session: SessionManager
    tools: ToolRegistry
    entities: EntityManager
    data_dir: str

    async def read_data(self, filename: str) -> str: ...
    async def write_data(self, filename: str, content: str) -> None: ...
    def log(self, message: str) -> None: ...
    async def get_state(self) -> Dict[str, Any]: ...
    def set_state(self, partial: Dict[str, Any]) -> Any: ...
    def emit_event(self, event_type: str, data: Any = None) -> Any: ...
