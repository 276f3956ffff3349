"""Skill Workbench: learn an action script's actions by reading it with Python's own parser, never running it.

    python3 -I action_scan.py < {"file": "/path/to/script.py"}

Prints one JSON object:
    {"ok": true, "actions": [...], "dispatch": bool, "reads_action": bool, "reads_stdin": bool,
     "docstring": "...", "doc_actions": [...], "python": "3.x.y"}
or  {"ok": false, "error": {"line": N, "message": "..."}} when the file does not parse.

Only `ast.parse` touches the script: nothing in it is imported or executed, and no .pyc is written.
What counts as dispatch on the action:
  - `action == "x"` / `"x" == action` / `action in ("x", "y")`, where `action` is any name or attribute
    containing "action", or `<request>.get("action")` / `<request>["action"]` written inline;
  - `match action:` with `case "x":`;
  - a dict literal whose string keys map to functions this script defines (`{"x": handle_x}`);
  - `ACTIONS = [...]`, `SUPPORTED_ACTIONS = {...}` and `"supported_actions": [...]` literals.
Standard library only; Python 3.8 or newer.
"""

import ast
import json
import re
import sys

DOC_HEADING = re.compile(r"(actions?|操作|动作)\b[^:：]*[:：]\s*$", re.IGNORECASE)
DOC_ITEM = re.compile(r"^\s*(?:[-*•]\s+|\d+[.)]\s+)?`?([A-Za-z_][\w-]*)`?\s*(?:[:：–—]|\s-\s|\(|$)\s*(.*)$")
DOC_INLINE = re.compile(r"[\"']action[\"']\s*:\s*[\"']([^\"']+)[\"']")
# `action`, `req_action`, `action_name`, `requestedAction`; not `transaction` or `actions_done`.
ACTION_NAME = re.compile(r"(?:^|_)(?:action|ACTION|Action)(?:$|_)|[a-z]Action$")
PLACEHOLDERS = {"action", "action_name", "string", "str", "name", "x", "..."}


