"""SkillContext: what every hook receives, the skill's interface to the host.

Most of it is reverse JSON-RPC to the host (state, data files, events, entities). Two parts have no host
service behind them in the workbench, and say so:

- ``memory`` is this skill's own notes, kept in ``memory.json`` in its data folder (through ``data/read``
  and ``data/write``), so it survives restarts and is visible in the data browser. It is not shared with
  other skills, and ``search`` is a plain case-insensitive substring match.
- ``session`` data lives in the skill's process and is dropped when the session ends.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from dev.runtime.interop import Skills
from dev.types.skill_types import SkillTool

if TYPE_CHECKING:  # pragma: no cover
    from dev.runtime.server import SkillServer

MEMORY_FILE = "memory.json"
SUMMARIZE_TIMEOUT_S = 120.0


class Memory:
    """Named text notes in ``memory.json``; every call reads the file again, so it is never stale."""

    def __init__(self, ctx: "SkillContext"):
        self._ctx = ctx

    async def _load(self) -> Dict[str, str]:
        raw = await self._ctx.read_data(MEMORY_FILE)
        if not raw:
            return {}
        try:
            data = json.loads(raw)
        except ValueError:
            self._ctx.log(f"{MEMORY_FILE} is not valid JSON; memory starts empty")
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    async def _save(self, notes: Dict[str, str]) -> None:
        await self._ctx.write_data(MEMORY_FILE, json.dumps(notes, indent=2, ensure_ascii=False))

    async def read(self, name: str) -> Optional[str]:
        return (await self._load()).get(name)

    async def write(self, name: str, content: str) -> None:
        async with self._ctx._server.memory_lock:
            notes = await self._load()
            notes[name] = content
            await self._save(notes)

    async def search(self, query: str) -> List[Dict[str, str]]:
        q = query.lower()
        return [{"name": k, "content": v} for k, v in (await self._load()).items() if q in k.lower() or q in v.lower()]

    async def list(self) -> List[str]:
        return sorted(await self._load())

    async def delete(self, name: str) -> None:
        async with self._ctx._server.memory_lock:
            notes = await self._load()
            if notes.pop(name, None) is not None:
                await self._save(notes)


class Session:
    """The current session (the last one started and not ended) and a dict scoped to it."""

    def __init__(self, server: "SkillServer"):
        self._server = server

    @property
    def id(self) -> str:
        return self._server.session_id or ""

    @property
    def data(self) -> Dict[str, Any]:
        return self._server.session_data.setdefault(self.id, {})

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def set(self, key: str, value: Any) -> None:
        self.data[key] = value


class Tools:
    """Adds and removes tools while the skill runs. The host learns of it on its next ``tools/list``."""

    def __init__(self, server: "SkillServer"):
        self._server = server

    def register(self, tool: Any) -> None:
        tool = SkillTool.model_validate(tool)
        self._server.tools[tool.definition.name] = tool

    def unregister(self, name: str) -> None:
        self._server.tools.pop(name, None)

    def list(self) -> List[str]:
        return list(self._server.tools)


class Entities:
    """The shared entity graph, through ``entities/*`` reverse calls."""

    def __init__(self, server: "SkillServer"):
        self._server = server

    async def search(self, query: str, types: Optional[List[str]] = None, limit: Optional[int] = None) -> List[Any]:
        params: Dict[str, Any] = {"query": query}
        if types is not None:
            params["types"] = list(types)
        if limit is not None:
            params["limit"] = limit
        result = await self._server.call("entities/search", params)
        return result.get("results", []) if isinstance(result, dict) else []

    async def upsert(self, *, type: str, source: str, id: Optional[str] = None, source_id: Optional[str] = None,
                     title: Optional[str] = None, summary: Optional[str] = None,
                     metadata: Optional[Dict[str, Any]] = None) -> None:
        params: Dict[str, Any] = {"type": type, "source": source}
        for key, value in (("id", id), ("sourceId", source_id), ("title", title), ("summary", summary),
                           ("metadata", metadata)):
            if value is not None:
                params[key] = value
        await self._server.call("entities/upsert", params)

    async def upsert_relationship(self, *, source_id: str, target_id: str, type: str, source: str,
                                  metadata: Optional[Dict[str, Any]] = None) -> None:
        params: Dict[str, Any] = {"sourceId": source_id, "targetId": target_id, "type": type, "source": source}
        if metadata is not None:
            params["metadata"] = metadata
        await self._server.call("entities/upsertRelationship", params)

    async def get_relationships(self, entity_id: str, type: Optional[str] = None,
                                direction: str = "outgoing") -> List[Any]:
        params: Dict[str, Any] = {"entityId": entity_id, "direction": direction}
        if type is not None:
            params["type"] = type
        result = await self._server.call("entities/getRelationships", params)
        return result.get("results", []) if isinstance(result, dict) else []

    async def get_by_id(self, id: str) -> Optional[Any]:
        """No host method for this: a search for the id, then an exact match on ``id``."""
        for e in await self.search(id):
            if isinstance(e, dict) and e.get("id") == id:
                return e
        return None

    async def get_by_tag(self, tag: str, type: Optional[str] = None) -> List[Any]:
        """No host method for this: a search for the tag, then entities whose ``metadata.tags`` hold it."""
        found = await self.search(tag, [type] if type else None)
        return [e for e in found if isinstance(e, dict) and tag in ((e.get("metadata") or {}).get("tags") or [])]


class StateSnapshot(dict):
    """The state as last known, which can also be awaited for the host's current state."""

    def __init__(self, ctx: "SkillContext", known: Dict[str, Any]):
        super().__init__(known)
        self._ctx = ctx

    def __await__(self) -> Any:
        return self._ctx.refresh_state().__await__()


class SkillContext:
    """Passed to every hook. ``get_state()`` and the file and entity calls are awaited; ``set_state()``,
    ``emit_event()`` and ``fire_trigger()`` send their reverse call at once and return a task that may be
    awaited or ignored (older skills await them, the newest SDK's return None); ``get_options()`` and
    ``get_triggers()`` are plain."""

    def __init__(self, server: "SkillServer"):
        self._server = server
        self.memory = Memory(self)
        self.session = Session(server)
        self.tools = Tools(server)
        self.entities = Entities(server)
        self.skills = Skills(server)
        self._state: Dict[str, Any] = {}

    @property
    def data_dir(self) -> str:
        return self._server.data_dir

    @property
    def manifest(self) -> Dict[str, Any]:
        return self._server.manifest or {}

    async def read_data(self, filename: str) -> str:
        """The file's text; an empty string when the host has no such file (as the original host answered)."""
        result = await self._server.call("data/read", {"filename": filename})
        content = result.get("content") if isinstance(result, dict) else result
        return "" if content is None else str(content)

    async def write_data(self, filename: str, content: str) -> None:
        await self._server.call("data/write", {"filename": filename, "content": content})

    def log(self, message: str) -> None:
        sys.stderr.write(f"[skill] {message}\n")
        sys.stderr.flush()

    def get_state(self) -> "StateSnapshot":
        """``await ctx.get_state()`` asks the host. Used without await (as the SDK's test harness allowed, and
        its kitchen-sink example does), it is the state as last known here: read from the host before
        ``on_load``, plus this skill's own ``set_state`` calls since."""
        return StateSnapshot(self, self._state)

    async def refresh_state(self) -> Dict[str, Any]:
        result = await self._server.call("state/get")
        state = result.get("state") if isinstance(result, dict) else result
        self._state = dict(state) if isinstance(state, dict) else {}
        return dict(self._state)

    def set_state(self, partial: Dict[str, Any]) -> Any:
        """Fire-and-forget shallow merge: sent at once, not waited for. Returns a task you may await."""
        if isinstance(partial, dict):
            self._state.update(partial)
        return self._server.fire("state/set", {"partial": partial})

    def emit_event(self, event_type: str, data: Any = None) -> Any:
        """Fire-and-forget event for the host's intelligence rules. Returns a task you may await."""
        return self._server.fire("intelligence/emitEvent", {"eventType": event_type, "data": data})

    def get_options(self) -> Dict[str, Any]:
        """The options' current values (defaults until the host sets them)."""
        return self._server.options.current()

    def get_triggers(self) -> List[Any]:
        """The registered TriggerInstance objects."""
        return list(self._server.triggers.instances.values())

    def fire_trigger(self, trigger_id: str, matched_data: Optional[Dict[str, Any]] = None,
                     context: Optional[Dict[str, Any]] = None) -> Any:
        """Tells the host a trigger fired (``triggers/fired``); an unknown id is logged, not sent."""
        sent = self._server.triggers.fire(trigger_id, matched_data, context)
        return sent if sent is not None else self._server.done(None)

    # The original context exposes these under private names; real skills call them.
    async def _fire_trigger(self, trigger_id: str, matched_data: Optional[Dict[str, Any]] = None,
                            context: Optional[Dict[str, Any]] = None) -> None:
        sent = self._server.triggers.fire(trigger_id, matched_data, context)
        if sent is not None:
            await sent

    async def _upsert_entity(self, **fields: Any) -> None:
        await self.entities.upsert(**fields)

    async def _upsert_relationship(self, **fields: Any) -> None:
        await self.entities.upsert_relationship(**fields)

    async def _request_summarization(self, *, messages: List[Dict[str, Any]], chats: List[Dict[str, Any]],
                                     current_user: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """Asks the host's AI to summarize (``intelligence/summarize``, 120 s to answer)."""
        result = await self._server.call("intelligence/summarize",
                                         {"messages": messages, "chats": chats, "currentUser": current_user},
                                         timeout=SUMMARIZE_TIMEOUT_S)
        return result if isinstance(result, dict) else {}
