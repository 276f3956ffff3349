"""The data classes of ``mcp.types`` that skills use, standard library only (Python 3.9+).

Skills build them with keywords (``Tool(name=..., description=..., inputSchema={...})``,
``TextContent(type="text", text=...)``) and read their attributes; some call ``model_dump()``. As in the MCP
SDK (Pydantic v2 models with ``extra="allow"``): positional arguments are refused, a required field that is
missing or a value of the wrong kind raises ``ValidationError`` (a ValueError), unknown keywords are kept as
attributes, ``_meta`` fills ``meta``, and nested dicts become the models they stand for. Only the shapes are
here: no JSON-schema generation, no coercion.
"""

from typing import Any, Dict, List, Optional, Tuple, Union

__all__ = [
    "ValidationError", "Annotations", "ToolAnnotations", "Tool", "TextContent", "ImageContent", "AudioContent",
    "TextResourceContents", "BlobResourceContents", "EmbeddedResource", "ResourceLink", "ContentBlock",
    "CallToolResult",
]

_REQUIRED = object()


class ValidationError(ValueError):
    """A model built with a missing or wrong field; a ValueError, like Pydantic's."""


def _kind_ok(value: Any, kind: Any) -> bool:
    if kind is None or value is None:
        return True
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind)


class _Model:
    """Fields are ``(name, kind, default)``; default ``_REQUIRED`` makes one required, ``("=", x)`` a literal."""

    _fields: Tuple[Tuple[str, Any, Any], ...] = ()
    _nested: Dict[str, Any] = {}

    def __init__(self, **data: Any) -> None:
        if "_meta" in data and "meta" not in data:
            data["meta"] = data.pop("_meta")
        problems = []
        for name, kind, default in self._fields:
            if name in data:
                value = data.pop(name)
            elif default is _REQUIRED:
                problems.append(f"{name}\n  Field required")
                continue
            elif isinstance(default, tuple) and default[:1] == ("=",):
                problems.append(f"{name}\n  Field required (it is always {default[1]!r})")
                continue
            else:
                value = list(default) if isinstance(default, list) else default
            if isinstance(default, tuple) and default[:1] == ("=",) and value != default[1]:
                problems.append(f"{name}\n  Input should be {default[1]!r}, not {value!r}")
                continue
            make = self._nested.get(name)
            if make is not None and value is not None:
                value = make(value)
            if not _kind_ok(value, kind):
                problems.append(f"{name}\n  Input should be {getattr(kind, '__name__', kind)}, not {type(value).__name__}")
                continue
            object.__setattr__(self, name, value)
        if problems:
            n = len(problems)
            raise ValidationError(f"{n} validation error{'s' if n > 1 else ''} for {type(self).__name__}\n"
                                  + "\n".join(problems))
        for name, value in data.items():  # extra="allow": unknown keywords are kept
            object.__setattr__(self, name, value)

    def _names(self) -> List[str]:
        declared = [f[0] for f in self._fields]
        return declared + [k for k in vars(self) if k not in declared]

    def model_dump(self, *, exclude_none: bool = False, by_alias: bool = False, **_: Any) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for name in self._names():
            value = _dump(getattr(self, name), exclude_none, by_alias)
            if exclude_none and value is None:
                continue
            out["_meta" if by_alias and name == "meta" else name] = value
        return out

    def model_dump_json(self, *, exclude_none: bool = False, by_alias: bool = False, **_: Any) -> str:
        import json
        return json.dumps(self.model_dump(exclude_none=exclude_none, by_alias=by_alias))

    def model_copy(self, *, update: Optional[Dict[str, Any]] = None, deep: bool = False) -> Any:
        import copy
        twin = copy.deepcopy(self) if deep else copy.copy(self)
        for name, value in (update or {}).items():
            object.__setattr__(twin, name, value)
        return twin

    @classmethod
    def model_validate(cls, obj: Any) -> Any:
        if isinstance(obj, cls):
            return obj
        if not isinstance(obj, dict):
            raise ValidationError(f"1 validation error for {cls.__name__}\n  Input should be a dict, not {type(obj).__name__}")
        return cls(**obj)

    def __eq__(self, other: Any) -> bool:
        return type(other) is type(self) and self.model_dump() == other.model_dump()

    __hash__ = None  # type: ignore[assignment]  (mutable, as Pydantic models are)

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={getattr(self, k)!r}" for k in self._names())
        return f"{type(self).__name__}({shown})"


