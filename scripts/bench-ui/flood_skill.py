#!/usr/bin/env python3
"""The UI benchmark's skill (subprocess JSON-RPC): `echo` answers at once; `flood` writes `mb` megabytes of log
lines to stderr from a thread, in one burst or spread over `seconds`, while the skill keeps answering calls."""
import json
import sys
import threading
import time

LINE = "flood " + "x" * 90 + "\n"  # about 100 bytes a line, like a chatty skill's log


def flood(mb, seconds):
    lines = int(mb * 1024 * 1024 / len(LINE))
    chunk = LINE * 1000
    batches = max(1, lines // 1000)
    pause = seconds / batches if seconds else 0
    for _ in range(batches):
        sys.stderr.write(chunk)
        if pause:
            sys.stderr.flush()
            time.sleep(pause)
    sys.stderr.flush()


out = sys.stdout
lock = threading.Lock()
calls = 0


def answer(msg_id, result):
    with lock:
        out.write(json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": result}) + "\n")
        out.flush()


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    method = msg.get("method")
    if method == "initialize":
        answer(msg["id"], {
            "name": "flood", "version": "1.0.0",
            "tools": [
                {"name": "echo", "description": "Echoes its arguments.", "parameters": {"type": "object", "properties": {"text": {"type": "string"}}}},
                {"name": "flood", "description": "Writes log lines to stderr.", "parameters": {"type": "object", "properties": {"mb": {"type": "number"}, "seconds": {"type": "number"}}}},
            ],
        })
    elif method == "tools/call":
        args = msg["params"].get("arguments") or {}
        if msg["params"]["name"] == "flood":
            threading.Thread(target=flood, args=(float(args.get("mb", 50)), float(args.get("seconds", 0))), daemon=True).start()
            answer(msg["id"], {"content": "flooding"})
        else:
            calls += 1  # every answer differs, so the page can tell a new result from the last one
            answer(msg["id"], {"content": json.dumps({"args": args, "call": calls})})
    elif method == "shutdown":
        answer(msg["id"], {"ok": True})
        break
    elif "id" in msg:
        answer(msg["id"], {"ok": True})
