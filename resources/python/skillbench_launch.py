"""Skill Workbench's launcher for SkillDefinition skills.

    python3 skillbench_launch.py --skill-dir DIR [--entry skill.py] [--sdk-root ROOT] [-- SKILL ARGS...]

Imports the skill's entry file, reads its ``skill`` export and serves it with ``SkillServer(skill).start()``
from whichever ``dev`` package comes first on sys.path:

- with ``--sdk-root ROOT`` (a skills repository that brings its own SDK, ``ROOT/dev/runtime/server.py``),
  that SDK. If DIR is a package inside ROOT (``ROOT/skills/<id>/__init__.py``, identifiers all the way),
  the entry is imported as ``skills.<id>.skill`` so its relative imports work, as ``python -m`` did.
- otherwise the workbench's own compatible SDK, the ``dev`` package next to this file.

Whatever follows ``--`` (the arguments a user set for the skill) becomes the skill's ``sys.argv[1:]``.
Otherwise the entry is loaded by path with DIR first on sys.path, so sibling modules (``setup.py``) import.
One stderr line says which SDK runs: ``skillbench: SDK /path/to/dev``. A skill that cannot be loaded
(syntax error, no ``skill`` export, invalid definition) ends the process with exit code 3 and a last
stderr line that says why, with file and line where there is one.
"""

import argparse
import importlib
import importlib.util
import os
import sys
import traceback

EXIT_LOAD_FAILED = 3
HERE = os.path.dirname(os.path.realpath(__file__))


def fail(message, code=EXIT_LOAD_FAILED):
    sys.stderr.write(f"skillbench: {message}\n")
    sys.stderr.flush()
    sys.exit(code)


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="skillbench_launch.py",
                                 description="Run a SkillDefinition skill over JSON-RPC on stdio.")
    ap.add_argument("--skill-dir", required=True, help="the skill's folder (holds skill.py)")
    ap.add_argument("--entry", default="skill.py", help="the entry file inside the skill's folder (default skill.py)")
    ap.add_argument("--sdk-root",
                    help="a skills repository root with its own dev/runtime/server.py, used instead of ours")
    return ap.parse_args(argv)


def _same(a, b):
    return os.path.normcase(os.path.realpath(a or ".")) == os.path.normcase(os.path.realpath(b))


def set_sdk_path(sdk_root):
    """Puts the SDK's root first on sys.path; with another SDK, ours (this folder) is taken off it."""
    if sdk_root:
        sys.path[:] = [p for p in sys.path if not _same(p, HERE)]
    root = sdk_root or HERE
    sys.path.insert(0, root)


def import_sdk(sdk_root):
    """Imports ``dev.runtime.server`` before the skill, so a skill folder cannot shadow ``dev``."""
    if sdk_root and not os.path.isfile(os.path.join(sdk_root, "dev", "runtime", "server.py")):
        fail(f"--sdk-root {sdk_root} has no dev/runtime/server.py: "
             "it is not a skills repository that brings its own SDK")
    try:
        server = importlib.import_module("dev.runtime.server")
    except SyntaxError as err:
        fail(f"the SDK has a syntax error: {where(err)}")
    except Exception as err:
        traceback.print_exc()
        fail(f"could not import the SDK (dev.runtime.server): {type(err).__name__}: {err}")
    dev = sys.modules["dev"]
    if getattr(dev, "__file__", None):
        dev_dir = os.path.dirname(os.path.realpath(dev.__file__))
    else:  # a namespace package (no __init__.py)
        dev_dir = os.path.realpath(list(dev.__path__)[0])
    sys.stderr.write(f"skillbench: SDK {dev_dir}\n")
    sys.stderr.flush()
    return server


def package_name(sdk_root, skill_dir, entry):
    """``skills.<id>.skill`` when DIR is a package under ROOT (identifiers, and DIR has __init__.py)."""
    if not sdk_root or not entry.endswith(".py") or os.sep in entry or "/" in entry:
        return None
    rel = os.path.relpath(os.path.realpath(skill_dir), os.path.realpath(sdk_root))
    parts = rel.split(os.sep)
    if rel.startswith("..") or rel == "." or not all(p.isidentifier() for p in parts):
        return None
    if not os.path.isfile(os.path.join(skill_dir, "__init__.py")):
        return None
    stem = entry[:-3]
    return ".".join(parts + [stem]) if stem.isidentifier() else None


def where(err):
    """'file, line N: message' for a SyntaxError, plus the offending line."""
    text = f"{err.filename}, line {err.lineno}: {err.msg}"
    if err.text:
        text += f"\n    {err.text.rstrip()}"
        if err.offset:
            text += "\n    " + " " * (max(err.offset, 1) - 1) + "^"
    return text


def import_skill(sdk_root, skill_dir, entry):
    path = os.path.join(skill_dir, entry)
    if not os.path.isfile(path):
        fail(f"the skill's entry file {path} does not exist (use --entry to name another)")
    dotted = package_name(sdk_root, skill_dir, entry)
    try:
        if dotted:
            return importlib.import_module(dotted), path
        sys.path.insert(0, skill_dir)
        name = os.path.splitext(os.path.basename(entry))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            fail(f"cannot load {path} as a Python module")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # so a sibling's `import skill` gets this module, not a second copy
        spec.loader.exec_module(module)
        return module, path
    except SyntaxError as err:
        fail(f"syntax error in {where(err)}")
    except SystemExit:
        raise
    except BaseException as err:  # the skill's own import-time code failed, e.g. an invalid SetupField
        traceback.print_exc()
        last = traceback.extract_tb(err.__traceback__)
        inside = os.path.realpath(skill_dir) + os.sep
        site = next((f for f in reversed(last) if os.path.realpath(f.filename).startswith(inside)), None)
        at = f" (at {site.filename}, line {site.lineno})" if site else ""
        fail(f"could not load the skill {path}{at}: {type(err).__name__}: {err}")


def find_skill(module, path):
    skill = getattr(module, "skill", None)
    if skill is None:
        fail(f"{path} defines no `skill`: a SkillDefinition skill exports `skill = SkillDefinition(...)`")
    missing = [a for a in ("name", "tools", "hooks") if not hasattr(skill, a)]
    if missing:
        fail(f"`skill` in {path} is a {type(skill).__name__}, not a SkillDefinition (it has no {', '.join(missing)})")
    return skill


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    skill_args = []
    if "--" in argv:
        cut = argv.index("--")
        argv, skill_args = argv[:cut], argv[cut + 1:]
    args = parse_args(argv)
    skill_dir = os.path.abspath(args.skill_dir)
    sdk_root = os.path.abspath(args.sdk_root) if args.sdk_root else None
    if not os.path.isdir(skill_dir):
        fail(f"the skill folder {skill_dir} does not exist")
    set_sdk_path(sdk_root)
    server = import_sdk(sdk_root)
    # Set before the import: a skill may read its arguments at import time.
    sys.argv = [os.path.join(skill_dir, args.entry), *skill_args]
    module, path = import_skill(sdk_root, skill_dir, args.entry)
    skill = find_skill(module, path)
    sys.argv = [path, *skill_args]
    server.SkillServer(skill).start()


if __name__ == "__main__":
    main()
