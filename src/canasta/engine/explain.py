"""Why an action is illegal, in words a player understands. Filled in below."""
from __future__ import annotations
from typing import Any
def explain(game: Any, action: Any) -> str:
    return "that is not a legal move now"