def _str(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _first_line(text):
    for line in (text or "").splitlines():
        line = line.strip()
        if line:
            return line
    return None


def _is_action_key_access(node):
    """`<x>.get("action", ...)` or `<x>["action"]`."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
        return _str(node.args[0]) == "action"
    if isinstance(node, ast.Subscript):
        key = node.slice
        if isinstance(key, ast.Index):  # Python 3.8
            key = key.value
        return _str(key) == "action"
    return False


class Scanner(ast.NodeVisitor):
    def __init__(self, tree):
        self.tree = tree
        self.defs = {}
        self.actions = {}
        self.order = 0
        self.action_names = set()
        self.reads_action = False
        self.reads_stdin = False
        self.dispatch = False
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.defs.setdefault(node.name, node)

    # ---- what an "action" expression is ----
    def is_action(self, node):
        if _is_action_key_access(node):
            return True
        if isinstance(node, ast.Name):
            return node.id in self.action_names or bool(ACTION_NAME.search(node.id))
        if isinstance(node, ast.Attribute):
            return bool(ACTION_NAME.search(node.attr))
        return False

    def add(self, name, line, how, handler=None, description=None):
        if not isinstance(name, str) or not name or name.startswith("__"):
            return
        found = self.actions.get(name)
        if found is None:
            self.order += 1
            self.actions[name] = {"name": name, "line": line, "how": how, "handler": handler, "description": description, "order": self.order}
        else:
            found["handler"] = found["handler"] or handler
            found["description"] = found["description"] or description

    # ---- visitors ----
    def visit_Assign(self, node):
        if _is_action_key_access(node.value) or (isinstance(node.value, ast.BoolOp) and any(_is_action_key_access(v) for v in node.value.values)):
            self.reads_action = True
            for target in node.targets:
                if isinstance(target, ast.Name):
                    self.action_names.add(target.id)
        for target in node.targets:
            name = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else None
            if name and re.search(r"actions", name, re.IGNORECASE):
                self.literal_list(node.value, node.lineno, "list")
        self.generic_visit(node)

    def visit_AnnAssign(self, node):
        if isinstance(node.target, ast.Name) and re.search(r"actions", node.target.id, re.IGNORECASE) and node.value is not None:
            self.literal_list(node.value, node.lineno, "list")
        self.generic_visit(node)

    def visit_Call(self, node):
        if _is_action_key_access(node):
            self.reads_action = True
        func = node.func
        # sys.stdin.read(), json.load(sys.stdin), sys.stdin.readline() ...
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Attribute) and func.value.attr == "stdin":
            self.reads_stdin = True
        for arg in node.args:
            if isinstance(arg, ast.Attribute) and arg.attr == "stdin":
                self.reads_stdin = True
        self.generic_visit(node)

    def visit_Subscript(self, node):
        if _is_action_key_access(node):
            self.reads_action = True
        self.generic_visit(node)

    def visit_If(self, node):
        self.comparison(node.test, node.body)
        self.generic_visit(node)

    def visit_IfExp(self, node):
        self.comparison(node.test, [])
        self.generic_visit(node)

    def visit_Compare(self, node):
        self.comparison(node, [])
        self.generic_visit(node)

    def visit_Dict(self, node):
        keys = [_str(k) if k is not None else None for k in node.keys]
        if keys and all(k is not None for k in keys):
            handlers = [self.handler_of(v) for v in node.values]
            if any(handlers):
                self.dispatch = True
                for key, handler, value in zip(keys, handlers, node.values):
                    if handler or isinstance(value, ast.Lambda):
                        self.add(key, node.lineno, "dict", handler)
        for key, value in zip(node.keys, node.values):
            if key is not None and _str(key) == "supported_actions":
                self.literal_list(value, node.lineno, "list")
        self.generic_visit(node)

    def visit_Match(self, node):  # Python 3.10+
        if self.is_action(node.subject):
            self.dispatch = True
            for case in node.cases:
                handler = self.first_call(case.body)
                for value in self.case_values(case.pattern):
                    self.add(value, case.pattern.lineno, "match", handler)
        self.generic_visit(node)

    # ---- helpers ----
    def comparison(self, test, body):
        tests = test.values if isinstance(test, ast.BoolOp) else [test]
        for t in tests:
            if not isinstance(t, ast.Compare) or len(t.ops) != 1:
                continue
            left, op, right = t.left, t.ops[0], t.comparators[0]
            if isinstance(op, ast.Eq):
                if self.is_action(left) and _str(right) is not None:
                    self.dispatch = True
                    self.add(_str(right), t.lineno, "comparison", self.first_call(body))
                elif self.is_action(right) and _str(left) is not None:
                    self.dispatch = True
                    self.add(_str(left), t.lineno, "comparison", self.first_call(body))
            elif isinstance(op, ast.In) and self.is_action(left) and isinstance(right, (ast.Tuple, ast.List, ast.Set)):
                values = [_str(e) for e in right.elts]
                if values and all(v is not None for v in values):
                    self.dispatch = True
                    handler = self.first_call(body)
                    for v in values:
                        self.add(v, t.lineno, "comparison", handler)

    def literal_list(self, node, line, how):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = node.elts
            for e in items:
                if _str(e) is not None:
                    self.dispatch = True
                    self.add(_str(e), line, how)
                elif isinstance(e, ast.Dict):
                    entry = {(_str(k) if k is not None else None): v for k, v in zip(e.keys, e.values)}
                    name = _str(entry.get("name")) or _str(entry.get("action"))
                    if name:
                        self.dispatch = True
                        self.add(name, line, how, description=_str(entry.get("description")))
        elif isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if k is not None and _str(k) is not None:
                    self.dispatch = True
                    self.add(_str(k), line, how, handler=self.handler_of(v), description=_str(v))

    def handler_of(self, node):
        if isinstance(node, ast.Name) and node.id in self.defs:
            return node.id
        if isinstance(node, ast.Attribute) and node.attr in self.defs:
            return node.attr
        return None

    def first_call(self, body):
        for stmt in body:
            for node in ast.walk(stmt):
                if isinstance(node, ast.Call):
                    name = self.handler_of(node.func)
                    if name:
                        return name
        return None

    def case_values(self, pattern):
        out = []
        if isinstance(pattern, getattr(ast, "MatchValue", ())):
            if _str(pattern.value) is not None:
                out.append(_str(pattern.value))
        elif isinstance(pattern, getattr(ast, "MatchOr", ())):
            for p in pattern.patterns:
                out.extend(self.case_values(p))
        return out


def params_of(fn):
    """`params.get("k", default)`, `params["k"]` and `helper(params, "k", default)` in a handler's body."""
    out = {}
    args = [a.arg for a in fn.args.args if a.arg not in ("self", "cls")]
    names = {args[0]} if args else {"params"}
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "get" and isinstance(f.value, ast.Name) and f.value.id in names and node.args:
                key = _str(node.args[0])
                if key is not None and key not in out:
                    out[key] = typed(node.args[1] if len(node.args) > 1 else None)
            elif node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in names and len(node.args) > 1:
                key = _str(node.args[1])
                if key is not None and key not in out:
                    out[key] = typed(node.args[2] if len(node.args) > 2 else None)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in names:
            key = node.slice.value if isinstance(node.slice, ast.Index) else node.slice
            key = _str(key)
            if key is not None and key not in out:
                out[key] = {}
    return out


def typed(node):
    if node is None:
        return {}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant):
        node = ast.Constant(value=-node.operand.value) if isinstance(node.operand.value, (int, float)) else node
    if isinstance(node, ast.Constant):
        v = node.value
        if isinstance(v, bool):
            return {"type": "boolean", "default": v}
        if isinstance(v, int):
            return {"type": "integer", "default": v}
        if isinstance(v, float):
            return {"type": "number", "default": v}
        if isinstance(v, str):
            return {"type": "string", "default": v}
        return {}
    if isinstance(node, (ast.List, ast.Tuple)):
        return {"type": "array"}
    if isinstance(node, ast.Dict):
        return {"type": "object"}
    return {}


