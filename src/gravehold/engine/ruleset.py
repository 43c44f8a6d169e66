"""Edition differences as named options (RULES.md, "Editions").

Every place where the rulebooks disagree is one field here; a preset bundles the
readings of one book. The engine only ever reads these fields, never an edition name.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from ..errors import UnknownName


@dataclass(frozen=True)
class Ruleset:
    #: N-3: Unleashes when the nemesis must draw from an empty deck (WE 2; AE/LoG/OC/NA 3).
    empty_deck_unleashes: int = 2
    #: N-3 / G-1 (NA): win at once when the nemesis deck and play area are both empty.
    immediate_empty_win: bool = False
    #: S-6: true solo nemesis deck uses the "one_player" column or the "two_player" one (WE).
    solo_nemesis_deck: str = "two_player"
    #: T-3: three-player wild card: "choose" (WE/AE/NA Your Choice) or "token" (LoG/OC/NA No Choice).
    wild_card: str = "choose"
    #: P-11: a closed breach at its last stage: "opens" (a focus opens it: WE/LoG/NA)
    #: or "locked" (OC: it can no longer be focused, only opened by paying).
    last_stage_focus: str = "opens"
    #: P-15 (NA tutorial mode): unplayed gems/relics may be discarded in the draw phase.
    tutorial_discard: bool = False
    #: SO-1: player turn order cards in true solo (3 standard, 4 easier).
    solo_player_turns: int = 3
    #: SO-1: a player's starting life in true solo (10 standard; 12/14/15 easier variants).
    solo_player_life: int = 10

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise UnknownName("ruleset option", key, [], sorted(names))
        rs = cls(**data)
        rs.validate()
        return rs

    def validate(self) -> None:
        checks = {
            "empty_deck_unleashes": self.empty_deck_unleashes in (2, 3),
            "solo_nemesis_deck": self.solo_nemesis_deck in ("one_player", "two_player"),
            "wild_card": self.wild_card in ("choose", "token"),
            "last_stage_focus": self.last_stage_focus in ("opens", "locked"),
            "solo_player_turns": self.solo_player_turns in (3, 4),
            "solo_player_life": self.solo_player_life in (10, 12, 14, 15),
        }
        for name, ok in checks.items():
            if not ok:
                raise ValueError(f"ruleset option {name} has an invalid value {getattr(self, name)!r}")


PRESETS: dict[str, Ruleset] = {
    "we": Ruleset(),
    "ae": Ruleset(empty_deck_unleashes=3, solo_nemesis_deck="one_player"),
    "log": Ruleset(empty_deck_unleashes=3, solo_nemesis_deck="one_player", wild_card="token"),
    "na": Ruleset(empty_deck_unleashes=3, immediate_empty_win=True, solo_nemesis_deck="one_player"),
    "oc": Ruleset(
        empty_deck_unleashes=3, solo_nemesis_deck="one_player", wild_card="token",
        last_stage_focus="locked",
    ),
}


def ruleset(name: str = "we", **overrides: Any) -> Ruleset:
    """A preset by name, with any options overridden one by one."""
    from difflib import get_close_matches

    if name not in PRESETS:
        raise UnknownName("ruleset", name, get_close_matches(name, PRESETS), sorted(PRESETS))
    rs = replace(PRESETS[name], **overrides) if overrides else PRESETS[name]
    rs.validate()
    return rs
