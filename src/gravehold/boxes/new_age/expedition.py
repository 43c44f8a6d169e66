"""The New Age's scripted first expedition (XS-2 … XS-6), as data.

The printed expedition deck tells a story between its battles; that text is not reproduced
here. What the engine needs is its shape: the Barracks at the start (XS-2: four mages and the
nine supply piles of the first packet), the nemesis each battle names, the upgraded basic
nemesis cards the group receives before a battle (XS-6: they go into every later nemesis
deck), and each won battle's reward (XS-5). The one-line scenes are this project's own.

The story gives no support after a lost battle (X-8 is for random expeditions; XS-7): a lost
battle is simply fought again.
"""

from __future__ import annotations

from ...boxapi import ExpeditionScript, StoryBattle, StoryReward

FIRST_EXPEDITION = ExpeditionScript(
    id="new_age", name="The New Age: the first expedition", box="NA", prebuilt_first_deck=True,
    mages=("Gygar", "Taqren", "Claudia", "Sahala"),
    supply=("Exogranite", "Recurring Jasper", "Energized Rubidium", "Galvanized Bauble", "Aether Conduit",
            "Tethered Darts", "Force Amplifier", "Imbued Smash", "Pattern Strike"),
    battles=(
        StoryBattle(
            nemesis="Maggoth", scene="Searching for a missing patrol, the group is cut off in the marsh.",
            reward=StoryReward(
                supply=("Resonant Pearl", "Caged Fire", "Well of Energy", "Spirit Lift"), mages=("Rhia",),
                treasures=("Brama's Buried Light", "Garu's Torch", "Kadir's Emerald Shard", "Mist's Garnet Shard",
                           "Xaxo's Pyre"))),
        StoryBattle(
            nemesis="Arachnos", scene="A lost mage leads the way to the web where the commander is held.",
            upgraded=("Wreck", "Sky Tremor", "Engulfing Madness", "Separate", "Ray of Desolation", "Sacrifice",
                      "Eradicate"),
            reward=StoryReward(
                supply=("Pain Conduit", "Fatal Harmony", "Bouncing Boom"), mages=("Soskel",),
                treasures=("Carapace Fragment", "Imbued Shackles", "Shimmering Cloak of the Magus",
                           "Bones of Deathmind"))),
        StoryBattle(
            nemesis="Ageless Walker", scene="Deeper in the forest, something old has woken.",
            upgraded=("Hissing Acid", "Marked", "Flash of Decay", "Terrify"),
            reward=StoryReward(
                supply=("Unrefined Blaststone", "Link Conduit", "Reverberating Shock"), mages=("Talix",),
                treasures=("Verdant Staff", "Flowing Mantle", "Forgotten Trinket", "Accelerating Gauntlets",
                           "Shroud of Obfuscation", "Precision Magnifier"))),
        StoryBattle(
            nemesis="Fenrix", scene="With the whole patrol found, one hunter stands between the group and home.",
            upgraded=("Thunderous Tempest", "Burialskulk", "Bane Commander", "Needle Doom")),
    ),
)

EXPEDITIONS = (FIRST_EXPEDITION,)
