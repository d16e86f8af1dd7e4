"""Canasta for learning agents (docs/envs.md): an OpenSpiel game, Gymnasium and PettingZoo
environments, all over one observer of a seat's view (``canasta.envs.observation``).

Install with ``pip install "canasta[rl]"``. Importing this package registers the Gymnasium
environment ``canasta/Canasta-v0`` when Gymnasium is installed::

    import gymnasium, canasta.envs
    gymnasium.register_envs(canasta.envs)
    env = gymnasium.make("canasta/Canasta-v0", rules="classic", opponents="greedy", seat=0)

``canasta.envs.pettingzoo.env(rules=...)`` is the PettingZoo AEC environment (registered with
PettingZoo's registry under the same id, ``pettingzoo.make("aec", ENV_ID)``), and importing
``canasta.envs.openspiel`` registers the OpenSpiel game ``python_canasta``.
"""

from __future__ import annotations

import importlib.util

ENV_ID = "canasta/Canasta-v0"


def _register() -> None:
    """Register the environments with the frameworks that are installed (names imported here
    stay local: ``canasta.envs.pettingzoo`` is this package's module, not PettingZoo)."""
    if importlib.util.find_spec("gymnasium") is not None:
        import gymnasium

        if ENV_ID not in gymnasium.registry:
            gymnasium.register(id=ENV_ID, entry_point="canasta.envs.gym_env:CanastaEnv")
    if importlib.util.find_spec("pettingzoo") is not None:
        import pettingzoo

        if ENV_ID not in pettingzoo.aec_registry:
            pettingzoo.register("aec", ENV_ID, entry_point="canasta.envs.pettingzoo:env")


_register()

__all__ = ["ENV_ID"]
