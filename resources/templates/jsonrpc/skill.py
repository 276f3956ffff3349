#!/usr/bin/env python3
"""__SKILL_NAME__: a subprocess JSON-RPC 2.0 skill (one JSON object per line on stdin/stdout).

The host starts ``python3 skill.py`` (manifest.json says so), sends ``initialize`` to learn the tools,
``tools/call`` for each call, ``lifecycle/*`` notices, and ``shutdown`` at the end. stdout carries
protocol messages only: print logs to stderr.
"""
import json
import sys

NAME = "__SKILL_NAME__"
DESCRIPTION = "Greets people by name"
VERSION = "0.1.0"

# Each tool's "parameters" is a JSON Schema: the workbench builds its form from it.
TOOLS = [
    {
        "name": "greet",
        "description": "Say hello to someone by name",
        "parameters": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "minLength": 1, "description": "Who to greet"},
            },
            "required": ["name"],
        },
    },
]


def greet(args):
    """Returns (text, is_error)."""
    name = str(args.get("name") or "").strip()
    if not name:
        return "Give a name to greet.", True
    return f"Hello, {name}!", False


HANDLERS = {"greet": greet}


def handle_request(request):
    method = request.get("method", "")
    params = request.get("params") or {}
    req_id = request.get("id")
    if method == "initialize":
        result = {"name": NAME, "description": DESCRIPTION, "version": VERSION, "tools": TOOLS}
    elif method == "tools/call":
        handler = HANDLERS.get(params.get("name"))
        if handler is None:
            text, is_error = f"Unknown tool: {params.get('name')}", True
        else:
            try:
                text, is_error = handler(params.get("arguments") or {})
            except Exception as e:  # the caller sees the error; the skill keeps running
                text, is_error = f"{type(e).__name__}: {e}", True
        result = {"content": text}
        if is_error:
            result["isError"] = True
    elif method.startswith("lifecycle/") or method == "shutdown":
        result = {"ok": True}
    else:
        return {"jsonrpc": "2.0", "id": req_id, "error": {"code": -32601, "message": f"Unknown: {method}"}}
    return {"jsonrpc": "2.0", "id": req_id, "result": result}


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as e:
            print(json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": f"Parse error: {e}"}}), flush=True)
            continue
        print(json.dumps(handle_request(request)), flush=True)
        if request.get("method") == "shutdown":
            break


if __name__ == "__main__":
    main()
