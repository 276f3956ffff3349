"""What namel3ss_runner.py and namel3ss_service.py both speak (python-tool-protocol, version 1).

The error shape, a tool's result written as JSON, and finding a tool's function in the app's `tools`
package (and only there). Each caller passes its own `fail(type, message)`: the runner's errors carry
the protocol version, the service's do not. Standard library only; Python 3.9 or newer.
"""

import json
import os
from decimal import Decimal

PROTOCOL_VERSION = 1


def error(err_type, message, **extra):
    """`{"ok": false, **extra, "error": {"type", "message"}}`."""
    return {"ok": False, **extra, "error": {"type": err_type, "message": message}}


def json_default(value):
    # namel3ss numbers may arrive as Decimal: integral ones become ints, the rest keep their exact text.
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return int(value)
        return format(value.normalize(), "f")
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def encode(output, tool, fail, advice=""):
    """The output as JSON text; a result JSON cannot hold becomes the tool's TypeError (with `advice` after it)."""
    try:
        return json.dumps(output, default=json_default, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, OverflowError) as err:
        name = f'Tool "{tool}"' if isinstance(tool, str) and tool else "The tool"
        return json.dumps(fail("TypeError", f"{name} returned a result that is not JSON-serialisable: {err}{advice}"))


_APP_ROOT = None


def set_app_root(path):
    """The app's folder as the request names it (a sandboxed tool runs in its workspace, not the app)."""
    global _APP_ROOT
    _APP_ROOT = os.path.realpath(path) if isinstance(path, str) and path else None


def app_root():
    """The request's app_root; else the working directory (the service, and older requests, run in the app)."""
    return _APP_ROOT or os.path.realpath(os.getcwd())


def check_module_location(module, module_path, roots=None):
    """A `tools` package installed elsewhere wins over the app's folder when the app has no tools/__init__.py."""
    if module_path != "tools" and not module_path.startswith("tools."):
        return None
    origin = getattr(module, "__file__", None)
    if not origin:
        return None
    allowed = [os.path.realpath(r) for r in (roots or [os.path.join(app_root(), "tools")])]
    real = os.path.realpath(origin)
    if any(real == r or real.startswith(r + os.sep) for r in allowed):
        return None
    return (
        f"Module '{module_path}' was imported from {real}, not from {' or '.join(allowed)}: "
        "another package named 'tools' shadows it. Add an empty tools/__init__.py to the app."
    )


def find_function(entry, module_path, function_name, load, fail, roots=None):
    """Imports `module_path` with `load` and finds the function: `(func, None)`, or `(None, failure)`."""
    try:
        module = load(module_path)
    except Exception as err:  # noqa: BLE001 - any import failure is the tool's error
        return None, fail(err.__class__.__name__, str(err))
    problem = check_module_location(module, module_path, roots)
    if problem:
        return None, fail("ImportError", problem)
    func = getattr(module, function_name, None)
    if func is None:
        return None, fail("AttributeError", f"Module '{module_path}' has no function '{function_name}'")
    if not callable(func):
        return None, fail("TypeError", f"'{entry}' is not callable")
    return func, None
