#!/usr/bin/env python3
"""Derive the engine's content files (engine/data/*.json) from the facts-only reference data.

Usage: python3 tools/import_reference.py [REFERENCE_DIR]   (default: ../shared/reference/ti4)

Keeps every id of the reference data. Drops prose (summaries, notes, AsyncTI4 aliases) and keeps
the fields the engine reads, so that each engine file is small enough for a designer to edit.
Re-run only when the reference data changes; the engine validates whatever it is given.
"""
import json, os, sys

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "shared", "reference", "ti4")
dst = os.path.join(os.path.dirname(__file__), "..", "engine", "data")
load = lambda f: json.load(open(os.path.join(src, f)))

def dump(name, obj):
    with open(os.path.join(dst, name), "w") as f:
        json.dump(obj, f, indent=1, ensure_ascii=False)
        f.write("\n")

COLOURS = ["biotic", "propulsion", "cybernetic", "warfare"]
techs = []
for t in load("technologies.json")["technologies"]:
    techs.append({
        "id": t["id"], "name": t["name"], "type": t["type"],
        "prerequisites": {c: t["prerequisites"][c] for c in COLOURS if t["prerequisites"][c]},
        "faction": t["faction"], "unit": t["unit"],
        "replaces_generic_upgrade": t["replaces_generic_upgrade"],
        "source": t["source"], "variant_of": t["variant_of"], "researchable": t["researchable"],
    })
dump("technologies.json", {"technologies": techs})

units = []
u = load("units.json")
for x in u["generic_units"] + u["faction_units"]:
    if x["id"] == "mech_baseline":
        continue
    out = {k: x[k] for k in ["id", "name", "unit_type", "categories", "upgraded_by_tech", "requires_tech",
                            "cost", "units_per_cost", "combat", "move", "capacity", "sustain_damage",
                            "production", "planetary_shield", "space_cannon", "bombardment",
                            "anti_fighter_barrage"]}
    out["faction"] = x.get("faction")
    out["component_limit"] = x.get("component_limit_per_player")
    out["source"] = x.get("source", "base")
    units.append(out)
dump("units.json", {"units": units})

factions = []
for f in load("factions.json")["factions"]:
    out = {k: f[k] for k in ["id", "name", "source", "home_system", "commodities", "starting_technologies",
                            "starting_technology_choice", "starting_units", "faction_technologies",
                            "faction_units"]}
    out["home_planets"] = [p["id"] for p in (f["home_planets"] or [])]
    out["abilities"] = [a["id"] for a in f["abilities"]]
    if f.get("home_system_options"):
        out["home_system_options"] = [{"variant_of": o["variant_of"], "home_system": o["home_system"],
                                       "home_planets": [p["id"] for p in o["home_planets"]]}
                                      for o in f["home_system_options"]]
    c = out["starting_technology_choice"]
    if c is not None:
        out["starting_technology_choice"] = {"choose": c["choose"],
                                             "from": c["from"] if isinstance(c["from"], list) else None}
    factions.append(out)
dump("factions.json", {"factions": factions})

p = load("planets.json")
planets = []
for x in p["planets"]:
    spec = x["tech_specialty"]
    spec = [] if spec is None else (spec if isinstance(spec, list) else [spec])
    planets.append({"id": x["id"], "name": x["name"], "system": x["system"], "resources": x["resources"],
                    "influence": x["influence"], "traits": x["traits"], "kind": x["kind"],
                    "home_of": x["home_of"], "specialties": spec, "legendary": x["legendary"],
                    "source": x["source"]})
dump("planets.json", {"planets": planets})
systems = [{k: s.get(k) for k in ["id", "name", "planets", "wormholes", "anomalies", "hyperlane",
                                   "home_system_of", "board_position_of", "source"]} for s in p["systems"]]
dump("systems.json", {"systems": systems})
print("wrote", len(techs), "technologies,", len(units), "units,", len(factions), "factions,",
      len(planets), "planets,", len(systems), "systems")