def _dump(value: Any, exclude_none: bool, by_alias: bool) -> Any:
    if isinstance(value, _Model):
        return value.model_dump(exclude_none=exclude_none, by_alias=by_alias)
    if isinstance(value, list):
        return [_dump(v, exclude_none, by_alias) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v, exclude_none, by_alias) for k, v in value.items()}
    return value


def _as(cls: Any) -> Any:
    return lambda v: cls.model_validate(v) if isinstance(v, dict) else v


class Annotations(_Model):
    _fields = (("audience", list, None), ("priority", float, None), ("lastModified", str, None))


class ToolAnnotations(_Model):
    _fields = (("title", str, None), ("readOnlyHint", bool, None), ("destructiveHint", bool, None),
               ("idempotentHint", bool, None), ("openWorldHint", bool, None))


class Tool(_Model):
    """A tool's definition: ``name`` and ``inputSchema`` (a JSON Schema object) are required."""

    _fields = (("name", str, _REQUIRED), ("title", str, None), ("description", str, None),
               ("inputSchema", dict, _REQUIRED), ("outputSchema", dict, None),
               ("annotations", ToolAnnotations, None), ("meta", dict, None))
    _nested = {"annotations": _as(ToolAnnotations)}


class TextContent(_Model):
    _fields = (("type", str, ("=", "text")), ("text", str, _REQUIRED), ("annotations", Annotations, None),
               ("meta", dict, None))
    _nested = {"annotations": _as(Annotations)}


class ImageContent(_Model):
    """``data`` is base64."""

    _fields = (("type", str, ("=", "image")), ("data", str, _REQUIRED), ("mimeType", str, _REQUIRED),
               ("annotations", Annotations, None), ("meta", dict, None))
    _nested = {"annotations": _as(Annotations)}


class AudioContent(_Model):
    _fields = (("type", str, ("=", "audio")), ("data", str, _REQUIRED), ("mimeType", str, _REQUIRED),
               ("annotations", Annotations, None), ("meta", dict, None))
    _nested = {"annotations": _as(Annotations)}


class TextResourceContents(_Model):
    _fields = (("uri", str, _REQUIRED), ("mimeType", str, None), ("text", str, _REQUIRED), ("meta", dict, None))


class BlobResourceContents(_Model):
    _fields = (("uri", str, _REQUIRED), ("mimeType", str, None), ("blob", str, _REQUIRED), ("meta", dict, None))


def _resource(value: Any) -> Any:
    if isinstance(value, dict):
        return (TextResourceContents if "text" in value else BlobResourceContents).model_validate(value)
    return value


class EmbeddedResource(_Model):
    """A resource's contents inside a result: ``resource`` is TextResourceContents or BlobResourceContents."""

    _fields = (("type", str, ("=", "resource")), ("resource", (TextResourceContents, BlobResourceContents), _REQUIRED),
               ("annotations", Annotations, None), ("meta", dict, None))
    _nested = {"resource": _resource, "annotations": _as(Annotations)}


class ResourceLink(_Model):
    _fields = (("type", str, ("=", "resource_link")), ("uri", str, _REQUIRED), ("name", str, _REQUIRED),
               ("title", str, None), ("description", str, None), ("mimeType", str, None), ("size", int, None),
               ("annotations", Annotations, None), ("meta", dict, None))
    _nested = {"annotations": _as(Annotations)}


ContentBlock = Union[TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource]

_BY_TYPE = {"text": TextContent, "image": ImageContent, "audio": AudioContent, "resource": EmbeddedResource,
            "resource_link": ResourceLink}


def _contents(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    return [_BY_TYPE[v.get("type")].model_validate(v) if isinstance(v, dict) and v.get("type") in _BY_TYPE else v
            for v in value]


class CallToolResult(_Model):
    _fields = (("content", list, _REQUIRED), ("structuredContent", dict, None), ("isError", bool, False),
               ("meta", dict, None))
    _nested = {"content": _contents}
