"""Builders for D&D 5e SRD 5.1 monster records in the 5e-database / D&D 5e API wire shape:
attack texts and their damage entries, saving throws, armor class kinds, XP by challenge rating."""
import re
XP = {0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800, 6: 2300, 7: 2900,
      8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000, 14: 11500, 15: 13000, 16: 15000,
      17: 18000, 18: 20000, 19: 22000, 20: 25000, 21: 33000, 22: 41000, 23: 50000, 24: 62000,
      25: 75000, 26: 90000, 27: 105000, 28: 120000, 29: 135000, 30: 155000}
def prof_bonus(cr):
    return 2 if cr < 5 else 3 if cr < 9 else 4 if cr < 13 else 5 if cr < 17 else 6 if cr < 21 else 7 if cr < 25 else 8 if cr < 29 else 9
ABIL = {"str": "STR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "WIS", "cha": "CHA"}
FULL = {"str": "Strength", "dex": "Dexterity", "con": "Constitution", "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}
def ability(a): return {"index": a, "name": ABIL[a]}
def dtype(t): return {"index": t, "name": t.capitalize()}
def slug(s): return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")
def ref(kind, name): return {"index": slug(name), "name": name, "url": f"/api/2014/{kind}/{slug(name)}"}
def mod(score): return (score - 10) // 2
def avg(dice):
    m = re.fullmatch(r"(\d+)d(\d+)([+-]\d+)?", dice)
    if not m: return int(dice)
    n, d, b = int(m[1]), int(m[2]), int(m[3] or 0)
    return n * (d + 1) // 2 + b
def show(dice):
    """'2d6+5' -> '12 (2d6 + 5)'; '1' -> '1'."""
    m = re.fullmatch(r"(\d+d\d+)(?:([+-])(\d+))?", dice)
    if not m: return dice
    inner = m[1] + (f" {m[2]} {m[3]}" if m[2] else "")
    return f"{avg(dice)} ({inner})"
def dmg(dice, t): return {"damage_type": dtype(t), "damage_dice": dice}
def hit_text(dmgs):
    return " plus ".join(f"{show(d)} {t} damage" for d, t in dmgs)
def attack(name, kind, bonus, reach_or_range, dmgs, extra="", target="one target", versatile=None):
    if kind == "melee":
        head = f"Melee Weapon Attack: +{bonus} to hit, reach {reach_or_range} ft., {target}."
    elif kind == "ranged":
        head = f"Ranged Weapon Attack: +{bonus} to hit, range {reach_or_range} ft., {target}."
    else:  # both: (reach, range)
        head = f"Melee or Ranged Weapon Attack: +{bonus} to hit, reach {reach_or_range[0]} ft. or range {reach_or_range[1]} ft., {target}."
    sign = "+" if bonus >= 0 else ""
    head = head.replace(f"+{bonus} to hit", f"{sign}{bonus} to hit")
    hit = f" Hit: {hit_text(dmgs)}"
    if versatile:
        hit += f", or {show(versatile)} {dmgs[0][1]} damage if used with two hands to make a melee attack"
    desc = head + hit + "." + (" " + extra if extra else "")
    a = {"name": name, "desc": desc, "attack_bonus": bonus}
    if versatile:
        t = dmgs[0][1]
        a["damage"] = [{"choose": 1, "type": "damage", "from": {"option_set_type": "options_array", "options": [
            {"option_type": "damage", "notes": "One handed", "damage_type": dtype(t), "damage_dice": dmgs[0][0]},
            {"option_type": "damage", "notes": "Two handed", "damage_type": dtype(t), "damage_dice": versatile}]}}]
    else:
        a["damage"] = [dmg(d, t) for d, t in dmgs]
    return a
def melee(name, bonus, reach, dmgs, extra="", **kw): return attack(name, "melee", bonus, reach, dmgs, extra, **kw)
def ranged(name, bonus, rng, dmgs, extra="", **kw): return attack(name, "ranged", bonus, rng, dmgs, extra, **kw)
def thrown(name, bonus, reach, rng, dmgs, extra="", **kw): return attack(name, "both", bonus, (reach, rng), dmgs, extra, **kw)
def multi(desc, parts, name="Multiattack"):
    return {"name": name, "multiattack_type": "actions", "desc": desc,
            "actions": [{"action_name": n, "count": c, "type": t} for n, c, t in parts]}
def save(name, desc, a, dc, success="none", dmgs=(), usage=None):
    x = {"name": name, "desc": desc}
    if usage: x["usage"] = usage
    x["dc"] = {"dc_type": ability(a), "dc_value": dc, "success_type": success}
    if dmgs: x["damage"] = [dmg(d, t) for d, t in dmgs]
    return x
def plain(name, desc, usage=None, **extra):
    x = {"name": name, "desc": desc}
    if usage: x["usage"] = usage
    x.update(extra)
    return x
def recharge(n=5): return {"type": "recharge on roll", "dice": "1d6", "min_value": n}
def per_day(n): return {"type": "per day", "times": n}
def rest(): return {"type": "recharge after rest", "rest_types": ["short", "long"]}
def ac_dex(v): return {"type": "dex", "value": v}
def ac_nat(v): return {"type": "natural", "value": v}
def ac_armor(v, *armor): return {"type": "armor", "value": v, "armor": [ref("equipment", a) for a in armor]} if armor else {"type": "armor", "value": v}
def ac_spell(v, spell): return {"type": "spell", "value": v, "spell": ref("spells", spell)}
SKILL = {"acrobatics", "arcana", "athletics", "deception", "history", "insight", "intimidation",
         "investigation", "medicine", "nature", "perception", "performance", "persuasion", "religion",
         "sleight-of-hand", "stealth", "survival", "animal-handling"}
def profs(saves=None, skills=None):
    out = []
    for a, v in (saves or {}).items():
        out.append({"value": v, "proficiency": {"index": f"saving-throw-{a}", "name": f"Saving Throw: {ABIL[a]}",
                                                 "url": f"/api/2014/proficiencies/saving-throw-{a}"}})
    for s, v in (skills or {}).items():
        assert s in SKILL, s
        nice = {"sleight-of-hand": "Sleight of Hand", "animal-handling": "Animal Handling"}.get(s, s.capitalize())
        out.append({"value": v, "proficiency": {"index": f"skill-{s}", "name": f"Skill: {nice}",
                                                 "url": f"/api/2014/proficiencies/skill-{s}"}})
    return out
def monster(name, size, type_, alignment, ac, hp, hit_dice, speed, scores, cr, *, subtype=None,
            saves=None, skills=None, vuln=(), resist=(), immune=(), cond=(), senses=None, pp=10,
            languages="", special=(), actions=(), legendary=(), reactions=(), desc=None, index=None):
    index = index or slug(name)
    s, d, c, i, w, ch = scores
    n = int(hit_dice.split("d")[0])
    bonus = mod(c) * n
    roll = hit_dice + (f"+{bonus}" if bonus > 0 else f"{bonus}" if bonus < 0 else "")
    assert avg(roll) == hp or hp == max(1, avg(roll)), (name, hp, avg(roll), roll)
    m = {"index": index, "name": name}
    if desc: m["desc"] = desc
    m["size"] = size; m["type"] = type_
    if subtype: m["subtype"] = subtype
    m["alignment"] = alignment
    m["armor_class"] = ac if isinstance(ac, list) else [ac]
    m.update({"hit_points": hp, "hit_dice": hit_dice, "hit_points_roll": roll, "speed": speed,
              "strength": s, "dexterity": d, "constitution": c, "intelligence": i, "wisdom": w, "charisma": ch,
              "proficiencies": profs(saves, skills), "damage_vulnerabilities": list(vuln),
              "damage_resistances": list(resist), "damage_immunities": list(immune),
              "condition_immunities": [ref("conditions", x) for x in cond]})
    se = dict(senses or {}); se["passive_perception"] = pp
    m["senses"] = se
    m["languages"] = languages
    m["challenge_rating"] = cr
    m["xp"] = XP[cr]
    if special: m["special_abilities"] = list(special)
    m["actions"] = list(actions)
    if legendary: m["legendary_actions"] = list(legendary)
    if reactions: m["reactions"] = list(reactions)
    m["image"] = f"/api/images/monsters/{index}.png"
    return m
def spd(walk=None, **kw):
    out = {}
    if walk is not None: out["walk"] = f"{walk} ft."
    for k, v in kw.items():
        out[k] = v if isinstance(v, bool) else f"{v} ft."
    return out
