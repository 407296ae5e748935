"""D&D 5e SRD GraphQL API (`POST https://www.dnd5eapi.co/graphql/2014`),
answered by graphql-core over the recorded `schema.graphql` and `monsters.json`.

Resolvers follow the facts of the shared README: `monsters(...)` sorted by name
(or `order`), `limit` 100 by default (at least 1), `skip` at least 0, `name` a
case-insensitive substring, `type`/`subtype` case-insensitive equality, `size`
exact, number filters (`NumberFilterInput`: eq, in, nin, range) on
challenge_rating, xp and the six abilities, `damage_*` filters matching nothing
(the data holds plain strings), `condition_immunities` by condition index;
`monster(index:)` null when unknown; unions `MonsterArmorClass` on the entry's
`type`, `DamageOrDamageChoice` on `choose`, `ActionOptionUnion` on
`option_type`. A missing non-null field (e.g. `desc` on most monsters) gives
graphql-core's "Cannot return null for non-nullable field" error for that item.
`updated_at` is not in the data set: every monster reports the value of the
captured REST answer for the Aboleth.

The `graphql-errors` fault makes every other root field (the 1st, 3rd, ...:
aliases `m0`, `m2`, ...) fail with an error whose `path` names the alias; the
others keep their data. A failed nullable field (`monster`) becomes null; a
failed non-null one (`monsters`) nulls `data`, as GraphQL requires.
"""

import json

from graphql import FieldNode, GraphQLError, build_schema, execute, parse, validate

from .reply import Reply, compact_json

HEADERS = [("Content-Type", "application/json; charset=utf-8"), ("Access-Control-Allow-Origin", "*")]
DEFAULT_LIMIT = 100
NUMBER_FIELDS = ["challenge_rating", "xp", "strength", "dexterity", "constitution",
                 "intelligence", "wisdom", "charisma"]
ORDER_FIELDS = {"NAME": "name", "TYPE": "type", "SIZE": "size", "CHALLENGE_RATING": "challenge_rating",
                "STRENGTH": "strength", "DEXTERITY": "dexterity", "CONSTITUTION": "constitution",
                "INTELLIGENCE": "intelligence", "WISDOM": "wisdom", "CHARISMA": "charisma"}
ARMOR_CLASS_TYPES = {"dex": "ArmorClassDex", "natural": "ArmorClassNatural", "armor": "ArmorClassArmor",
                     "spell": "ArmorClassSpell", "condition": "ArmorClassCondition"}


def passes(value, spec):
    """Whether a number passes a `NumberFilterInput`."""
    if value is None:
        return False
    if spec.get("eq") is not None and value != spec["eq"]:
        return False
    if spec.get("in") is not None and value not in spec["in"]:
        return False
    if spec.get("nin") is not None and value in spec["nin"]:
        return False
    bounds = spec.get("range") or {}
    checks = {"lt": lambda b: value < b, "lte": lambda b: value <= b,
              "gt": lambda b: value > b, "gte": lambda b: value >= b}
    return all(checks[key](bound) for key, bound in bounds.items() if bound is not None)


def matches(monster, args):
    """Whether a monster passes every `monsters(...)` filter in `args`."""
    name = args.get("name")
    if name and name.lower() not in monster["name"].lower():
        return False
    for key in ("type", "subtype"):
        wanted = args.get(key)
        if wanted and (monster.get(key) or "").lower() != wanted.lower():
            return False
    if args.get("size") and monster.get("size") != args["size"]:
        return False
    for key in NUMBER_FIELDS:
        if args.get(key) is not None and not passes(monster.get(key), args[key]):
            return False
    for key in ("damage_vulnerabilities", "damage_resistances", "damage_immunities"):
        if args.get(key):
            # Matches `<field>.index`, but the data holds plain strings: nothing matches.
            return False
    if args.get("condition_immunities"):
        indexes = {c.get("index") for c in monster.get("condition_immunities", [])}
        if not indexes & set(args["condition_immunities"]):
            return False
    return True


def sort_key_of(order):
    """A list of (field, descending) from a `MonsterOrder` input."""
    keys = []
    while order:
        keys.append((ORDER_FIELDS[order["by"]], order["direction"] == "DESC"))
        order = order.get("then_by")
    return keys


def ordered(monsters, order):
    result = sorted(monsters, key=lambda m: m["name"])
    for field, descending in reversed(sort_key_of(order) if order else []):
        result.sort(key=lambda m: m.get(field), reverse=descending)
    return result


