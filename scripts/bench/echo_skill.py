#!/usr/bin/env python3
"""The benchmark's skill: answers initialize and echoes tools/call arguments, as fast as Python can."""
import json
import sys

out = sys.stdout
for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    method = msg.get("method")
    if method == "initialize":
        result = {"name": "echo", "version": "1.0.0", "tools": [{"name": "echo", "parameters": {"type": "object"}}]}
    elif method == "tools/call":
        result = {"content": json.dumps(msg["params"]["arguments"])}
    elif method == "shutdown":
        out.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": {"ok": True}}) + "\n")
        out.flush()
        break
    else:
        result = {"ok": True}
    out.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": result}) + "\n")
    out.flush()
