"""The engine keeps its shape (docs/architecture.md): small modules, a thin facade, no import
cycles, one place for the rules."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "src" / "canasta" / "engine"


def engine_imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports (type-checking imports too)."""
    graph = {}
    for path in ENGINE.glob("*.py"):
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("canasta.engine"):
                if node.module == "canasta.engine":
                    deps |= {alias.name for alias in node.names}
                else:
                    deps.add(node.module.split(".")[2])
        graph[path.stem] = deps - {path.stem}
    return graph


def test_the_engine_has_no_import_cycles() -> None:
    order = list(graphlib.TopologicalSorter(engine_imports()).static_order())  # raises on a cycle
    assert order.index("state") < order.index("turn") < order.index("game")


def test_the_facade_is_thin_and_no_module_is_large() -> None:
    sizes = {p.stem: len(p.read_text().splitlines()) for p in ENGINE.glob("*.py")}
    assert sizes["game"] <= 250, sizes["game"]
    assert max(sizes.values()) <= 500, {name: n for name, n in sizes.items() if n > 500}


def test_rules_live_in_the_families_not_in_an_explainer() -> None:
    assert not (ENGINE / "explain.py").exists()
    families = ("deal", "pile", "melds", "sequences", "opening", "going_out", "discard",
                "scoring", "turn")
    assert all((ENGINE / f"{name}.py").exists() for name in families)


# ---------------------------------------------------------------------- the whole package

PACKAGE = ENGINE.parent

#: Which parts of the package each part may import (docs/architecture.md, "Layers"): the rules
#: core below everything, the faces on top, the command over all. ``store/migrations`` is
#: Alembic's script folder, which registers every table model and is run by Alembic, not
#: imported by the package.
BELOW = {"cards": {"errors"}, "errors": set(), "rules": {"cards", "errors"}}
BELOW["engine"] = BELOW["rules"] | {"rules"}
BELOW["record"] = BELOW["bots"] = BELOW["engine"] | {"engine"}
BELOW["presentation"] = BELOW["bots"] | {"bots"}
BELOW["sim"] = BELOW["bots"] | {"bots"}
BELOW["envs"] = BELOW["sim"] | {"sim", "presentation"}
BELOW["store"] = {"errors"}
BELOW["score"] = BELOW["engine"] | {"engine", "store"}
BELOW["net"] = BELOW["engine"] | {"engine", "presentation", "bots", "record"}
BELOW["tui"] = BELOW["net"] | {"net"}
BELOW["server"] = BELOW["net"] | {"net", "score", "store"}
BELOW["cli"] = set(BELOW) - {"cli"}


def package_imports() -> dict[str, set[str]]:
    """Each module of the package (dotted, under ``canasta``) and the package's modules it
    imports, type-checking imports included."""
    paths = {".".join(part for part in path.relative_to(PACKAGE).with_suffix("").parts
                      if part != "__init__"): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        deps: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and \
                    node.module.startswith("canasta."):
                base = node.module.removeprefix("canasta.")
                # ``from canasta.bots import kinds`` imports the module bots.kinds
                deps |= {f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base
                         for a in node.names}
            elif isinstance(node, ast.Import):
                deps |= {a.name.removeprefix("canasta.") for a in node.names
                         if a.name.startswith("canasta.")}
        graph[name] = deps - {name}
    return graph


def test_each_part_imports_only_the_parts_below_it() -> None:
    wrong = {}
    for module, deps in package_imports().items():
        part = module.split(".")[0]
        if part not in BELOW or module.startswith("store.migrations"):
            continue
        upward = {d for d in deps if d.split(".")[0] not in BELOW[part] | {part}}
        if upward:
            wrong[module] = sorted(upward)
    assert not wrong, wrong


def test_no_module_of_the_package_is_large() -> None:
    sizes = {p: len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")}
    assert max(sizes.values()) <= 500, {str(p): n for p, n in sizes.items() if n > 500}


def test_no_import_circle_in_the_package() -> None:
    """No circle among the modules of the whole package, the server's included (issue 29)."""
    try:
        list(graphlib.TopologicalSorter(package_imports()).static_order())
    except graphlib.CycleError as exc:
        circle = reversed(exc.args[1])  # each node there is imported by the next
        raise AssertionError(f"an import circle: {' imports '.join(circle)}") from None


#: The server's layers, lowest first (docs/architecture.md, "The server's layers"): a module of
#: the server imports only the server's modules of the layers before its own. A table is at the
#: bottom, the hall of one process over its tables, the cluster (several processes) over the
#: hall, the routes and pages over everything; the runner on top.
SERVER_LAYERS: list[set[str]] = [
    {"models", "seats", "rate", "gallery",  # parts that import none of the server
     "worker"},
    {"storage", "frames"},  # the database's writes; every frame a client is sent
    {"lease", "peers", "reviewer"},  # leases' SQL; what a table asks of others; reviews
    {"table_record"}, {"follower"}, {"table_moves"}, {"table"},  # one table, in its layers
    {"hall"},  # every table of one process
    {"cluster"},  # several processes: leases, following, taking over
    {"site"},  # the server's state below every route
    {"score_routes", "replay"},  # the score pad's routes; finished games replayed
    {"app"},  # the game's routes and pages
    {"serve"},  # binding the socket, running uvicorn
    {"replay_serve"},  # canasta replay --serve: a local server of one record
]


def test_the_server_imports_only_its_layers_below() -> None:
    """Every import inside the server goes down ``SERVER_LAYERS`` (none within a layer), and
    every module of the server has its layer there."""
    layer = {f"server.{name}": n for n, names in enumerate(SERVER_LAYERS) for name in names}
    graph = package_imports()
    upward = {m: sorted(d for d in graph.get(m, ()) if d in layer and layer[d] >= layer[m])
              for m in sorted(layer)}
    assert not any(upward.values()), {m: deps for m, deps in upward.items() if deps}
    modules = {m for m in graph if m.startswith("server.")}
    assert modules == set(layer), {"not in SERVER_LAYERS": sorted(modules - set(layer)),
                                   "no such module": sorted(set(layer) - modules)}
