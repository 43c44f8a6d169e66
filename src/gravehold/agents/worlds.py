"""The worlds ISMCTS samples: one state consistent with what the deciding seat knows.

What a sampled world keeps and what it redraws (see ``engine/view.py`` for what a view
holds): the viewer's own deck contents are known but their order is redrawn; other
players' hand/deck split is redrawn from their known pool; the nemesis deck keeps its
size per tier, its known unseen own cards, and fills the rest with basic cards not yet
seen; the turn order deck keeps the revealed top cards and redraws the rest; face-down
special decks are reshuffled; the generator is reseeded. Cards the decision itself
showed in an ally's hand (a team choice listing their gems) stay in that hand. Cards of
a secret special deck (``NemesisDef.deck_faces``: hidden even from their holder, see
``engine/observe.py``) are dealt back at random among the hidden places they could be:
the players' masked cards and the secret decks themselves.
"""

from __future__ import annotations

import random
from collections import Counter

from ..content import registry as content
from ..content.hints import hints
from ..engine import schema
from ..engine.flags import secret_token
from ..engine.observe import deck_face
from ..engine.ruleset import Ruleset
from ..engine.setup import own_turn_order, turn_order_cards
from ..engine.shapes import Doc, ViewDoc
from ..engine.state import Decision, State
from ..engine.state_load import state_from_dict
from ..engine.view import HIDDEN_CARD

#: what a card another seat holds face down on a breach is taken to be in a sampled world
#: (K-3: cast, it deals 2 whatever it is; only its name on the discard pile afterwards is a guess)
FACE_DOWN_GUESS = "Crystal"


def _face_down_guessed(b: Doc) -> Doc:
    """A breach of another seat as seen, its hidden face-down cards given a name a state can hold."""
    if not b.get("face_down"):
        return b
    return {**b, "face_down": [FACE_DOWN_GUESS if c == HIDDEN_CARD else c for c in b["face_down"]]}


