"""namel3ss's environment gates (no_env_read, no_env_write, secrets_allowed), with its refusals.

The host already withholds what these guarantees forbid (the process never has the values); this gives a
tool that asks namel3ss's own error instead of a silent None:
    What happened: Tool "x" cannot read environment variables.
    Why: Effective guarantees forbid env reads (API_KEY).
Secret names are namel3ss's (OPENAI_API_KEY, DATABASE_URL and their NAMEL3SS_/N3_ aliases).
"""

import os
from collections.abc import MutableMapping

SECRET_ALIASES = {
    "NAMEL3SS_OPENAI_API_KEY": "OPENAI_API_KEY", "OPENAI_API_KEY": "OPENAI_API_KEY",
    "NAMEL3SS_ANTHROPIC_API_KEY": "ANTHROPIC_API_KEY", "ANTHROPIC_API_KEY": "ANTHROPIC_API_KEY",
    "NAMEL3SS_GEMINI_API_KEY": "GEMINI_API_KEY", "GEMINI_API_KEY": "GEMINI_API_KEY",
    "NAMEL3SS_MISTRAL_API_KEY": "MISTRAL_API_KEY", "MISTRAL_API_KEY": "MISTRAL_API_KEY",
    "N3_DATABASE_URL": "DATABASE_URL", "DATABASE_URL": "DATABASE_URL",
    "N3_EDGE_KV_URL": "EDGE_KV_URL", "EDGE_KV_URL": "EDGE_KV_URL",
}


def install(guard):
    """`guard` is namel3ss_sandbox: its context, _block, _record, _source and _guarantee."""
    original = {"getenv": os.getenv, "putenv": os.putenv, "environ": os.environ}

    def check(key, write):
        if guard._CTX is None:
            return
        cap = "env_write" if write else "env_read"
        if guard._guarantee("no_env_write" if write else "no_env_read"):
            raise guard._block(
                "cannot write environment variables" if write else "cannot read environment variables",
                f"Effective guarantees forbid env {'writes' if write else 'reads'} ({key}).",
                guard._override_example("no_env_write" if write else "no_env_read"),
                cap,
                guard._source(cap),
            )
        guard._record(cap, True, guard._source(cap), "guarantee_allowed")
        _check_secret(guard, str(key))

    class EnvProxy(MutableMapping):
        def __init__(self, data):
            self._data = data

        def __getitem__(self, key):
            check(key, False)
            return self._data[key]

        def __setitem__(self, key, value):
            check(key, True)
            self._data[key] = value

        def __delitem__(self, key):
            check(key, True)
            del self._data[key]

        def __iter__(self):
            return iter(self._data)

        def __len__(self):
            return len(self._data)

        def copy(self):
            check("*", False)
            return dict(self._data)

    def getenv(key, default=None):
        check(key, False)
        return original["getenv"](key, default)

    def putenv(key, value):
        check(key, True)
        return original["putenv"](key, value)

    os.getenv = getenv
    os.putenv = putenv
    os.environ = EnvProxy(original["environ"])
    return original


def _check_secret(guard, key):
    name = SECRET_ALIASES.get(key.strip().upper())
    allowed = ((guard._CTX or {}).get("guarantees") or {}).get("secrets_allowed")
    if not name or not isinstance(allowed, list):
        return
    source = ((guard._CTX or {}).get("sources") or {}).get("secrets_allowed") or "pack"
    if name in allowed:
        guard._record("secrets", True, source, "secrets_allowed")
        return
    tool = (guard._CTX or {}).get("tool_name") or "tool"
    check = guard._record("secrets", False, source, "secrets_blocked")
    message = guard._guidance(
        f'Tool "{tool}" cannot access secrets.',
        f"Effective guarantees only allow secrets {sorted(allowed)} (requested: {name}).",
        "Remove the restriction or choose a tool that does not need the capability.",
        f'[capability_overrides]\\n"{tool}" = {{ secrets_allowed = ["{name}"] }}',
    )
    raise guard.CapabilityViolation(message, check)
