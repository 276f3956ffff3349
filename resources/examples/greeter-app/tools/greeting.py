"""The "greet someone" tool: one dict in, one dict out."""


def greet(payload: dict) -> dict:
    name = payload["name"].strip() or "world"
    age = payload.get("age")
    # Prints are fine: the runner sends them to stderr, where the workbench shows them in the log.
    print(f"greeting {name!r}")
    if age is None:
        return {"message": f"Hello {name}!"}
    if age < 0:
        raise ValueError("age cannot be negative")
    return {"message": f"Hello {name}, {age:g} years young!"}
