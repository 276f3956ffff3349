"""Skills using each other through the host, both ways.

Served (host -> skill): ``interop/listExposed`` (what this skill's ``interop_schema`` exposes),
``interop/getData {callerSkillId, dataName, params}`` and ``interop/callFunction {callerSkillId, functionName,
arguments}``, answered ``{data: ...}``. The ``on_interop_data`` / ``on_interop_call`` hook runs first; when it
returns None the declared endpoint's ``handler(ctx, params)`` answers; an unknown name is an error.

Called (skill -> host): ``ctx.skills`` sends ``skills/list|get|listData|listFunctions|requestData|
callFunction``. The original SDK also puts five tools on every skill for the AI (``list-skills``,
``list-skill-data``, ``list-skill-functions``, ``request-skill-data``, ``call-skill-function``), with the same
names, descriptions and parameters as here; ``build_interop_tools`` makes them and the server lists them after
the skill's own (a tool of the skill's with one of these names wins). The workbench shows them apart, as the SDK's.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from dev.runtime.errors import RpcFailure
from dev.types.skill_types import SkillTool, ToolDefinition, ToolResult

if TYPE_CHECKING:  # pragma: no cover
    from dev.runtime.server import SkillServer

__all__ = ["Skills", "build_interop_tools", "handle_get_data", "handle_call_function", "handle_list_exposed"]


def _dict(result: Any, fallback: Dict[str, Any]) -> Dict[str, Any]:
    return result if isinstance(result, dict) else fallback


class Skills:
    """``ctx.skills``: other skills, through the host."""

    def __init__(self, server: "SkillServer"):
        self._server = server

    async def list_skills(self) -> List[Dict[str, Any]]:
        return _dict(await self._server.call("skills/list"), {}).get("skills", [])

    async def get_skill(self, skill_id: str) -> Optional[Dict[str, Any]]:
        return _dict(await self._server.call("skills/get", {"skillId": skill_id}), {}).get("skill")

    async def list_data(self, skill_id: Optional[str] = None) -> List[Dict[str, Any]]:
        params = {} if skill_id is None else {"skillId": skill_id}
        return _dict(await self._server.call("skills/listData", params), {}).get("data", [])

    async def list_functions(self, skill_id: Optional[str] = None) -> List[Dict[str, Any]]:
        params = {} if skill_id is None else {"skillId": skill_id}
        return _dict(await self._server.call("skills/listFunctions", params), {}).get("functions", [])

    async def request_data(self, skill_id: str, data_name: str,
                           params: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        p: Dict[str, Any] = {"skillId": skill_id, "dataName": data_name}
        if params is not None:
            p["params"] = params
        return _dict(await self._server.call("skills/requestData", p), {})

    async def call_function(self, skill_id: str, function_name: str,
                            arguments: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        p: Dict[str, Any] = {"skillId": skill_id, "functionName": function_name}
        if arguments is not None:
            p["arguments"] = arguments
        return _dict(await self._server.call("skills/callFunction", p), {})


# ---- host -> skill -------------------------------------------------------------------------------------------


def _exposed(server: "SkillServer") -> Any:
    return getattr(server.skill, "interop_schema", None)


async def handle_get_data(server: "SkillServer", params: Dict[str, Any]) -> Dict[str, Any]:
    caller, name = params.get("callerSkillId", ""), params.get("dataName", "")
    args = params.get("params") or {}
    answer = await server.run_hook("on_interop_data", caller, name, args)
    if answer is not None:
        return {"data": answer}
    schema = _exposed(server)
    endpoint = next((d for d in (schema.exposed_data if schema else []) if d.name == name), None)
    if endpoint is None:
        raise RpcFailure(f"Unknown data endpoint: {name}")
    return {"data": await server.await_value(endpoint.handler(server.context, args))}


async def handle_call_function(server: "SkillServer", params: Dict[str, Any]) -> Dict[str, Any]:
    caller, name = params.get("callerSkillId", ""), params.get("functionName", "")
    args = params.get("arguments") or {}
    answer = await server.run_hook("on_interop_call", caller, name, args)
    if answer is not None:
        return {"data": answer}
    schema = _exposed(server)
    fn = next((f for f in (schema.exposed_functions if schema else []) if f.name == name), None)
    if fn is None:
        raise RpcFailure(f"Unknown function: {name}")
    return {"data": await server.await_value(fn.handler(server.context, args))}


def handle_list_exposed(server: "SkillServer", params: Any = None) -> Dict[str, Any]:
    schema = _exposed(server)
    return {
        "data": [{"name": d.name, "description": d.description, "visibility": d.visibility, "schema": d.schema_}
                 for d in (schema.exposed_data if schema else [])],
        "functions": [{"name": f.name, "description": f.description, "visibility": f.visibility,
                       "parameters": f.parameters, "returns": f.returns}
                      for f in (schema.exposed_functions if schema else [])],
    }


# ---- the tools for the AI --------------------------------------------------------------------------------------


def _schema(properties: Dict[str, Any], required: Optional[List[str]] = None) -> Dict[str, Any]:
    out: Dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    return out


def build_interop_tools(server: "SkillServer") -> Dict[str, SkillTool]:
    skills = Skills(server)
    sid = {"type": "string", "description": "Target skill ID"}
    by_skill = _schema({"skill_id": {"type": "string", "description": "Optional skill ID to filter by"}})

    def tool(name: str, description: str, params: Dict[str, Any], run: Any, needs: tuple = ()) -> SkillTool:
        async def execute(args: Dict[str, Any]) -> ToolResult:
            args = args or {}
            missing = [k for k in needs if not args.get(k)]
            if missing:
                return ToolResult(content=f"{' and '.join(needs)} are required", is_error=True)
            try:
                result = await run(args)
            except Exception as err:  # the other skill's failure is the AI's to read
                return ToolResult(content=str(err), is_error=True)
            return ToolResult(content=json.dumps(result, indent=2))
        return SkillTool(definition=ToolDefinition(name=name, description=description, parameters=params),
                         execute=execute)

    async def list_skills(a: Dict[str, Any]) -> Any:
        return {"skills": await skills.list_skills()}

    async def list_data(a: Dict[str, Any]) -> Any:
        return {"data": await skills.list_data(a.get("skill_id"))}

    async def list_functions(a: Dict[str, Any]) -> Any:
        return {"functions": await skills.list_functions(a.get("skill_id"))}

    async def request(a: Dict[str, Any]) -> Any:
        return await skills.request_data(a["skill_id"], a["data_name"], a.get("params"))

    async def call(a: Dict[str, Any]) -> Any:
        return await skills.call_function(a["skill_id"], a["function_name"], a.get("arguments"))

    made = [
        tool("list-skills", "Discover all registered skills and their online status", _schema({}), list_skills),
        tool("list-skill-data", "List exposed data endpoints from other skills (optionally filter by skill)",
             by_skill, list_data),
        tool("list-skill-functions", "List exposed functions from other skills (optionally filter by skill)",
             by_skill, list_functions),
        tool("request-skill-data", "Request data from another skill's exposed data endpoint",
             _schema({"skill_id": sid, "data_name": {"type": "string", "description": "Data endpoint name"},
                      "params": {"type": "object", "description": "Optional parameters for the data request"}},
                     ["skill_id", "data_name"]), request, ("skill_id", "data_name")),
        tool("call-skill-function", "Call a function exposed by another skill",
             _schema({"skill_id": sid, "function_name": {"type": "string", "description": "Function name to call"},
                      "arguments": {"type": "object", "description": "Arguments to pass to the function"}},
                     ["skill_id", "function_name"]), call, ("skill_id", "function_name")),
    ]
    return {t.definition.name: t for t in made}
