"""The rules engine: game state, actions, scoring."""