def doc_actions(doc):
    """Actions a module docstring documents: a list under an "Actions:" heading, or "action": "a|b"."""
    out = []
    seen = set()

    def add(name, description):
        if name and name.lower() not in PLACEHOLDERS and name not in seen:
            seen.add(name)
            out.append({"name": name, "description": description or None})

    lines = (doc or "").splitlines()
    i = 0
    while i < len(lines):
        if DOC_HEADING.search(lines[i].strip()) and not lines[i].strip().startswith(("{", '"')):
            i += 1
            while i < len(lines) and not lines[i].strip():
                i += 1
            while i < len(lines) and lines[i].strip():
                m = DOC_ITEM.match(lines[i])
                if not m:
                    break
                add(m.group(1), m.group(2).strip().rstrip(")") or None)
                i += 1
            continue
        i += 1
    for m in DOC_INLINE.finditer(doc or ""):
        for name in re.split(r"[|/,]", m.group(1)):
            name = name.strip()
            if re.match(r"^[A-Za-z_][\w-]*$", name):
                add(name, None)
    return out


def scan(path):
    with open(path, "rb") as handle:
        source = handle.read()
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as err:
        return {"ok": False, "error": {"line": err.lineno or 1, "message": err.msg or "invalid syntax"}}
    except (ValueError, UnicodeError) as err:
        return {"ok": False, "error": {"line": 1, "message": str(err)}}
    scanner = Scanner(tree)
    scanner.visit(tree)
    actions = []
    for found in sorted(scanner.actions.values(), key=lambda a: a["order"]):
        fn = scanner.defs.get(found["handler"]) if found["handler"] else None
        description = found["description"] or (_first_line(ast.get_docstring(fn)) if fn else None)
        actions.append({
            "name": found["name"],
            "line": found["line"],
            "how": found["how"],
            "handler": found["handler"],
            "description": description,
            "params": params_of(fn) if fn else {},
        })
    doc = ast.get_docstring(tree) or ""
    return {
        "ok": True,
        "actions": actions,
        "dispatch": scanner.dispatch,
        "reads_action": scanner.reads_action,
        "reads_stdin": scanner.reads_stdin,
        "docstring": doc,
        "doc_actions": doc_actions(doc),
        "python": sys.version.split()[0],
    }


def main():
    request = json.loads(sys.stdin.buffer.read().decode("utf-8") or "{}")
    results = {}
    for path in request.get("files", []):
        try:
            results[path] = scan(path)
        except OSError as err:
            results[path] = {"ok": False, "error": {"line": 0, "message": f"Cannot read the script: {err.strerror or err}"}}
    sys.stdout.write(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
