"""JSON bodies checked against a schema before any of their values is used.

A schema is data, in a small subset of JSON Schema's words, so a reader who knows JSON Schema
reads it at once:

    type                  "object", "string", "number", "boolean", "array" or "null"
    properties            for an object: field -> schema of its value
    additionalProperties  False (no other field), or the schema every other field's value follows
    propertyNames         for an object: the schema its field names follow (maxLength)
    maxProperties         for an object: at most this many fields
    maxLength             for a string: at most this many characters

validate() is the one validator. Its error names the field (e.g. `colours["A.group1"]`) and
what it should be, in the language of the moment; the route turns it into a 400 answer.
"""

import json

from generator.words import N_, _, ngettext

_TYPES = {"object": dict, "string": str, "array": list, "boolean": bool, "null": type(None)}
_NOUNS = {"object": N_("a JSON object"), "string": N_("text in quotes"), "number": N_("a number"),
          "array": N_("a list"), "boolean": N_("true or false"), "null": "null"}
_SHOWN = 40          # characters of a field name an error message repeats


class SchemaError(ValueError):
    """The body does not follow its schema; the message names the field."""


def json_type(value) -> str:
    """The JSON type of a parsed JSON value (bool is not a number here, as in JSON)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return next(kind for kind, cls in _TYPES.items() if isinstance(value, cls))


def _shown(key: str) -> str:
    return key if len(key) <= _SHOWN else key[:_SHOWN] + "…"


def field_path(parent: str, key: str) -> str:
    """`colours` + `A.group1` -> `colours["A.group1"]`, quoted so that any name stays on one line."""
    return f"{parent}[{json.dumps(_shown(key))}]" if parent else json.dumps(_shown(key))


def validate(value, schema: dict, where: str = "") -> None:
    """Raise SchemaError unless `value` follows `schema`; `where` names it in the message."""
    named = where or _("the body")
    expected = schema["type"]
    if json_type(value) != expected:
        raise SchemaError(_("{field} must be {kind}, not {given}").format(
            field=named, kind=_(_NOUNS[expected]), given=_(_NOUNS[json_type(value)])))
    if expected == "string" and len(value) > schema.get("maxLength", len(value)):
        raise SchemaError(ngettext("{field} is {count} character long; at most {most} are taken",
                                   "{field} is {count} characters long; at most {most} are taken", len(value)).format(
            field=named, count=len(value), most=schema["maxLength"]))
    if expected != "object":
        return
    if len(value) > schema.get("maxProperties", len(value)):
        raise SchemaError(ngettext("{field} has {count} field; at most {most} are taken",
                                   "{field} has {count} fields; at most {most} are taken", len(value)).format(
            field=named, count=len(value), most=schema["maxProperties"]))
    properties = schema.get("properties", {})
    others = schema.get("additionalProperties", True)
    names = schema.get("propertyNames", {})
    for key, item in value.items():
        path = field_path(where, key)
        if len(key) > names.get("maxLength", len(key)):
            raise SchemaError(_("{field}: a field name may have at most {most} characters").format(
                field=path, most=names["maxLength"]))
        if key in properties:
            validate(item, properties[key], path if where else key)      # a known name needs no quotes
        elif others is False:
            message = (_("unknown field {name!r} in {where}; send only {fields}") if where else
                       _("unknown field {name!r}; send only {fields}"))
            raise SchemaError(message.format(name=_shown(key), where=where, fields=", ".join(properties)))
        elif isinstance(others, dict):
            validate(item, others, path)
