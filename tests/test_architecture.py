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
