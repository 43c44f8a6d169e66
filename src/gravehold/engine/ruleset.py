"""Edition differences as named options (RULES.md, "Editions").

Every place where the rulebooks disagree is one field here; a preset bundles the
readings of one book. The engine only ever reads these fields, never an edition name.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..errors import RulesetError, UnknownRulesetName, close_names
from .shapes import Doc


@dataclass(frozen=True)
class Ruleset:
    #: N-3: Unleashes when the nemesis must draw from an empty deck (WE 2; AE/LoG/OC/NA 3).
    empty_deck_unleashes: int = 2
    #: G-1 / N-3: when an empty nemesis deck with nothing in play wins: "end_of_turn"
    #: (WE/LoG), "either" (NA: at the end of a turn, or instead of drawing from the empty
    #: deck) or "immediate" (AE guide/OC text: the moment it holds). Old saves'
    #: ``immediate_empty_win`` reads as "either" (true) or "end_of_turn" (false).
    deck_out_win: str = "end_of_turn"
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
    #: E-5: the doubled excess of E-2 reaches Gravehold "before" the E-1 steps (at once)
    #: or "after" them (LoG/OC/NA worked examples: after the Unleashes, breach and charges).
    exhaustion_excess: str = "before"
    #: SO-3: in true solo, exhausted, "the player with the lowest life" is still "you"
    #: (NA; the only reading a book gives) or "nobody" (the effect resolves as far as it can).
    solo_exhausted_lowest_life: str = "you"
    #: T-6: who holds the 3-player wild token first (only with wild_card "token"): the
    #: players "choose" before the first turn (LoG/OC) or a "random" player (NA No Choice).
    wild_token_start: str = "choose"
    #: S-5 / T-4: four players' turn order cards: "singles" (P1-P4; WE/AE/NA, whose pair
    #: cards are a setup variant) or "pairs" (two "1/2" and two "3/4": LoG/OC).
    four_player_turn_order: str = "singles"
    #: P-7: an "OR" neither of whose options can be done in full: a "free" choice, or (NA)
    #: the option that can be carried out "most" (more of its steps resolve in full).
    or_fallback: str = "free"
    #: S-10: how a setup's upgraded basic cards go in: each "replaces" one basic card of its
    #: tier (NA, its X-6 reading), or "all_first_solo_caps" (LoG/OC: all go in first, then
    #: basics fill the tier; in true solo at most 1 of tier 1 and 3 of tier 2 go in).
    upgraded_basics: str = "replaces"
    #: S-10: a tier whose upgraded cards outnumber its S-6 number: "all" go in (the tier
    #: grows; LoG's quick reference) or a random subset "cap"s it at that number.
    upgraded_overflow: str = "all"
    #: S-11: where the basic cards come from when the setup names no box: "any" (the
    #: nemesis' own box, or the one named) or "nemesis_wave" (the base game of the nemesis'
    #: wave, as NA advises; a setup that names a box of another wave is refused).
    basic_pool: str = "any"
    #: K-18: an ally stands in for Gravehold (his life, charges and ability deck; OC's
    #: story expedition). Off in every preset: elsewhere the sources are silent.
    xaxos_outcast: bool = False
    #: K-18: his three promo ability cards join his ability deck (a reading: off).
    xaxos_promos: bool = False
    #: N-8: card and ability damage to a wandering minion is reduced "to_one" (the cards'
    #: text; default) or by one, "minus_one" (the OC rulebook's translation).
    wandering: str = "to_one"

    def to_dict(self) -> Doc:
        """Every option by name, in field order. Each value is a plain int, bool or str,
        so reading the fields gives what ``dataclasses.asdict`` gives, without its deep
        copy (this runs at every game's setup). An option of ``QUIET`` is written only when
        set, so the records of games played before it existed read the same."""
        return {name: v for name in OPTIONS if (v := getattr(self, name)) or name not in QUIET}

    @classmethod
    def from_dict(cls, data: Mapping[Any, Any]) -> Ruleset:
        """The ``we`` preset's reading with the options in ``data`` set instead."""
        return _with(cls(), data)

    def validate(self) -> None:
        """Refuse a value the rules do not have, naming the option and its valid values.

        The one place that knows them. A value must also have the option's type (``True``
        is not 1, ``2.0`` is not 2), so what was checked is exactly what the engine reads.
        """
        valid: dict[str, tuple[object, ...]] = {
            "empty_deck_unleashes": (2, 3),
            "deck_out_win": ("end_of_turn", "either", "immediate"),
            "solo_nemesis_deck": ("one_player", "two_player"),
            "wild_card": ("choose", "token"),
            "last_stage_focus": ("opens", "locked"),
            "tutorial_discard": (False, True),
            "solo_player_turns": (3, 4),
            "solo_player_life": (10, 12, 14, 15),
            "exhaustion_excess": ("before", "after"),
            "solo_exhausted_lowest_life": ("you", "nobody"),
            "wild_token_start": ("choose", "random"),
            "four_player_turn_order": ("singles", "pairs"),
            "or_fallback": ("free", "most"),
            "upgraded_basics": ("replaces", "all_first_solo_caps"),
            "upgraded_overflow": ("all", "cap"),
            "basic_pool": ("any", "nemesis_wave"),
            "xaxos_outcast": (False, True),
            "xaxos_promos": (False, True),
            "wandering": ("to_one", "minus_one"),
        }
        for f in fields(self):  # a new option without its values here is a KeyError, not a pass
            name, values = f.name, valid[f.name]
            v = getattr(self, name)
            if not any(type(v) is type(x) and v == x for x in values):
                shown = [repr(x) for x in values]
                listing = f"{', '.join(shown[:-1])} or {shown[-1]}"
                raise RulesetError(name, f"must be {listing}, got {v!r}")


PRESETS: dict[str, Ruleset] = {
    "we": Ruleset(),
    "ae": Ruleset(empty_deck_unleashes=3, deck_out_win="immediate", solo_nemesis_deck="one_player"),
    "log": Ruleset(empty_deck_unleashes=3, solo_nemesis_deck="one_player", wild_card="token",
                   exhaustion_excess="after", four_player_turn_order="pairs", upgraded_basics="all_first_solo_caps"),
    "na": Ruleset(empty_deck_unleashes=3, deck_out_win="either", solo_nemesis_deck="one_player",
                  exhaustion_excess="after", wild_token_start="random", or_fallback="most"),
    "oc": Ruleset(
        empty_deck_unleashes=3, deck_out_win="immediate", solo_nemesis_deck="one_player",
        wild_card="token", last_stage_focus="locked", exhaustion_excess="after",
        four_player_turn_order="pairs", upgraded_basics="all_first_solo_caps",
    ),
}
#: The preset a game without a ruleset plays.
DEFAULT = "we"
OPTIONS = tuple(f.name for f in fields(Ruleset))
#: Options added after games were recorded: absent from a config when off (off is the default).
QUIET = frozenset({"xaxos_outcast", "xaxos_promos"})


def ruleset(name: str = "we", **overrides: Any) -> Ruleset:
    """A preset by name, with any options overridden one by one."""
    return _with(_preset(name, "preset"), overrides)


def resolve(spec: object) -> Ruleset:
    """The Ruleset a config's ``ruleset`` asks for; every bad one is a RulesetError.

    ``spec`` is a preset name (``"ae"``) or an object of options, whose optional
    ``"preset"`` (``"we"`` by default) the other options override. Game setup and state
    loading both read a ruleset through here, so they accept and refuse the same things.
    """
    if isinstance(spec, str):
        return _preset(spec, "")
    if not isinstance(spec, Mapping):
        raise RulesetError("", f"must be a preset name or an object of options, got {spec!r}")
    opts = dict(spec)
    return _with(_preset(opts.pop("preset", "we"), "preset"), opts)


def resolved_options(spec: object) -> Doc:
    """A config's ``ruleset`` as every option the engine reads (``resolve``), so nothing
    falls back to a default. A save spells out the same few rulesets again and again:
    each given as options is resolved once."""
    if isinstance(spec, dict) and all(isinstance(v, (str, int, bool)) for v in spec.values()):
        return dict(_resolved(tuple(sorted((k, (type(v).__name__, v)) for k, v in spec.items()))))
    return resolve(spec).to_dict()


@functools.lru_cache(maxsize=256)
def _resolved(spec: tuple[tuple[str, tuple[str, Any]], ...]) -> tuple[tuple[str, Any], ...]:
    """A ruleset given as options, resolved (the value's type is in the key: 1 and True differ)."""
    return tuple(resolve({k: v for k, (_, v) in spec}).to_dict().items())


def _preset(name: object, option: str) -> Ruleset:
    """The preset ``name``; ``option`` is where it was given, for the error."""
    if not isinstance(name, str):
        raise RulesetError(option, f"must be a preset name ({', '.join(sorted(PRESETS))}), got {name!r}")
    if name not in PRESETS:
        raise UnknownRulesetName("ruleset preset", name, close_names(name, PRESETS), sorted(PRESETS), option)
    return PRESETS[name]


#: options that older saves and records spell differently: name -> (new name, value map)
LEGACY: dict[str, tuple[str, dict[bool, str]]] = {
    "immediate_empty_win": ("deck_out_win", {True: "either", False: "end_of_turn"}),
}


def _modern(opts: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """``opts`` with every legacy option replaced by the option that took its place."""
    if not any(k in LEGACY for k in opts):
        return opts
    out = dict(opts)
    for old, (new, values) in LEGACY.items():
        if old not in out:
            continue
        v = out.pop(old)
        if type(v) is not bool:
            raise RulesetError(old, f"must be False or True, got {v!r}")
        if new in out and out[new] != values[v]:
            raise RulesetError(old, f"replaced by {new}, which says {out[new]!r}; give only {new}")
        out[new] = values[v]
    return out


def _with(base: Ruleset, opts: Mapping[Any, Any]) -> Ruleset:
    """``base`` with ``opts`` set, refusing unknown names before ``replace`` sees them."""
    opts = _modern(opts)
    for key in opts:
        if not isinstance(key, str) or key not in OPTIONS:
            shown = str(key)
            raise UnknownRulesetName("ruleset option", shown, close_names(shown, OPTIONS),
                                     sorted(OPTIONS), shown)
    rs = replace(base, **opts) if opts else base
    rs.validate()
    return rs
