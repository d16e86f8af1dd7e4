"""The score pad: the score of a game played with real cards, entered deal by deal and scored
by the engine's own scoring under any rule set (docs/scorepad.md)."""
