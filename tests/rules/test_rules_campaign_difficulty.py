"""C-16: a nemesis' increased difficulty is played only outside a Legacy campaign.

A campaign battle is set up with ``campaign=True`` (the campaign layer does it): such a setup
refuses the difficulties that play increased difficulty, by name, and a battle at normal
keeps the flag through a save, a reload and a record's replay.
"""

from __future__ import annotations

import pytest

from gravehold import Game
from gravehold.errors import SetupError
from gravehold.record import setup_config

MAGES = ["Kadir (LOG)", "Indira (LOG)"]


@pytest.mark.parametrize("difficulty", ["expert", "extinction"])
def test_C_16_a_campaign_battle_refuses_the_nemesis_increased_difficulty(difficulty: str) -> None:
    with pytest.raises(SetupError, match=rf"difficulty {difficulty}: a campaign battle is played without the "
                                         r"nemesis' increased difficulty \(C-16\); use beginner or normal"):
        Game.new(MAGES, nemesis="Griefweaver", difficulty=difficulty, campaign=True)
    g = Game.new(MAGES, nemesis="Griefweaver", difficulty=difficulty)  # a single game may (C-16, S-9)
    assert g.state.config["expert"] is True and "campaign" not in g.state.config


@pytest.mark.parametrize("difficulty", ["beginner", "normal"])
def test_C_16_a_campaign_battle_keeps_its_flag_through_a_save_and_a_replay(difficulty: str) -> None:
    g = Game.new(MAGES, nemesis="Paradox of Myth and Bone", difficulty=difficulty, seed=3, campaign=True)
    assert g.state.config["campaign"] is True and g.state.config["expert"] is False
    again = Game.from_json(g.to_json())
    assert again.state == g.state
    stored = setup_config(g)  # what a record or a database row keeps of the setup
    assert stored["campaign"] is True
    replayed = Game.from_config(stored)
    assert replayed.state.config == g.state.config and replayed.state.nemesis.deck == g.state.nemesis.deck
