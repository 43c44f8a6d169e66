"""What the bots should know of Legacy of Gravehold beyond what the steps say (``boxapi.hints``).

Its mages of Gravehold. Each hint here was kept because a seeded batch of heuristic games
(200 games a seed, Rageborne, beside Brama) won more with it than without; hints that made
no difference were dropped (Gygar's Contained Burst, Talix's Soaring Ash and Lost's Encase
in Steel timing, the order of Tactician's Gambit's returns, declining Blinding Gambit: the
generic rules did as well on three seeds).

- *Kadir*: his Path decision takes the option whose whole mat (every token on it resolves
  at once) is worth most now: damage as damage, a heal only for life actually missing, a
  focus only with a closed breach left; with four on the mat, the token worth least goes
  (56.0 % to 63.0 % won).
- *Talix*: Powdered Infinitum (1 Æ per prepped Spark) is played after the Sparks in hand
  are prepped, not first as the generic rules play gems (5 % to 75 %: played first it gave
  nothing, and he never bought a card).
- *Gygar*: Bide's aether is taken at once in the main phase (49 % to 63 %).

*Gravehold mages with piles* (``mages_gravehold_decks``, ``mages_nook_inco``): each ability
waits until it has something to take or trade. Burst of Inspiration needs an Invention left;
Research a "Mazra" card in hand with an upgrade left, or two "Mazra" cards in the discard
pile; Time Ripple an Anomaly in the Regularity deck; Uproot two flowers to Harvest, or
Gravehold missing at least its 5 life.

*Razra's Train Rip* (``mages_azer_decks``): a bot without a hint would spend the four charges
as soon as they are full, often to take back a single Rip, Help! (a charge for four). It waits
until a Rip card in hand can be traded up the Rip deck, or until the Rip cards it would take
back from her discard pile are worth 6 Æ or more between them (cards played this turn do not
count: replaying them could loop for ever).

*Azer mages*: when each ability is worth its charges. Devour Magic needs a spell on an opened
Incanted breach (else the charges are thrown away), Reanimate Magic and Void Tear a spell in
the discard pile, Weaver's Web a card worth taking back or a wounded player, Absorb Aether an
ally with cards to give, Guardian's Strength a closed breach to focus.

*Fate Shepherd*: at its Unleash the bots take the cheapest card offered, since the card's cost
less one is damage to a player or Gravehold (500 seeded games, two random mages: 1.8 % won
with the generic gain rule, 9.6 % with this). A higher or lower guess of an Unleash's harm
(1.5, 3.5, 5.0) stayed within the noise, so its mat keeps the generic guess.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, base_name, catalogue, hints, life_of_ref
from . import tokens_gravehold as tk
from .breaches_azer import INCANTED
from .mages_azer import ARACHNOS, DEZMODIA, KEL, TAQREN
from .mages_azer_decks import RAZRA, READINGS, RIP_DECK, is_rip
from .mages_azer_more import INDIRA, YAN_MAGDA
from .mages_gravehold import LOST, SOSKEL, TALIX
from .mages_gravehold_decks import INCO, INVENTIONS, MALASTAR, MAZRA, NOOK, REGULARITY, UPGRADES, base_of
from .mages_nook_inco import HARVEST
from .nemeses import bishop_of_scrolls as bishop
from .nemeses import fate_shepherd, griefweaver
from .nemeses import mist_revealed as mist
from .nemeses import paradox_of_bone as bone
from .nemeses import paradox_of_myth as myth
from .nemeses import paradox_of_myth_and_bone as mb
from .nemeses import rust_superion as superion

#: what one aether (or one card drawn, one focus, one charge) is worth beside one damage
AETHER_WORTH = 0.8
SMALL_WORTH = 1.0


# ------------------------------------------------------------------ Kadir's Path tokens


def _missing(b: Board) -> int:
    return max((int(p.max_life) - int(p.life) for p in b.players if not p.exhausted), default=0)


def _effect_worth(b: Board, me: Seat, s: tuple[Any, ...]) -> float:
    kind = s[0]
    if kind == "damage":
        return float(s[1])
    if kind == "aether":
        return AETHER_WORTH * int(s[1])
    if kind == "life":
        return float(min(int(s[1]), _missing(b)))
    if kind == "gravehold_life":
        return float(min(int(s[1]), int(b.gravehold_max) - int(b.gravehold)))
    if kind == "focus_lowest":
        return SMALL_WORTH if any(br.state == "closed" for br in me.breaches) else 0.0
    return SMALL_WORTH  # a card drawn, a charge, aether for a gem


def _token_worth(b: Board, me: Seat, name: str, side: int) -> float:
    return sum(_effect_worth(b, me, s) for s in tk.READINGS[name][side - 1])


def _mat_worth(b: Board, me: Seat, mat: dict[str, int]) -> float:
    worths = [_token_worth(b, me, n, side) for n, side in mat.items()]
    if len(worths) >= tk.PATH_ROOM:
        worths.remove(min(worths))  # the weakest is set aside first
    return sum(worths)


@hints.decision("path")
def _path(b: Board, d: Decision, judge: Judge) -> Option | None:
    me = b.players[d.player]
    frame = d.resume
    kind = frame[4][0] if frame[0] == "s" else ""
    mat = {n: int(me.tokens[tk.path_key(n)]) for n in tk.on_mat(me)}
    if kind == "log_set_path_aside":
        here = list(mat)
        k = min(range(len(here)), key=lambda k: _token_worth(b, me, here[k], mat[here[k]]))
        return ("path", k + 1)
    opts = tk.path_options(me)
    best = max(range(len(opts)), key=lambda k: _mat_worth(b, me, {**mat, opts[k][0]: opts[k][1]}))
    return ("path", best + 1)


# ------------------------------------------------------------------ Gygar, Talix

hints.gems_after_preps.add("Powdered Infinitum")  # 1 Æ per Spark prepped: after the preps
hints.uses_now["Bide"] = "now"  # its aether, once a turn, is worth taking at once


def _wanted(p: Seat) -> int:
    """Prepped spells worth waiting for: two, or one with a single opened breach."""
    return 1 if sum(br.state == "open" for br in p.breaches) <= 1 else 2


@hints.ability(tk.GYGAR)
def _gygar(b: Board, owner: int, me: Seat) -> bool:
    """Contained Burst casts two of his prepped spells: wait for two (one if he has one breach)."""
    return sum(len(br.spells) for br in b.players[owner].breaches) >= _wanted(b.players[owner])


@hints.ability(TALIX)
def _talix(b: Board, owner: int, me: Seat) -> bool:
    """Soaring Ash adds damage to prepped Sparks only: wait for two (one if she has one breach)."""
    sparks = sum(1 for br in b.players[owner].breaches for s in br.spells if base_name(s) == "Spark")
    return sparks >= _wanted(b.players[owner])


#: Encase in Steel waits for this many spells in the discard pile (1 damage each) unless it kills
LOST_SPELLS = 4


@hints.ability(LOST)
def _lost(b: Board, owner: int, me: Seat) -> bool:
    """Encase in Steel deals 1 per spell in her discard pile: wait for four, or for a kill."""
    cards = catalogue.CARDS
    n = sum(1 for c in b.players[owner].discard if c in cards and cards[c].type == "spell")
    kills = n > 0 and (b.nemesis.life <= n or any(0 < c.life <= n for c in b.nemesis.in_play))
    return n >= LOST_SPELLS or kills


@hints.ability(SOSKEL)
def _soskel(b: Board, owner: int, me: Seat) -> bool:
    """Tactician's Gambit returns two cards from discard piles: wait for two worth 2 Æ or more."""
    cards = catalogue.CARDS
    return sum(1 for q in b.players for c in q.discard if c in cards and cards[c].cost >= 2) >= 2


