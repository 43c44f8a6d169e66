"""Outcasts' scripted first expedition (XS-1, XS-4 … XS-7), as data.

The printed expedition deck and story booklet tell a story between the battles; that text is
not reproduced here. What the engine needs is its shape (the reference's ``outcasts``
script): the Barracks at the start (four mages and nine supply piles), the nemesis each
battle names, the upgraded basic nemesis cards the group receives before a battle (XS-6:
S-10 with the solo caps, the ``oc`` preset's ``upgraded_basics``), and each won battle's
reward. The one-line scenes are this project's own.

Readings decided here (the script is silent; ``READINGS`` keeps them in one table):

* *Xaxos: Outcast* (K-18) joins from battle 2, the battle after the story brings him in:
  battle 2 switches the ruleset option ``xaxos_outcast`` on for itself and every later
  battle (``StoryBattle.options``).
* *The ruleset*: the story plays by the Outcasts rulebook, the box's ``oc`` preset (a
  group may name another ruleset when it sets out).
* *The first deck*: the first battle is set up as any other (S-6 with no upgraded basics
  yet); unlike The New Age (XS-3) there is no prebuilt first nemesis deck, and each mage
  starts with the starting cards its mat shows.
* *The tier of battles 3 and 4*: the reference marks them tier 1, a slip; the nemesis the
  battle names is what counts, and the X-6 column is the battle's number, as in every
  expedition.
* *Finishing it*: the last battle's reward is the two mages the story has left out of the
  Barracks (Dezmodia and Arachnos), so the finished expedition holds the whole box's mages;
  after it nothing of the box stays sealed (XS-8, as in The New Age).
* *Stacks and envelopes* (XS-1): not modelled one by one. Sealed content is simply not in
  the Barracks until a reward puts it there; the reference places the tier-2 treasures in
  stack 2b and the tier-3 ones in 3b, which the rewards after battles 2 and 3 match.
* *A lost battle* is fought again with no support (XS-7).
"""

from __future__ import annotations

from ...boxapi import ExpeditionScript, NemesisDef, StoryBattle, StoryReward

#: the nemeses the story names, in battle order (each written in its own module of ``nemeses/``)
NEMESES = ("Experiment 153", "Thief of Dreams", "Risen Thrall", "Fountain of Souls")
#: the battle from which Xaxos: Outcast is in every game of the story (1-based), and the option
XAXOS_JOINS = (2, (("xaxos_outcast", True),))
#: every reading of this module, named
READINGS = {
    "xaxos": "Xaxos: Outcast (option xaxos_outcast) is in every battle from battle 2 on",
    "ruleset": "the story plays by the box's oc preset unless the group names another ruleset",
    "first_deck": "no prebuilt first nemesis deck: battle 1 is set up as any other",
    "tiers": "battles 3 and 4 are fought against the nemesis they name; the X-6 column is the battle number",
    "finish": "the last battle's reward is the two mages the story left out, Dezmodia and Arachnos",
    "stacks": "stacks and envelopes are not modelled one by one: sealed content is what the Barracks lacks",
}


def _joins(k: int) -> tuple[tuple[str, object], ...]:
    return XAXOS_JOINS[1] if k == XAXOS_JOINS[0] else ()


STORY = ExpeditionScript(
    id="outcasts", name="Outcasts: the first expedition", box="O",
    mages=("Ilya (OC)", "Kel (OC)", "Z'hana (OC)", "Taqren (OC)"),
    supply=("Molten Peridot", "Petrified Phoenixium", "Duplicating Sazite", "Destiny Forger", "Transmuter's Lens",
            "Fortified Frost", "Twisted Fang", "Lightning Arrow", "Tornado of Insight"),
    battles=(
        StoryBattle(
            nemesis=NEMESES[0], scene="A many-mouthed beast comes out of the forest at a village with few mages home.",
            options=_joins(1),
            reward=StoryReward(
                supply=("Galvanized Sapphire", "Vigorous Sunstone", "Carnivorous Roox", "Infused Ignition"),
                treasures=("Rhia's Planar Pocket", "Talix's Everburn", "Razra's Training Whistle",
                           "Lost's Forged Spark", "Mazra's Thesis"))),
        StoryBattle(
            nemesis=NEMESES[1], scene="Through a breach into the Void, where an old ally holds the poison air at bay.",
            upgraded=("Chaos Strike", "Rescind", "Hunt the Weak", "Silent Decay", "Sky Crush", "Scion of the Void",
                      "Ray of Desolation (O)"),
            options=_joins(2),
            reward=StoryReward(
                supply=("Elongated Looq", "Chain of Retrieval", "Paired Storm", "Arcane Relay"), mages=("Qu (OC)",),
                treasures=("Broken Tooth", "Rejuvenating Diamond", "Poison Heart"))),
        StoryBattle(
            nemesis=NEMESES[2], scene="Across the wasteland marches an army of the dead, not all of it real.",
            upgraded=("Rain of Devastation", "Harbinger of Monstrosity", "Sacrifice (O)", "Blighted Magic"),
            options=_joins(3),
            reward=StoryReward(
                supply=("Helix of Amber", "Reconstituting Circuit", "Unhinged Vortex", "Radiant Conflux"),
                mages=("Thraxir (OC)",),
                treasures=("Armored Pauldrons", "Rebound Gauntlet", "World Marble", "Treasured Stone",
                           "Bloodshot Geode"))),
        StoryBattle(
            nemesis=NEMESES[3], scene="In a cavern deep in the Void, the pool the group came for rises against it.",
            upgraded=("Labyrinth Wraith", "Mage Devourer", "Scour", "Blackened Stars"),
            options=_joins(4),
            reward=StoryReward(mages=("Dezmodia (OC)", "Arachnos (OC)"))),
    ),
)


def available(nemeses: tuple[NemesisDef, ...]) -> tuple[ExpeditionScript, ...]:
    """The story, once the box holds every nemesis it names (each nemesis is a module of its
    own, written apart: until the four are in, the box loads without its story)."""
    return (STORY,) if set(NEMESES) <= {n.id for n in nemeses} else ()
