"""Skill Workbench's launcher for SkillDefinition skills.

    python3 skillbench_launch.py --skill-dir DIR [--entry skill.py] [--package NAME] [--sdk-root ROOT] [-- SKILL ARGS...]
    python3 skillbench_launch.py --sdk-root ROOT --run-module skills.<id> [-- SKILL ARGS...]

Imports the skill's entry, reads its ``skill`` export and serves it with ``SkillServer(skill).start()`` from
whichever ``dev`` package comes first on sys.path:

- with ``--sdk-root ROOT`` (a skills repository that brings its own SDK, ``ROOT/dev/runtime/server.py``),
  that SDK. ``--run-module skills.<id>`` runs the package's ``__main__`` as ``python -m`` would, with ROOT
  first on the path, the way the original host ran it. Otherwise, if DIR is a package inside ROOT
  (``ROOT/skills/<id>/__init__.py``, identifiers all the way), the entry is imported as ``skills.<id>.skill``.
- otherwise the workbench's own compatible SDK, the ``dev`` package next to this file.

Whatever follows ``--`` (the arguments a user set for the skill) becomes the skill's ``sys.argv[1:]``.

With ``--package NAME`` (a package-shaped skill, ``skills/<id>/__main__.py`` with ``from .skill import skill``,
copied out of its repository or in one without an SDK) DIR is loaded as the package NAME, whatever its folder
is called and wherever it sits, so its relative imports work; the entry is imported as ``NAME.<entry>``, and
when that module has no ``skill`` (a ``__main__.py`` that imports it inside ``main()``), ``NAME.skill`` is.
DIR also goes at the end of sys.path, for skills that import their siblings by plain name.
Otherwise the entry is loaded by path with DIR first on sys.path, so sibling modules (``setup.py``) import.

Where the interpreter has no ``mcp`` package, ``fallback/`` (next to this file, put at the END of sys.path so an
installed MCP SDK always wins) gives a stand-in ``mcp.types`` with the data classes skills import; importing it
says so on stderr. ``mcp.server`` is not there, so a skill that serves MCP itself still needs the real package.

Stderr says which SDK runs (``skillbench: SDK /path/to/dev``) and how the skill was loaded. A skill that
cannot be loaded (syntax error, a package the interpreter lacks, no ``skill`` export, invalid definition)
ends the process with exit code 3 and a last stderr line that says why, with file and line where there is one.
"""

import argparse
import importlib
import importlib.machinery
import importlib.util
import os
import runpy
import sys
import traceback
import types

import skillbench_confine  # noqa: I001 - as skillbench_missing, before the path changes
import skillbench_missing  # before the path changes below take this folder off it

EXIT_LOAD_FAILED = 3
HERE = os.path.dirname(os.path.realpath(__file__))
FALLBACK = os.path.join(HERE, "fallback")


def fail(message, code=EXIT_LOAD_FAILED):
    sys.stderr.write(f"skillbench: {message}\n")
    sys.stderr.flush()
    sys.exit(code)


def say(message):
    sys.stderr.write(f"skillbench: {message}\n")
    sys.stderr.flush()


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="skillbench_launch.py",
                                 description="Run a SkillDefinition skill over JSON-RPC on stdio.")
    ap.add_argument("--skill-dir", help="the skill's folder (holds skill.py or __main__.py)")
    ap.add_argument("--entry", default="skill.py", help="the entry file inside the skill's folder (default skill.py)")
    ap.add_argument("--package", help="load the skill's folder as this package (e.g. skills.my_skill)")
    ap.add_argument("--sdk-root",
                    help="a skills repository root with its own dev/runtime/server.py, used instead of ours")
    ap.add_argument("--run-module", help="with --sdk-root: run this module as python -m does (skills.<id>)")
    args = ap.parse_args(argv)
    if not args.skill_dir and not args.run_module:
        ap.error("--skill-dir is required (or --sdk-root with --run-module)")
    if args.run_module and not args.sdk_root:
        ap.error("--run-module needs --sdk-root")
    return args


def _same(a, b):
    return os.path.normcase(os.path.realpath(a or ".")) == os.path.normcase(os.path.realpath(b))


def set_sdk_path(sdk_root):
    """Puts the SDK's root first on sys.path; with another SDK, ours (this folder) is taken off it."""
    if sdk_root:
        sys.path[:] = [p for p in sys.path if not _same(p, HERE)]
    root = sdk_root or HERE
    sys.path.insert(0, root)
    # Last, after site-packages: used only for what nothing installed provides (mcp.types).
    sys.path.append(FALLBACK)


def missing_or_none(err, dirs, who):
    """Ends the process with a one-line explanation when ``err`` is a package the interpreter lacks."""
    line = skillbench_missing.explain(err, dirs, who)
    if line:
        fail(line)


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
        missing_or_none(err, [sdk_root, os.path.join(sdk_root or HERE, "dev")], f"the repository's SDK ({sdk_root}/dev)")
        traceback.print_exc()
        fail(f"could not import the SDK (dev.runtime.server): {type(err).__name__}: {err}")
    dev = sys.modules["dev"]
    if getattr(dev, "__file__", None):
        dev_dir = os.path.dirname(os.path.realpath(dev.__file__))
    else:  # a namespace package (no __init__.py)
        dev_dir = os.path.realpath(list(dev.__path__)[0])
    say(f"SDK {dev_dir}")
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


