"""Options: the settings a skill declares (``SkillDefinition.options``) and their current values.

As the original SDK does: values start at the defaults; ``skill/load`` reads the saved ones from the skill's
``options.json`` (through ``data/read``; unknown names are dropped); ``options/set`` and ``options/reset``
save them back (``data/write``) and then run ``on_options_change(ctx, options)``. A boolean option with a
``tool_filter`` hides those tools from ``tools/list`` and ``tools/call`` while it is false.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, List, Set

from dev.runtime.errors import RpcFailure

if TYPE_CHECKING:  # pragma: no cover
    from dev.runtime.server import SkillServer

OPTIONS_FILE = "options.json"


class Options:
    def __init__(self, server: "SkillServer", definitions: List[Any]):
        self._server = server
        self.defs: Dict[str, Any] = {o.name: o for o in definitions}
        self.values: Dict[str, Any] = {o.name: o.default for o in definitions}

    def hidden_tools(self) -> Set[str]:
        """The tools that a false boolean option filters out."""
        hidden: Set[str] = set()
        for o in self.defs.values():
            if o.type == "boolean" and o.tool_filter and not self.values.get(o.name, o.default):
                hidden.update(o.tool_filter)
        return hidden

    def listing(self) -> Dict[str, Any]:
        return {"options": [{
            "name": o.name,
            "type": o.type,
            "label": o.label,
            "description": o.description,
            "default": o.default,
            "options": [{"label": c.label, "value": c.value} for c in o.options] if o.options else None,
            "group": o.group,
            "toolFilter": o.tool_filter,
            "value": self.values.get(o.name, o.default),
        } for o in self.defs.values()]}

    def current(self) -> Dict[str, Any]:
        return dict(self.values)

    @staticmethod
    def check(o: Any, value: Any) -> None:
        """The original SDK's checks and messages (a number may be any int or float)."""
        name = o.name
        if o.type == "boolean" and not isinstance(value, bool):
            raise RpcFailure(f"Option '{name}' requires a boolean value")
        if o.type == "number" and not isinstance(value, (int, float)):
            raise RpcFailure(f"Option '{name}' requires a numeric value")
        if o.type == "text" and not isinstance(value, str):
            raise RpcFailure(f"Option '{name}' requires a string value")
        if o.type == "select":
            allowed = [c.value for c in (o.options or [])]
            if str(value) not in allowed:
                raise RpcFailure(f"Option '{name}' must be one of: {allowed}")

    async def set(self, params: Dict[str, Any]) -> Dict[str, Any]:
        name = params.get("name", "")
        o = self.defs.get(name) if isinstance(name, str) else None
        if o is None:
            raise RpcFailure(f"Unknown option: {name}")
        value = params.get("value")
        self.check(o, value)
        self.values[name] = value
        await self._changed()
        return {"ok": True}

    async def reset(self, params: Dict[str, Any]) -> Dict[str, Any]:
        self.values = {o.name: o.default for o in self.defs.values()}
        await self._changed()
        return {"ok": True}

    async def _changed(self) -> None:
        await self._save()
        await self._server.run_hook("on_options_change", dict(self.values))

    async def _save(self) -> None:
        try:
            await self._server.context.write_data(OPTIONS_FILE, json.dumps(self.values))
        except Exception as err:  # the value still applies for this run
            self._server.log(f"could not save {OPTIONS_FILE}: {err}")

    async def load(self) -> None:
        """Saved values win over defaults, for the options the skill still declares."""
        if not self.defs:
            return
        try:
            raw = await self._server.context.read_data(OPTIONS_FILE)
            saved = json.loads(raw) if raw else {}
        except Exception as err:
            self._server.log(f"could not read {OPTIONS_FILE}, using the defaults: {err}")
            saved = {}
        if not isinstance(saved, dict):
            saved = {}
        self.values = {name: saved.get(name, o.default) for name, o in self.defs.items()}
