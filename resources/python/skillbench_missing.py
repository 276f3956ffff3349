"""Plain words for a skill that imports a package this interpreter lacks (used by skillbench_launch.py).

Real skills import the MCP Python SDK (``from mcp.types import Tool``) and pydantic v2, which a bare
interpreter does not have. Instead of a traceback, one line says which package is missing (with the
requirement the skill's manifest or requirements.txt gives for it), where it was imported, and how to point
the workbench at an interpreter that has it: ``SKILLBENCH_PYTHON``, or a ``.venv`` in the skill's folder or
its repository's, which the workbench uses by itself. Where ``mcp`` is the workbench's stand-in (``fallback/mcp``,
only the data classes of ``mcp.types``), a skill that imports more of it is told it needs the real package.
"""

import json
import os
import re
import sys
import traceback

# Import names whose package on PyPI is called otherwise.
PIP_NAMES = {
    "PIL": "Pillow", "github": "PyGithub", "notion_client": "notion-client", "yaml": "PyYAML",
    "googleapiclient": "google-api-python-client", "google": "google-api-python-client", "dateutil":
    "python-dateutil", "eth_account": "eth-account", "dotenv": "python-dotenv", "bs4": "beautifulsoup4",
}

HOW_TO_POINT = ("point the workbench at an interpreter that has it: set SKILLBENCH_PYTHON=/path/to/python, "
                "or create a virtual environment named .venv in the skill's folder or in its repository's "
                "folder (the workbench then uses it by itself)")


def _norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def requirements(dirs):
    """Requirement lines from manifest.json ``dependencies`` and requirements.txt in these folders."""
    found = []
    for d in dirs:
        if not d:
            continue
        try:
            with open(os.path.join(d, "manifest.json"), encoding="utf-8") as f:
                deps = json.load(f).get("dependencies")
            found += [str(x) for x in deps or [] if isinstance(x, str)]
        except (OSError, ValueError, AttributeError):
            pass
        try:
            with open(os.path.join(d, "requirements.txt"), encoding="utf-8") as f:
                found += [ln.split("#")[0].strip() for ln in f if ln.split("#")[0].strip()]
        except OSError:
            pass
    return found


def requirement_for(pip_name, dirs):
    for line in requirements(dirs):
        m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", line)
        if m and _norm(m.group(1)) == _norm(pip_name):
            return line
    return None


def _interpreter():
    return f"{sys.executable} (Python {sys.version.split()[0]})"


def _installed_version(dist):
    try:
        from importlib import metadata
        return metadata.version(dist)
    except Exception:
        return None


def _where(err, inside):
    """', imported at FILE, line N' for the last frame inside the skill's (or SDK's) folder."""
    frames = traceback.extract_tb(err.__traceback__)
    roots = [os.path.realpath(p) + os.sep for p in inside if p]
    site = next((f for f in reversed(frames) if any(os.path.realpath(f.filename).startswith(r) for r in roots)), None)
    return f" (imported at {site.filename}, line {site.lineno})" if site else ""


def _local(top, dirs):
    """True when ``top`` is one of the skill's own modules, not a package to install."""
    return any(os.path.exists(os.path.join(d, top)) or os.path.isfile(os.path.join(d, top + ".py"))
               for d in dirs if d)


def _stand_in(top):
    """True when ``top`` was imported from the workbench's stand-in (fallback/mcp), not an installed package."""
    return getattr(sys.modules.get(top), "SKILLBENCH_STAND_IN", False) is True


def explain(err, dirs, who="the skill"):
    """One line for an ImportError about a third-party package, or None when it is something else."""
    if not isinstance(err, ImportError) or not getattr(err, "name", None):
        return None
    full = err.name
    top = full.split(".")[0]
    if top in ("dev", "skills") or _local(top, dirs):
        return None
    pip_name = PIP_NAMES.get(top, top.replace("_", "-"))
    req = requirement_for(pip_name, dirs)
    wanted = f'"{pip_name}"' + (f" ({req}, as the skill's files ask)" if req else "")
    where = _where(err, dirs)
    # The stand-in gives only mcp.types' data classes: a skill that wants more (mcp.server) needs the real package.
    stand_in = ""
    if _stand_in(top):
        name = re.search(r"cannot import name '([^']+)'", str(err))
        wants = f"{name.group(1)} from {full}" if name and not isinstance(err, ModuleNotFoundError) else full
        stand_in = f"the workbench's stand-in gives only the data classes of mcp.types, and the skill imports {wants}"
        where = f" ({where[2:-1]}; {stand_in})" if where else f" ({stand_in})"
    if stand_in or (isinstance(err, ModuleNotFoundError) and full == top):
        return (f"{who} needs the Python package {wanted}, which this interpreter, {_interpreter()}, does not "
                f"have{where}. Install it there (python -m pip install \"{req or pip_name}\"), or {HOW_TO_POINT}.")
    version = _installed_version(pip_name)
    have = f"{pip_name} {version}" if version else f"the {pip_name} package"
    if isinstance(err, ModuleNotFoundError):
        what = f"its module {full}"
    else:
        missing = re.search(r"cannot import name '([^']+)'", str(err))
        what = f"{missing.group(1)} from {full}" if missing else f"what it wants from {full}"
    return (f"{who} needs {what}, which {have} in this interpreter, {_interpreter()}, does not provide{where}: "
            f"it needs another version of {wanted}. Install that there, or {HOW_TO_POINT}.")
