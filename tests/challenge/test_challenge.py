"""The seeded challenge (``gravehold.challenge``): a set follows from its id alone, a person's
game is the bots' deal, bad ids, numbers and names are refused by name, and the store keeps
people's and the bots' results side by side, on SQLite and on PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from databases import BACKENDS, database_url
from gravehold.challenge import (
    BOXES,
    ChallengeError,
    ChallengeStore,
    bots,
    challenge_id,
    player_name,
    setup_of,
    setups,
    this_week,
)
from gravehold.challenge import sets as sets_module
from gravehold.challenge.store import Result
from gravehold.content import registry
from gravehold.sim.run import Setup, nemeses_of, play_out

FORMS = "write a week as YYYY-Www (e.g. 2026-W49) or a seed as seed-N (N a whole number from 0)"


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ChallengeStore]:
    gen = database_url(request.param, tmp_path)
    cs = ChallengeStore.open(next(gen))
    yield cs
    cs.store.engine.dispose()
    next(gen, None)


def test_challenge_the_boxes_it_draws_from_exist() -> None:
    assert [registry.box(b).id for b in BOXES] == ["AE", "WE"]


def test_challenge_ids_have_one_spelling_and_this_week_is_the_iso_week() -> None:
    assert [challenge_id(x) for x in ("2026-W49", "2026-w5", " 2026-W05 ", "seed-0", "seed-007")] == [
        "2026-W49", "2026-W05", "2026-W05", "seed-0", "seed-7"]
    assert this_week(date(2026, 12, 4)) == "2026-W49"
    assert this_week(date(2027, 1, 1)) == "2026-W53"  # ISO: the week of a Thursday in 2026


@pytest.mark.parametrize(("bad", "message"), [
    ("2026-W99", f"challenge id '2026-W99': 2026 has no week 99 (its weeks are 1 to 53); {FORMS}"),
    ("2025-W53", f"challenge id '2025-W53': 2025 has no week 53 (its weeks are 1 to 52); {FORMS}"),
    ("seed--3", f"challenge id 'seed--3': the seed must be a whole number from 0 to 2^63 − 1; {FORMS}"),
    ("seed-9223372036854775808",
     f"challenge id 'seed-9223372036854775808': the seed must be a whole number from 0 to 2^63 − 1; {FORMS}"),
    ("banana", f"challenge id 'banana': not a challenge id; {FORMS}"),
    ("", f"challenge id '': not a challenge id; {FORMS}"),
])
def test_challenge_a_bad_id_is_refused_naming_it_and_the_forms(bad: str, message: str) -> None:
    with pytest.raises(ChallengeError) as e:
        challenge_id(bad)
    assert (str(e.value), e.value.field) == (message, "id")


def test_challenge_a_set_is_five_setups_of_the_measured_boxes_the_same_every_time() -> None:
    a = setups("2026-W49")
    sets_module.setups.cache_clear()
    sets_module._dealt.cache_clear()
    b = setups("2026-w49")
    assert a == b and len(a) == 5
    assert [s.number for s in a] == [1, 2, 3, 4, 5]
    assert len({s.nemesis for s in a}) == 5 and {s.nemesis for s in a} <= set(nemeses_of("AE", "WE"))
    for s in a:
        assert s.setup == Setup(nemesis=s.nemesis, mages=("random", "random"), market="random",
                                difficulty="normal", boxes=("AE", "WE"))
        assert s.challenge == "2026-W49" and 0 <= s.seed < 2**31
        # the same game twice, whole: its state's JSON
        assert s.game().to_json() == s.game().to_json()
        g = s.game()
        assert s.mages == tuple(p.mage for p in g.state.players) and s.supply == tuple(g.state.supply_names)
        assert {registry.MAGES[m].box for m in s.mages} <= {"AE", "WE"}


def test_challenge_different_weeks_and_seeds_give_different_sets() -> None:
    keys = {tuple((s.nemesis, s.seed) for s in setups(cid)) for cid in ("2026-W48", "2026-W49", "2027-W49",
                                                                        "seed-0", "seed-1")}
    assert len(keys) == 5


def test_challenge_a_persons_game_is_the_bots_deal_with_every_seat_a_person() -> None:
    for s in setups("seed-3"):
        bot, person = s.game().to_dict(), s.human_game(events=False).to_dict()
        assert person["config"].pop("human_seats") == [0, 1]
        assert person == bot


def test_challenge_setup_numbers_run_from_one_to_five() -> None:
    assert setup_of("seed-3", 2) == setups("seed-3")[1] and setup_of("seed-3", "5") == setups("seed-3")[4]
    for bad, shown in ((0, "0"), (6, "6"), ("x", "x"), (None, "NoneType"), (True, "bool")):
        with pytest.raises(ChallengeError) as e:
            setup_of("seed-3", bad)
        assert (str(e.value), e.value.field) == (f"setup {shown}: a challenge's setups are numbered 1 to 5", "setup")


def test_challenge_names_are_trimmed_and_held_to_forty_printable_characters() -> None:
    assert player_name("  Ann Lee ") == "Ann Lee" and player_name("x" * 40) == "x" * 40
    for bad, message in (("   ", "name: is empty; give 1 to 40 printable characters"),
                         ("x" * 41, "name: is 41 characters long; at most 40"),
                         ("a\nb", "name 'a\\nb': holds a character that does not print (a control character or "
                                  "a line break)"),
                         (7, "name: must be text, 1 to 40 printable characters")):
        with pytest.raises(ChallengeError) as e:
            player_name(bad)
        assert (str(e.value), e.value.field) == (message, "name")


def test_challenge_the_bots_are_those_of_challenge_bots_this_gravehold_has() -> None:
    from gravehold.agents import AGENTS

    assert bots() == tuple(b for b in ("heuristic", "planner") if b in AGENTS) and "heuristic" in bots()


def _played(cid: str, number: int, agent: str) -> tuple[object, ...]:
    s = setup_of(cid, number)
    g = s.game()
    play_out(g, agent, s.seed)
    st = g.state
    return (st.result, st.reason, st.turn, st.nemesis.life, st.gravehold)


def test_challenge_bot_results_are_what_play_out_gives_on_the_seed_and_are_kept(store: ChallengeStore) -> None:
    got = store.bot_results("seed-3")
    assert [(r.setup, r.who) for r in got] == [(n, b) for n in range(1, 6) for b in bots()]
    for r in got:
        s = setup_of("seed-3", r.setup)
        assert (r.challenge, r.seed, r.kind, r.game_id) == ("seed-3", s.seed, "bot", None)
        assert (r.result, r.reason, r.turns, r.nemesis_life, r.gravehold_life) == _played("seed-3", r.setup, r.who)
    assert store.bot_results("seed-3") == got  # kept: read back, not played again
    assert store.bot_results("seed-4", compute=False) == []
    assert store.bot_results("seed-3", fresh=True) == got  # played again: the same, and no row twice
    assert len(store.results("seed-3")) == len(got)


def test_challenge_people_s_results_stand_beside_the_bots(store: ChallengeStore) -> None:
    from gravehold.campaigns.battle import concede

    s = setup_of("seed-3", 2)
    g = s.human_game()
    concede(g)
    ann = store.record("seed-3", 2, "  Ann ", "human", game=g)
    assert ann == Result("seed-3", 2, s.seed, "Ann", "human", "loss", "conceded", g.state.turn,
                         g.state.nemesis.life, g.state.gravehold, None)
    won = store.record("seed-3", 4, "Bo", "human", result="win", reason="nemesis_defeated", turns=20,
                       nemesis_life=0, gravehold_life=11)
    table = store.table("seed-3")
    assert table["id"] == "seed-3" and table["bots"] == list(bots())
    assert [x["number"] for x in table["setups"]] == [1, 2, 3, 4, 5]  # type: ignore[index]
    two = table["setups"][1]  # type: ignore[index]
    assert two["results"][-1] == ann.doc() and [r["kind"] for r in two["results"]] == ["bot"] * len(bots()) + [
        "human"]
    assert table["win_rates"]["people"] == {"rate": 0.5, "played": 2}  # type: ignore[index]
    assert [r for r in store.results("seed-3") if r.kind == "human"] == [ann, won]
    with pytest.raises(ChallengeError, match="name: is empty"):
        store.record("seed-3", 2, "", "human", game=g)
    with pytest.raises(ChallengeError, match="setup 9: a challenge's setups are numbered 1 to 5"):
        store.record("seed-3", 9, "Ann", "human", game=g)
    assert len([r for r in store.results("seed-3") if r.kind == "human"]) == 2  # nothing stored by a refusal


def test_challenge_a_browser_game_is_linked_when_it_starts_and_finished_once(store: ChallengeStore) -> None:
    from gravehold.record import setup_config

    s = setup_of("seed-3", 1)
    g = s.human_game()
    store.store.create("g1", "me", "t", setup_config(g), [{"kind": "human"}] * 2, "spec", g)
    started = store.start("seed-3", 1, "Cy", "g1")
    assert (started.result, started.game_id) == (None, "g1") and store.of_game("g1") == started
    assert store.waiting() == ["g1"]
    assert store.finish("g1", g) is False  # not over: nothing filled in
    from gravehold.campaigns.battle import concede

    concede(g)
    assert store.finish("g1", g) is True and store.finish("g1", g) is False
    done = store.of_game("g1")
    assert done is not None and (done.result, done.reason, done.who) == ("loss", "conceded", "Cy")
    assert store.waiting() == [] and store.of_game("nope") is None


def test_challenge_the_planner_joins_the_bots_when_this_gravehold_has_it(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With or without a ``planner`` agent: here one stands in for it (the random agent)."""
    from gravehold.agents import AGENTS, RandomAgent

    monkeypatch.delitem(AGENTS, "planner", raising=False)
    assert bots() == ("heuristic",)
    cs = ChallengeStore.open(f"sqlite:///{tmp_path / 'c.db'}")
    assert [r.who for r in cs.bot_results("seed-5")] == ["heuristic"] * 5
    monkeypatch.setitem(AGENTS, "planner", RandomAgent)
    assert bots() == ("heuristic", "planner")
    got = cs.bot_results("seed-5")  # the planner's are played now; the heuristic's are read back
    assert [(r.setup, r.who) for r in got] == [(n, b) for n in range(1, 6) for b in ("heuristic", "planner")]
    for r in got:
        assert (r.result, r.reason, r.turns, r.nemesis_life, r.gravehold_life) == _played("seed-5", r.setup, r.who)
    assert cs.table("seed-5")["bots"] == ["heuristic", "planner"]
    cs.store.engine.dispose()


def test_challenge_a_bot_s_result_on_a_setup_is_stored_once_a_person_s_as_often_as_played(
        store: ChallengeStore) -> None:
    from sqlalchemy.exc import IntegrityError

    from gravehold.storage.models import ChallengeResultRow

    def row(kind: str, who: str) -> ChallengeResultRow:
        return ChallengeResultRow(challenge_id="seed-3", setup=1, seed=1, who=who, kind=kind, result="loss")

    with store.sessions.begin() as s:
        s.add_all([row("bot", "heuristic"), row("human", "Ada"), row("human", "Ada")])
    with pytest.raises(IntegrityError), store.sessions.begin() as s:  # a second server's copy is refused
        s.add(row("bot", "heuristic"))
    kept = [(r.kind, r.who) for r in store.results("seed-3")]
    assert sorted(kept) == [("bot", "heuristic"), ("human", "Ada"), ("human", "Ada")]