# ------------------------------------------------------------------ Malastar, Mazra, Nook, Inco


@hints.ability(MALASTAR)
def _malastar(b: Board, owner: int, me: Seat) -> bool:
    """An Invention costs 7 Æ: any one given is worth the charges."""
    return bool(b.players[owner].decks.get(INVENTIONS))


def _mazra_cards(cards: list[str]) -> int:
    return sum(1 for c in cards if "Mazra" in base_of(c))


@hints.ability(MAZRA)
def _mazra(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    upgrade = bool(p.decks.get(UPGRADES)) and _mazra_cards(p.hand) >= 1
    return upgrade or _mazra_cards(p.discard) >= 2


@hints.ability(NOOK)
def _nook(b: Board, owner: int, me: Seat) -> bool:
    return any(c.endswith(" Anomaly") for c in b.players[owner].decks.get(REGULARITY, []))


@hints.ability(INCO)
def _inco(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    flowers = sum(1 for c in (*p.hand, *p.discard) if base_of(c) in HARVEST)
    return flowers >= 2 or b.gravehold_max - b.gravehold >= 5


# ------------------------------------------------------------------ Razra
#: the Æ the Rip cards taken back must be worth for Train Rip's return
RIP_RETURN_WORTH = 6


@hints.ability(RAZRA)
def _razra(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    cards = catalogue.CARDS
    more = int(READINGS["train_rip_more"])
    deck = [c for c in p.decks.get(RIP_DECK, ()) if c in cards]
    trade = any(is_rip(c) and any(cards[w].cost <= cards[c].cost + more for w in deck) for c in p.hand if c in cards)
    # only the discard pile counts: Rip cards played again this turn would loop (in true solo
    # Rip, Eat! refills her own charges), so what was played this turn never starts a return
    back = sum(cards[c].cost for c in p.discard if c in cards and is_rip(c))
    return trade or back >= RIP_RETURN_WORTH


# ------------------------------------------------------------------ the mages of Azer

def _spell_in_discard(b: Board, owner: int) -> bool:
    cards = catalogue.CARDS
    return any(c in cards and cards[c].type == "spell" for c in b.players[owner].discard)


@hints.ability(YAN_MAGDA)
def _yan_magda(b: Board, owner: int, me: Seat) -> bool:
    """Devour Magic casts a spell of an opened Incanted breach: wait for one."""
    mat = catalogue.MAGES[b.players[owner].mage].breaches
    return any(br.state == "open" and br.spells and mat[k].special in INCANTED
               for k, br in enumerate(b.players[owner].breaches))


@hints.ability(INDIRA)
def _indira(b: Board, owner: int, me: Seat) -> bool:
    """Reanimate Magic casts spells from her discard pile: wait for one there."""
    return _spell_in_discard(b, owner)


@hints.ability(DEZMODIA)
def _dezmodia(b: Board, owner: int, me: Seat) -> bool:
    """Void Tear takes spells back from her discard pile: wait for one there."""
    return _spell_in_discard(b, owner)


@hints.ability(ARACHNOS)
def _arachnos(b: Board, owner: int, me: Seat) -> bool:
    """Weaver's Web: a card of 1 to 4 Æ to take back, or a player down 3 life or more."""
    cards = catalogue.CARDS
    back = any(c in cards and 1 <= cards[c].cost <= 4 for c in b.players[owner].discard)
    return back or any(not p.exhausted and p.life <= p.max_life - 3 for p in b.players)


@hints.ability(KEL)
def _kel(b: Board, owner: int, me: Seat) -> bool:
    """Absorb Aether needs an ally with a card in hand or discard pile."""
    return any(j != owner and (p.hand_size > 0 or bool(p.discard)) for j, p in enumerate(b.players))


@hints.ability(TAQREN)
def _taqren(b: Board, owner: int, me: Seat) -> bool:
    """Guardian's Strength focuses breaches: some must still be closed."""
    return bool(sum(br.state == "closed" for p in b.players for br in p.breaches) >= 2)


# ------------------------------------------------------------------ Fate Shepherd

# the generic guess of an Unleash's harm: other guesses did no better on the same seeds
hints.nemesis(fate_shepherd.FS, NemesisHints())


@hints.decision("toll_gain")
def _shepherd_gain(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Fate Shepherd's Unleash: the cheapest card offered, since each Æ of its cost is a point of damage."""
    gains = [o for o in d.options if o[0] == "gain"]
    return min(gains, key=lambda o: catalogue.CARDS[str(o[1])].cost) if gains else None

# ------------------------------------------------------------------ Paradox of Bone
#
# Its Unleash hurts Gravehold by the gap under the two Bone track tokens, and every supply
# gain steps one of them: the bots weigh a gem, relic or spell by how it moves that gap, and
# an Unleash by the gap as it lies. Heuristic games, 400 a seed on three seeds (random mages
# and markets): 4.4 % won on average without these hints, 6.7 % with the gap worth 1, and
# 7.2 % with it worth 2 (kept).

#: what one more (or one less) step of the gap the next Unleash hurts Gravehold by is worth
BONE_GAP_WORTH = 2.0


def _bone_gap(tokens: dict[str, int], moved: str | None = None) -> int:
    pos = {t: int(tokens.get(t, 0)) for t in bone.TOKENS}
    if moved is not None:
        pos[moved] = (pos[moved] + 1) % len(bone.TRACK)
    return abs(bone.TRACK[pos[bone.GEM]] - bone.TRACK[pos[bone.SPELL]])


def _bone_unleash(b: Board, judge: Judge) -> float:
    """The gap under the two tokens hurts Gravehold."""
    return judge.gh_cost(b, _bone_gap(dict(b.nemesis.tokens)))


def _bone_pile_cost(b: Board, o: Option) -> float:
    """A gain steps a token: closing the gap is worth taking, widening it costs."""
    if o[0] != "gain" or len(o) != 2:
        return 0.0
    kind = catalogue.CARDS[str(o[1])].type
    moved = bone.GEM if kind in ("gem", "relic") else bone.SPELL if kind == "spell" else None
    if moved is None:
        return 0.0
    tokens = dict(b.nemesis.tokens)
    return BONE_GAP_WORTH * (_bone_gap(tokens, moved) - _bone_gap(tokens))


hints.nemesis(bone.PB, NemesisHints(unleash=_bone_unleash, pile_cost=_bone_pile_cost))

# ------------------------------------------------------------------ Rust Amalgam

#: the generic rules suit it: an Unleash is priced as the default guess (a parasite costs its
#: holder about 2 to 3 life, or a prepped spell, some turns later)
hints.nemesis("Rust Amalgam", NemesisHints())

# ------------------------------------------------------------------ Paradox of Myth and Bone
#
# Either nemesis at 0 life wins the game, so damage spread over both is wasted: the bots put
# their damage into the one with less life (the other is worth a fraction of a point a point),
# never into one that takes no damage now, and a blow that finishes either is the best there
# is. Paying 3 Æ for a power token is left to the generic rules (never chosen).

#: what a point of damage at the nemesis with more life is worth beside one at the weaker
MB_SPREAD_WORTH = 0.3


def _mb_worth(b: Board, half: str, amount: int) -> float:
    myth_life, bone_life = int(b.nemesis.tokens.get(mb.MYTH_LIFE, 0)), b.nemesis.life
    own, other = (myth_life, bone_life) if half == mb.MYTH else (bone_life, myth_life)
    names = {c.name for c in b.nemesis.in_play}
    if "Primeval Huntress" in names or (half == mb.BONE and "Woeful Dirge" in names):
        return -1.0
    if amount >= own:
        return 1000.0
    return float(amount) * (1.0 if own <= other else MB_SPREAD_WORTH)


@hints.target(mb.MYTH)
def _myth_target(b: Board, d: Decision, amount: int) -> float:
    """Myth's dial, weighed against Bone's (see above)."""
    return _mb_worth(b, mb.MYTH, amount)


hints.nemesis(mb.PMB, NemesisHints(nemesis_damage=lambda b, amount: _mb_worth(b, mb.BONE, amount)))

# ------------------------------------------------------------------ Rust Superion
#
# A syphon is a minion without a PERSISTENT effect (it acts as its player's turn starts), so the
# generic targeting rates it as harmless and leaves it in play. Each copy in play ("Name",
# "Name#2", ...) is a damage target of its own here, weighed as the generic rules weigh a minion
# whose harm is SYPHON_DANGER a turn.

#: what one syphon left in play costs the players each round (its start-of-turn harm)
SYPHON_DANGER = 2.0


def _syphon_target(ref: str) -> Any:
    def score(b: Board, d: Decision, amount: int) -> float:
        life = life_of_ref(b, ref)
        dealt = min(amount, life)
        if dealt <= 0:
            return -1.0
        kill = dealt >= life
        return dealt + 3.0 * SYPHON_DANGER * (1.0 if kill else 0.5 * dealt / life) + (2.0 if kill else 0.0)
    return score


for _name, _copies in superion.COPIES.items():
    for _k in range(1, _copies + 1):
        _ref = _name if _k == 1 else f"{_name}#{_k}"
        hints.targets[_ref] = _syphon_target(_ref)

hints.nemesis(superion.RS, NemesisHints())

# ------------------------------------------------------------------ Griefweaver
#
# Its loss comes from the supply: once no pile is left uncovered the players lose. The generic
# bots price a fetter as a harmless minion (it has no persistent effect) and never hit it; these
# hints make a fetter a target worth more than the same damage at the nemesis, more so as the
# uncovered piles dwindle, and keep the bots from emptying a pile while few are uncovered.
# Heuristic games, 200 a seed on seeds 2026 and 7 (random mages and markets): 2.5 % and 0.5 %
# won without hints, 4.0 % and 3.5 % with the fetter targets, 5.0 % and 4.0 % with the last-card
# cost too (kept). A policy sending the nemesis' pile choices to the cheapest pile changed
# nothing on the same seeds and was left out.

#: what killing a fetter is worth beyond the damage, and the extra for each uncovered pile
#: short of ``FETTER_CALM`` piles
FETTER_KILL_WORTH, FETTER_PRESSURE, FETTER_CALM = 4.0, 2.0, 5


def _uncovered(b: Board) -> int:
    return sum(1 for k in b.supply_counts if k > 0)


def _fetter_target(ref: str) -> Any:
    """A fetter as a damage target: a kill frees its pile; a fetter never heals, so each point
    of its life is its share of that worth."""
    def score(b: Board, d: Decision, amount: int) -> float:
        life = life_of_ref(b, ref)
        dealt = min(amount, life)
        if dealt <= 0:
            return -1.0
        worth = life + FETTER_KILL_WORTH + FETTER_PRESSURE * max(0, FETTER_CALM - _uncovered(b))
        return worth * dealt / life
    return score


for _name, (_kind, _copies) in griefweaver.FETTERS.items():
    for _nth in range(1, _copies + 1):
        _ref = _name if _nth == 1 else f"{_name}#{_nth}"
        hints.target(_ref)(_fetter_target(_ref))
for _ref in (griefweaver.VORACIOUS, griefweaver.VORACIOUS_C):
    hints.target(_ref)(_fetter_target(_ref))


def _last_card_cost(b: Board, o: Option) -> float:
    """Taking the last card of a pile while few are uncovered brings the mat's loss nearer."""
    if o[0] != "gain" or len(o) != 2 or o[1] not in b.supply_names:
        return 0.0
    left = int(b.supply_counts[b.supply_names.index(o[1])])
    return LAST_CARD_COST if left == 1 and _uncovered(b) <= LAST_CARD_WARY else 0.0


#: a gain that empties a pile while this many piles or fewer are uncovered costs this much
LAST_CARD_COST, LAST_CARD_WARY = 20.0, 3

hints.nemesis(griefweaver.GW, NemesisHints(pile_cost=_last_card_cost))

# ------------------------------------------------------------------ Bishop of Scrolls
#
# Its clock is nemesis tokens: each unnamed's PERSISTENT effect adds the nemesis tier, and every
# 8 tokens an unnamed leaves the game for good (the seventh gone loses it). The generic rules
# price that unknown step as a flat guess, so a 3-life unnamed looked no worse than any minion.
# The hint prices one token (``BISHOP_TOKEN_WORTH``) and the steps that add them. Heuristic games,
# 100 on seed 7 (random mages and markets): 5 % won without it, 14 % with a token worth 1, 17 % with
# 2 and with 3 (2 kept). Sending the hardest unnamed to kill under the mat changed nothing (17 %),
# so the players' pick there is left to the generic rules.

#: what one nemesis token of Bishop of Scrolls costs the players
BISHOP_TOKEN_WORTH = 2.0


def _bishop_tier(b: Board) -> int:
    cards = catalogue.NEMESIS_CARDS
    names = [c.name for c in b.nemesis.in_play] + list(b.nemesis.discard)
    return max([1, *(cards[n].tier for n in names if n in cards)])


def _bishop_unnamed(b: Board) -> int:
    return sum(1 for c in b.nemesis.in_play if bishop.is_unnamed(c.name))


def _bishop_step(b: Board, s: Any, judge: Judge) -> float | None:
    """The unnamed's effect: the tier in tokens, once for each resolution."""
    each = BISHOP_TOKEN_WORTH * _bishop_tier(b)
    if s[0] == "unnamed_persistent":
        return each
    if s[0] == "unnamed_resolve":
        return each * int(s[2]) * min(int(s[1]), _bishop_unnamed(b))
    if s[0] == "unnamed_unleash":
        return 2.0 * each
    return None


def _bishop_unleash(b: Board, judge: Judge) -> float:
    """One more unnamed in play: its tokens for the coming turns."""
    return 2.0 * BISHOP_TOKEN_WORTH * _bishop_tier(b)


hints.nemesis(bishop.BS, NemesisHints(unleash=_bishop_unleash, step_harm=_bishop_step))

# ------------------------------------------------------------------ Bishop: Returned

# An Unleash only adds a nemesis token, but the tokens are dearer than they look: five bring
# reinforcements (up to two minions at once), and once the deck has formed again every tier-1
# or tier-2 minion entering play adds more, so the loop feeds itself. The generic guess (2.5)
# lets the bots shrug off Unleashes (and the minions that Unleash). Heuristic games, 500 a seed
# on seeds 2026, 7 and 11 (random mages and markets): 27.9 % won on average with the guess at
# 2.5, 34.2 % at 5 (kept), 35.1 % at 7 (within the noise of 5); 1.5 fell to about 21 %.

#: what one Unleash (one nemesis token) is worth to the bots
BR_UNLEASH_WORTH = 5.0

hints.nemesis("Bishop: Returned", NemesisHints(unleash_guess=BR_UNLEASH_WORTH))

# ------------------------------------------------------------------ Mist Revealed
#
# Its Unleash resolves every fragment's UNLEASH effect (about one damage each) and adds one
# more fragment: an Unleash is priced as the generic guess plus one point for each fragment
# already in play.

#: what one fragment in play adds to the harm of an Unleash
MIST_FRAGMENT_WORTH = 1.0


def _mist_unleash(b: Board, judge: Judge) -> float:
    """The generic guess, plus each fragment in play resolving its UNLEASH effect."""
    frags = sum(1 for c in b.nemesis.in_play if mist.is_fragment(c.name))
    return 2.5 + MIST_FRAGMENT_WORTH * frags


hints.nemesis(mist.MR, NemesisHints(unleash=_mist_unleash))
# ------------------------------------------------------------------ Mother of Rust
#
# Damage cannot reach her (her target is never offered), so the bots' hits go to the rustborn,
# whose defeat is the only way to win. The generic rules cannot read her own step kinds: this
# prices them (a rustborn entering play, an early rush, life gained, costly cards destroyed).

#: what one more rustborn in play costs the players (3 life to wear down, and a RUSH to come)
RUSTBORN_WORTH = 2.0
#: what one point of life a rustborn gains costs (one more point of damage to deal)
RUSTBORN_LIFE_WORTH = 0.5
#: what a costly card destroyed from a hand costs
COSTLY_CARD_WORTH = 2.0


def _mother_step_harm(b: Board, s: Any, judge: Judge) -> float | None:
    from .nemeses import mother_of_rust as mother

    kind = s[0]
    rustborn = [c.name for c in b.nemesis.in_play if mother.is_rustborn(c.name)]
    if kind in ("place_rustborn", "place_rustborn_at", "place_resting_rustborn"):
        return RUSTBORN_WORTH * int(s[1])
    if kind == "rush_oldest":
        return sum(judge.steps_harm(b, mother.rush_steps(n)) for n in rustborn[:int(s[1])]) * int(s[2])
    if kind == "rustborn_rush":
        if judge.ntokens(b) < int(s[1]):
            return 0.0
        return sum(judge.steps_harm(b, mother.rush_steps(n)) for n in rustborn)
    if kind == "rustborn_gain_life":
        return RUSTBORN_LIFE_WORTH * min(int(s[1]), len(rustborn)) * int(s[2])
    if kind == "collective_destroy_costly":
        return COSTLY_CARD_WORTH * int(s[1])
    return None


hints.nemesis("Mother of Rust", NemesisHints(step_harm=_mother_step_harm))
# ------------------------------------------------------------------ Brama and Z'hana (Legacy of Gravehold)

#: the generic rules suit them: a Mage Attack card does about 2 to 3 damage or its worth in
#: charges and cards, which is the default guess of an Unleash
hints.nemesis("Brama (Legacy of Gravehold)", NemesisHints())
hints.nemesis("Z'hana (Legacy of Gravehold)", NemesisHints())
# ------------------------------------------------------------------ Paradox of Myth
#
# Its villagers act through the nemesis' own step kinds, which the generic rules cannot read:
# each is priced here as the engine's steps it stands for, so the bots weigh a villager (and
# so which one to hit) by what its persistent effect costs. Fire is priced dear: ten fire
# tokens lose the game, and the board does not show how many lie there. Heuristic games, 300
# a seed on seeds 7 and 8 (random mages and markets): without these prices 243 of 600 games
# were lost to fire, with them 113; 4 of the 600 games were won either way. A hint paying
# 3 Æ to take tokens off Blessing of Possession and Glowing Immortality was tried and dropped:
# over 500 games (seed 99) it left the nemesis 2 life lower at the end and won no more games.
# Counting only a share of a villager's harm (0 or 0.2 of it, fire still in full; a villager
# knocked out comes back) sent more hits at the nemesis (it ended on 52 life instead of 66)
# but won no more games on seeds 7 and 8, so the plain pricing stays.

#: what one fire token on the location is worth as harm
MYTH_FIRE_WORTH = 4.0
#: what one more villager in play is worth as harm (a minion of about 5 life acting each turn)
MYTH_VILLAGER_WORTH = 3.0


def _myth_step_harm(b: Board, s: Any, judge: Judge) -> float | None:
    k = s[0]
    if k == "myth_villager":
        return judge.steps_harm(b, s[1])
    if k == "myth_suffer":
        return judge.best_victim_cost(b, _myth_snared(b, int(s[1])))
    if k == "myth_gravehold":
        return judge.gh_cost(b, _myth_snared(b, int(s[1])))
    if k == "add_fire":
        return MYTH_FIRE_WORTH * int(s[1]) if isinstance(s[1], int) else MYTH_FIRE_WORTH
    if k == "myth_villagers_in":
        return MYTH_VILLAGER_WORTH * int(s[1])
    if k == "myth_unleash":
        return _myth_unleash(b, judge)
    if k == "myth_gain":
        return 0.5 * int(s[1])
    if k == "myth_hurt_per_villager":
        return judge.best_victim_cost(b, sum(myth.is_villager(c.name) for c in b.nemesis.in_play))
    if k in ("minion_grows", "myth_calcify", "myth_oldest_villager"):
        return 1.0
    if k in ("myth_rule", "myth_tick_rule", "myth_villager_enters", "myth_to_villager_discard"):
        return 0.0
    return None


def _myth_snared(b: Board, n: int) -> int:
    return n + (int(myth.READINGS["snare_extra"]) if any(c.name == myth.SNARE for c in b.nemesis.in_play) else 0)


def _myth_unleash(b: Board, judge: Judge) -> float:
    """The side that will resolve: Gravehold's 2 and the nemesis' 2, or a villager (less the heal)."""
    side = int(b.nemesis.tokens.get(myth.MYTH_TOKEN, 0))
    if side == 0 and b.gravehold < myth.HIGH or side == 1 and b.gravehold > myth.LOW:
        side = 1 - side
    if side == 0:
        return judge.gh_cost(b, 2) + 1.0
    return MYTH_VILLAGER_WORTH - 1.0


hints.nemesis(myth.PM, NemesisHints(unleash=_myth_unleash, step_harm=_myth_step_harm))