class DnD:
    """The GraphQL endpoint over the recorded monsters."""

    def __init__(self, data):
        self.schema = build_schema(data.text("dnd5eapi/schema.graphql"))
        self.monsters = sorted(data.json("dnd5eapi/monsters.json"), key=lambda m: m["name"])
        self.by_index = {m["index"]: m for m in self.monsters}
        self.updated_at = data.json("dnd5eapi/monster-aboleth.rest.json")["updated_at"]
        self.install_resolvers()

    # -- resolvers --------------------------------------------------------

    def install_resolvers(self):
        s = self.schema
        s.query_type.fields["monsters"].resolve = self.resolve_monsters
        s.query_type.fields["monster"].resolve = lambda _, info, index, **__: self.by_index.get(index)
        s.type_map["Monster"].fields["updated_at"].resolve = lambda *_: self.updated_at
        s.type_map["Monster"].fields["forms"].resolve = self.resolve_forms
        s.type_map["MonsterArmorClass"].resolve_type = lambda v, *_: ARMOR_CLASS_TYPES.get(v.get("type"))
        s.type_map["DamageOrDamageChoice"].resolve_type = lambda v, *_: "DamageChoice" if "choose" in v else "Damage"
        s.type_map["ActionOptionUnion"].resolve_type = (
            lambda v, *_: "MultipleActionChoiceOption" if v.get("option_type") == "multiple" else "ActionChoiceOption")
        s.type_map["ActionOption"].fields["count"].resolve = lambda v, *_: None if v.get("count") is None else str(v["count"])
        s.type_map["SpecialAbilitySpellcasting"].fields["slots"].resolve = self.resolve_slots
        plain = lambda v, *_: None if v.get("damage") is None else [d for d in v["damage"] if "choose" not in d]
        s.type_map["SpecialAbility"].fields["damage"].resolve = plain
        s.type_map["LegendaryAction"].fields["damage"].resolve = plain

    def resolve_monsters(self, _root, _info, **args):
        limit = args.get("limit")
        limit = DEFAULT_LIMIT if limit is None else limit
        skip = args.get("skip") or 0
        if limit < 1:
            raise GraphQLError("Argument Validation Error: limit must be at least 1")
        if skip < 0:
            raise GraphQLError("Argument Validation Error: skip must be at least 0")
        found = [m for m in self.monsters if matches(m, args)]
        return ordered(found, args.get("order"))[skip:skip + limit]

    def resolve_forms(self, monster, _info):
        if monster.get("forms") is None:
            return None
        return [self.by_index.get(f.get("index"), f) for f in monster["forms"]]

    @staticmethod
    def resolve_slots(spellcasting, _info):
        slots = spellcasting.get("slots")
        if slots is None:
            return None
        return [{"slot_level": int(level), "count": count}
                for level, count in sorted(slots.items(), key=lambda item: int(item[0]))]

    # -- HTTP -------------------------------------------------------------

    @staticmethod
    def errors_reply(status, message, code):
        body = {"errors": [{"message": message, "extensions": {"code": code}}]}
        return Reply(status, compact_json(body), list(HEADERS))

    def route(self, method, path, query, headers, body, fail_aliases=False):
        if path.rstrip("/") not in ("/graphql/2014", "/graphql"):
            return Reply(404, b"Not Found", [("Content-Type", "text/plain; charset=utf-8")])
        if method != "POST":
            return self.errors_reply(400, "GET query missing.", "BAD_REQUEST")
        try:
            request = json.loads(body or b"")
            text = request["query"]
            if not isinstance(text, str):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            return self.errors_reply(400, "POST body missing, invalid Content-Type, or JSON object has no keys.", "BAD_REQUEST")
        try:
            document = parse(text)
        except GraphQLError as error:
            return self.errors_reply(400, error.message, "GRAPHQL_PARSE_FAILED")
        problems = validate(self.schema, document)
        if problems:
            body = {"errors": [self.formatted(p, "GRAPHQL_VALIDATION_FAILED") for p in problems]}
            return Reply(400, compact_json(body), list(HEADERS))
        middleware = [self.alias_failer()] if fail_aliases else None
        result = execute(self.schema, document, variable_values=request.get("variables") or {},
                         operation_name=request.get("operationName"), middleware=middleware)
        answer = {}
        if result.errors:
            answer["errors"] = [self.formatted(e, "INTERNAL_SERVER_ERROR") for e in result.errors]
        answer["data"] = result.data
        # Apollo answers 200 once execution ran, even when an error nulled the whole `data`.
        return Reply(200, compact_json(answer), list(HEADERS))

    @staticmethod
    def formatted(error, code):
        out = error.formatted
        out.setdefault("extensions", {})
        out["extensions"].setdefault("code", code)
        return out

    @staticmethod
    def alias_failer():
        """Middleware failing every other root field (positions 0, 2, 4, ...)."""
        def middleware(next_, root, info, **args):
            if info.path.prev is None:
                keys = [(f.alias or f.name).value for f in info.operation.selection_set.selections
                        if isinstance(f, FieldNode)]
                position = keys.index(info.path.key) if info.path.key in keys else 0
                if position % 2 == 0:
                    raise GraphQLError(f"Injected fault: the upstream failed to resolve '{info.path.key}'")
            return next_(root, info, **args)
        return middleware
