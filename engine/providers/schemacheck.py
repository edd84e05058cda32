"""A small JSON Schema checker for structured model output (the subset structured outputs use).

Supported: ``type`` (one or a list), ``enum``, ``const``, ``properties``, ``required``,
``additionalProperties`` (bool or schema), ``items``, ``minItems``/``maxItems``,
``minLength``/``maxLength``, ``minimum``/``maximum``, ``anyOf``/``oneOf``/``allOf``, local
``$ref`` (``#/$defs/…``, ``#/definitions/…``, as pydantic writes them). Other keywords are
ignored (accepted). Semantics follow JSON Schema 2020-12.
"""

from __future__ import annotations

from typing import Any

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list,),
    "string": (str,),
    "number": (int, float),
    "integer": (int,),
    "boolean": (bool,),
    "null": (type(None),),
}


def _is_type(value: Any, name: str) -> bool:
    if name in ("number", "integer") and isinstance(value, bool):
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _TYPES.get(name, (object,)))


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return schema
    node: Any = root
    for part in ref[2:].split("/"):
        node = node.get(part, {}) if isinstance(node, dict) else {}
    return node if isinstance(node, dict) else {}


def validate(value: Any, schema: dict[str, Any]) -> list[str]:
    """Check `value` against `schema`.

    Returns:
        Problems as ``"<path>: <what>"`` strings (path like ``$.days[0].name``); empty if valid.
    """
    errors: list[str] = []
    _check(value, schema, schema, "$", errors)
    return errors


def _check(value: Any, schema: Any, root: dict[str, Any], path: str, errors: list[str]) -> None:
    if not isinstance(schema, dict):
        return
    schema = _resolve(schema, root)
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if not any(_is_type(value, k) for k in kinds):
            errors.append(f"{path}: expected {' or '.join(kinds)}, got {type(value).__name__}")
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} is not one of {schema['enum']!r}")
    if "const" in schema and value != schema["const"]:
        errors.append(f"{path}: expected {schema['const']!r}")
    for key in ("anyOf", "oneOf"):
        if key in schema:
            matches = sum(1 for sub in schema[key] if not validate_in(value, sub, root))
            if matches == 0 or (key == "oneOf" and matches > 1):
                errors.append(f"{path}: does not match {key}")
    for sub in schema.get("allOf", ()):
        _check(value, sub, root, path, errors)
    if isinstance(value, dict):
        _check_object(value, schema, root, path, errors)
    elif isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            errors.append(f"{path}: fewer than {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            errors.append(f"{path}: more than {schema['maxItems']} items")
        for index, item in enumerate(value):
            _check(item, schema.get("items"), root, f"{path}[{index}]", errors)
    elif isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            errors.append(f"{path}: shorter than {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            errors.append(f"{path}: longer than {schema['maxLength']} characters")
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errors.append(f"{path}: less than {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errors.append(f"{path}: greater than {schema['maximum']}")


def validate_in(value: Any, schema: Any, root: dict[str, Any]) -> list[str]:
    """`validate` for a sub-schema whose ``$ref`` resolve against `root`."""
    errors: list[str] = []
    _check(value, schema, root, "$", errors)
    return errors


def _check_object(
    value: dict[str, Any],
    schema: dict[str, Any],
    root: dict[str, Any],
    path: str,
    errors: list[str],
) -> None:
    properties = schema.get("properties", {})
    for name in schema.get("required", ()):
        if name not in value:
            errors.append(f"{path}: missing required property {name!r}")
    extra = schema.get("additionalProperties", True)
    for name, item in value.items():
        if name in properties:
            _check(item, properties[name], root, f"{path}.{name}", errors)
        elif extra is False:
            errors.append(f"{path}: unexpected property {name!r}")
        elif isinstance(extra, dict):
            _check(item, extra, root, f"{path}.{name}", errors)
