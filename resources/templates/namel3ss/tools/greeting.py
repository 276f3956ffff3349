"""The "greet" tool: one dict in (the declared inputs), one dict out (the declared outputs)."""


def greet(payload: dict) -> dict:
    name = str(payload.get("name") or "").strip()
    if not name:
        # An exception becomes {"ok": false, "error": {"type": "ValueError", "message": ...}} for the caller.
        raise ValueError("Give a name to greet.")
    return {"message": f"Hello, {name}!"}