class World:
    """A base state built from a view, plus what is needed to redraw its hidden parts."""

    def __init__(self, view: ViewDoc, decision: Decision | None = None) -> None:
        v = view
        me = v["viewer"]
        d: Doc = {k: v[k] for k in v if k not in ("viewer",)}
        players = []
        self.pools: list[tuple[int, list[str]] | None] = []
        for i, p in enumerate(v["players"]):
            q = dict(p)
            if i == me:
                q["deck"] = list(p["deck_contents"])
                self.pools.append(None)
            else:
                pool = list(p["pool"])
                q["hand"] = pool[:p["hand_size"]]
                q["deck"] = pool[p["hand_size"]:]
                q["breaches"] = [_face_down_guessed(b) for b in p["breaches"]]
                self.pools.append((p["hand_size"], pool))
            players.append(q)
        #: cards the deciding seat was shown in an ally's hand (a team choice may list the
        #: allies' gems): every sampled world keeps them there
        self.in_hand: dict[int, list[str]] = self._shown_in_hands(v, decision)
        self.me = me
        d["players"] = players
        n = dict(v["nemesis"])
        n["decks"] = {k: list(deck) for k, deck in n["decks"].items()}  # unmasked below: never touch the view
        seen = set(n["discard"]) | {c["name"] for c in n["in_play"]} | set(n.get("resolving", [])) \
            | set(v.get("destroyed", []))
        box = v["config"].get("basics") or content.NEMESES[n["id"]].box
        self.basics = {t: sorted(c for c in content.BASICS.get(box, ()) if c not in seen
                                 and content.NEMESIS_CARDS[c].tier == t) for t in (1, 2, 3)}
        self.own = {t: [c for c in n.get("unseen_own", []) if content.NEMESIS_CARDS[c].tier == t] for t in (1, 2, 3)}
        self.tiers = {int(t): k for t, k in n["deck_tiers"].items()}
        self.stand_in = self._stand_in(box)
        n["deck"] = self._nemesis_deck(random.Random(0))
        d["nemesis"] = n
        to = v["turn_order"]
        self.known_top = list(to["known_top"])
        rs = Ruleset(**{k: val for k, val in v["config"].get("ruleset", {}).items()
                        if k in Ruleset.__dataclass_fields__})
        own = own_turn_order(n["id"], bool(v["config"].get("expert")))  # S-5: a mat's own cards
        full = Counter(turn_order_cards(len(players), rs, bool(v["config"].get("four_player_variant")), own))
        full.subtract(Counter(to["discard"]))
        full.subtract(Counter(self.known_top))
        rest = sorted(full.elements())
        self.to_rest = rest if len(rest) + len(self.known_top) == to["deck_size"] else None
        d["turn_order"] = {"deck": self.known_top + (rest if self.to_rest is not None else
                                                     ["N"] * (to["deck_size"] - len(self.known_top))),
                           "discard": list(to["discard"])}
        d["rng"] = 1
        #: secret deck key -> the names one of its hidden cards could be
        self.secret_decks = self._secret_names(d)
        self.secret = sorted(c for names in self.secret_decks.values() for c in names)
        self.masked = any(c == HIDDEN_CARD for p in players for c in p["hand"] + p["deck"]) or \
            any(c == HIDDEN_CARD for deck in n["decks"].values() for c in deck)
        self._unmask(d, random.Random(0))
        self.base = state_from_dict(schema.state_fields(d), set(content.CARDS), set(content.NEMESIS_CARDS))
        self.my_known = [c for c in players[me]["deck"]] if me is not None else []
        self.my_masked = list(v["players"][me]["deck_contents"]).count(HIDDEN_CARD) if me is not None else 0
        if me is not None:
            self.my_known = [c for c in v["players"][me]["deck_contents"] if c != HIDDEN_CARD]

    @staticmethod
    def _shown_in_hands(v: ViewDoc, decision: Decision | None) -> dict[int, list[str]]:
        me = v["viewer"]
        shown: dict[int, list[str]] = {}
        if decision is None:
            return shown
        players = v["players"]
        for o in decision.options:
            if len(o) >= 3 and isinstance(o[1], int) and not isinstance(o[1], bool) and isinstance(o[2], str) \
                    and 0 <= o[1] < len(players) and o[1] != me and o[2] in players[o[1]].get("pool", ()):
                names = shown.setdefault(o[1], [])
                if o[2] not in names and len(names) < players[o[1]]["hand_size"]:
                    names.append(o[2])
        return shown

    @staticmethod
    def _secret_names(d: Doc) -> dict[str, list[str]]:
        """Names a hidden card could be, by the secret deck it comes from (its nemesis'
        ``deck_faces``): that deck's cards not visible anywhere."""
        nd = content.NEMESES.get(d["nemesis"]["id"])
        if nd is None:
            return {}
        visible: list[str] = []
        for p in d["players"]:
            visible += [c for c in p.get("hand", []) + p["discard"] + p.get("played", []) if c != HIDDEN_CARD]
            visible += [c for c in p["deck"] if c != HIDDEN_CARD]
        visible += list(d.get("destroyed", []))
        out: dict[str, list[str]] = {}
        for deck, face in nd.deck_faces.items():
            if face != "secret":
                continue
            left = list(nd.special_decks.get(deck, ()))
            for c in visible:
                if c in left:
                    left.remove(c)
            out[deck] = sorted(left)
        return out

    def _stand_in(self, box: str) -> str:
        """The card that fills a sampled nemesis deck when fewer unseen cards are left than
        it holds: the one a box's hints name, else the first basic card of the game."""
        if hints.stand_in_nemesis_card:
            return hints.stand_in_nemesis_card
        basics = sorted(content.BASICS.get(box, ())) or sorted(content.NEMESIS_CARDS)
        return basics[0]

    def _unmask(self, d: Doc, r: random.Random) -> None:
        pool = list(self.secret)
        r.shuffle(pool)
        for p in d["players"]:
            for zone in ("hand", "deck"):
                p[zone] = [pool.pop() if c == HIDDEN_CARD and pool else c for c in p[zone]]
        for name, deck in d["nemesis"]["decks"].items():
            d["nemesis"]["decks"][name] = [pool.pop() if c == HIDDEN_CARD and pool else c for c in deck]

    def _nemesis_deck(self, r: random.Random) -> list[str]:
        deck: list[str] = []
        for t in (1, 2, 3):
            k = self.tiers.get(t, 0)
            own = list(self.own[t])
            pool = list(self.basics[t])
            r.shuffle(pool)
            block = (own + pool)[:k] if len(own) >= k else own + pool[:k - len(own)]
            while len(block) < k:  # fewer unseen cards than the deck holds: keep the count
                block.append(own[0] if own else (self.basics[t][0] if self.basics[t] else self.stand_in))
            r.shuffle(block)
            deck.extend(block)
        return deck

    def _refill_secret_decks(self, s: State, secret: list[str]) -> None:
        """Each secret deck takes the sample's secret cards the players were not dealt (its
        own ones), topped up from its unseen cards to keep its size."""
        for key, names in self.secret_decks.items():
            deck = s.nemesis.decks.get(key)
            if deck is None:
                continue
            own = set(names)
            mine = [c for c in secret if c in own]
            s.nemesis.decks[key] = (mine + names)[:len(deck)]
            secret = [c for c in secret if c not in own]

    def sample(self, r: random.Random) -> State:
        s = self.base.clone()
        secret: list[str] = []
        if self.masked:
            secret = list(self.secret)
            r.shuffle(secret)
        for i, p in enumerate(s.players):
            pool = self.pools[i]
            if pool is None:
                if self.masked:
                    p.deck = self.my_known + [secret.pop() if secret else "Crystal" for _ in range(self.my_masked)]
                r.shuffle(p.deck)
            else:
                cards = list(pool[1])
                if self.masked:
                    cards = [secret.pop() if c == HIDDEN_CARD and secret else c for c in cards]
                shown = self.in_hand.get(i)
                if shown:
                    for c in shown:
                        cards.remove(c)
                    r.shuffle(cards)
                    k = pool[0] - len(shown)
                    p.hand, p.deck = shown + cards[:k], cards[k:]
                else:
                    r.shuffle(cards)
                    p.hand, p.deck = cards[:pool[0]], cards[pool[0]:]
        if self.masked:
            self._refill_secret_decks(s, secret)
        s.nemesis.deck = self._nemesis_deck(r)
        for name, deck in s.nemesis.decks.items():
            if deck_face(s.nemesis.id, name) != "up":
                r.shuffle(deck)
        if self.to_rest is not None:
            rest = list(self.to_rest)
            r.shuffle(rest)
            s.to_deck = self.known_top + rest
        _deal_secret_places(s, r)
        s.rng = r.getrandbits(63)
        return s


def _deal_secret_places(s: State, r: random.Random) -> None:
    """A view shows every card of a face-down pile kept in secret table tokens at place 0:
    a world deals each such family's cards a random order (0, 1, ... from the top)."""
    families: dict[str, list[str]] = {}
    for k, v in s.tokens.items():
        if v >= 0 and secret_token(k):
            families.setdefault(k.partition(":")[0], []).append(k)
    for keys in families.values():
        r.shuffle(keys)
        for place, k in enumerate(keys):
            s.tokens[k] = place