def _namespace(name):
    """An empty package ``name`` (and its parents) that finds nothing by itself."""
    if name in sys.modules:
        return sys.modules[name]
    parent, _, leaf = name.rpartition(".")
    module = types.ModuleType(name)
    module.__path__ = []
    module.__spec__ = importlib.machinery.ModuleSpec(name, None, is_package=True)
    sys.modules[name] = module
    if parent:
        setattr(_namespace(parent), leaf, module)
    return module


def load_package(skill_dir, dotted):
    """Makes ``dotted`` the package whose files are DIR, wherever DIR is and whatever it is called."""
    for part in dotted.split("."):
        if not part.isidentifier():
            fail(f"--package {dotted} is not a dotted name of Python identifiers")
    parent, _, leaf = dotted.rpartition(".")
    init = os.path.join(skill_dir, "__init__.py")
    if os.path.isfile(init):
        spec = importlib.util.spec_from_file_location(dotted, init, submodule_search_locations=[skill_dir])
    else:
        spec = importlib.machinery.ModuleSpec(dotted, None, is_package=True)
        spec.submodule_search_locations = [skill_dir]
    module = importlib.util.module_from_spec(spec)
    sys.modules[dotted] = module
    if parent:
        setattr(_namespace(parent), leaf, module)
    if spec.loader is not None:
        spec.loader.exec_module(module)
    if skill_dir not in sys.path:
        sys.path.append(skill_dir)
    return module


def _module_of(entry):
    stem = entry[:-3] if entry.endswith(".py") else entry
    return stem.replace("/", ".").replace(os.sep, ".")


def import_skill(sdk_root, skill_dir, entry, package):
    path = os.path.join(skill_dir, entry)
    if not os.path.isfile(path):
        fail(f"the skill's entry file {path} does not exist (use --entry to name another)")
    dotted = None if package else package_name(sdk_root, skill_dir, entry)
    try:
        if package:
            load_package(skill_dir, package)
            say(f"loaded as package {package} (from {skill_dir})")
            beside = os.path.join(skill_dir, "skill.py")
            fallback = _module_of(entry) == "__main__" and os.path.isfile(beside)
            try:
                module = importlib.import_module(f"{package}.{_module_of(entry)}")
            except ImportError as err:
                if not fallback:
                    raise
                # An MCP-server __main__.py (mcp.server...) beside a SkillDefinition in skill.py: serve that.
                say(f"its {entry} could not be imported ({err}); loading skill.py beside it instead")
                module = None
            if module is None or (getattr(module, "skill", None) is None and fallback):
                module, path = importlib.import_module(f"{package}.skill"), beside
            return module, path
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
        loaded_failed(err, skill_dir, sdk_root, path)


def loaded_failed(err, skill_dir, sdk_root, path):
    missing_or_none(err, [skill_dir, sdk_root], "the skill")
    traceback.print_exc()
    last = traceback.extract_tb(err.__traceback__)
    inside = os.path.realpath(skill_dir) + os.sep
    site = next((f for f in reversed(last) if os.path.realpath(f.filename).startswith(inside)), None)
    at = f" (at {site.filename}, line {site.lineno})" if site else ""
    fail(f"could not load the skill {path}{at}: {type(err).__name__}: {err}")


def run_module(sdk_root, name):
    """``python -m name`` with ROOT first on the path; a missing package is explained, not a traceback."""
    skill_dir = os.path.join(sdk_root, *name.split("."))
    say(f"running {name} as python -m does, from {sdk_root}")
    sys.argv = [os.path.join(skill_dir, "__main__.py")]
    try:
        runpy.run_module(name, run_name="__main__", alter_sys=True)
    except SyntaxError as err:
        fail(f"syntax error in {where(err)}")
    except SystemExit:
        raise
    except BaseException as err:
        loaded_failed(err, skill_dir, sdk_root, sys.argv[0])


def explain_late_imports(server, dirs):
    """Our SDK's server says a package imported late (in a hook) is missing as a failed import would."""
    cls = getattr(server, "SkillServer", None)
    if cls is not None and "explain_import" in vars(cls):
        cls.explain_import = staticmethod(lambda err: skillbench_missing.explain(err, dirs, "the skill"))


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
    # Killed with the workbench even when it is SIGKILLed (a skill that ignores EOF is not orphaned), and
    # the reaper of whatever it leaves behind, so a double-forked daemon stays findable from the skill.
    skillbench_confine.reap_and_follow_parent()
    skill_args = []
    if "--" in argv:
        cut = argv.index("--")
        argv, skill_args = argv[:cut], argv[cut + 1:]
    args = parse_args(argv)
    sdk_root = os.path.abspath(args.sdk_root) if args.sdk_root else None
    set_sdk_path(sdk_root)
    if args.run_module:
        import_sdk(sdk_root)
        sys.argv = [args.run_module, *skill_args]
        run_module(sdk_root, args.run_module)
        return
    skill_dir = os.path.abspath(args.skill_dir)
    if not os.path.isdir(skill_dir):
        fail(f"the skill folder {skill_dir} does not exist")
    server = import_sdk(sdk_root)
    explain_late_imports(server, [skill_dir, sdk_root])
    # Set before the import: a skill may read its arguments at import time.
    sys.argv = [os.path.join(skill_dir, args.entry), *skill_args]
    module, path = import_skill(sdk_root, skill_dir, args.entry, args.package)
    skill = find_skill(module, path)
    sys.argv = [path, *skill_args]
    server.SkillServer(skill).start()


if __name__ == "__main__":
    main()
