"""The vectorised runner: every row is the acting player's observation of its own deal, as the
view rebuilds it; finished deals pay their rewards and are dealt again."""

from __future__ import annotations

import numpy as np
import pytest

from bridgeroom.envs.actions import action_id
from bridgeroom.envs.layout import layout_for
from bridgeroom.envs.vector import VectorEnv, random_actions
from bridgeroom.errors import IllegalActionError


@pytest.mark.parametrize("game", ["contract", "auction", "three-handed", "minibridge"])
def test_rows_follow_their_deals(game: str) -> None:
    venv = VectorEnv(game, 6, seed=5)
    batch = venv.reset()
    rng = np.random.default_rng(2)
    layout = layout_for(venv.deals[0].rules_name)
    finished = 0
    for _ in range(400):
        for i, deal in enumerate(venv.deals):
            seat = deal.to_act
            assert batch.players[i] == deal.player_at(seat)
            view = deal.view(seat)
            assert (batch.observations[i] == layout.encode(view)).all()
            assert np.flatnonzero(batch.masks[i]).tolist() == sorted(
                action_id(a) for a in view.legal
            )
        batch = venv.step(random_actions(batch.masks, rng))
        finished += int(batch.done.sum())
        assert (batch.rewards[~batch.done] == 0).all()
        assert (batch.rewards.sum(axis=1) == 0).all()  # every game is zero-sum
    assert finished >= 6


def test_the_same_seed_gives_the_same_deals() -> None:
    first = VectorEnv("contract", 3, seed=9)
    second = VectorEnv("contract", 3, seed=9)
    a, b = first.reset(), second.reset()
    assert (a.observations == b.observations).all()
    assert [d.deal for d in first.deals] == [d.deal for d in second.deals]


def test_bad_actions_are_refused() -> None:
    venv = VectorEnv("contract", 2, seed=1)
    venv.reset()
    with pytest.raises(IllegalActionError, match="one action per deal"):
        venv.step([52])
    with pytest.raises(IllegalActionError, match="no action has id 95"):
        venv.step([52, 95])
