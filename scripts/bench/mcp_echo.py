#!/usr/bin/env python3
"""The benchmark's MCP server: the echo skill's work (echo the tool arguments as JSON text) spoken as MCP
over stdio, standard library only, so the MCP SDK client can be measured on the same job as our engine."""
import json
import sys

out = sys.stdout
TOOLS = [{"name": "echo", "description": "Echoes its arguments.", "inputSchema": {"type": "object"}}]

for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    method = msg.get("method")
    if "id" not in msg:
        continue  # notifications (initialized, cancelled) need no answer
    if method == "initialize":
        result = {
            "protocolVersion": msg["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "echo", "version": "1.0.0"},
        }
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call":
        result = {"content": [{"type": "text", "text": json.dumps(msg["params"].get("arguments", {}))}]}
    else:
        result = {}
    out.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + "\n")
    out.flush()
