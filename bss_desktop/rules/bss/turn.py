"""Battle Spirits Saga's setup, opening hands and turn (CR 5-2, 6): the steps that run by themselves, and the
flow that runs them until a player must decide."""
from __future__ import annotations

from dataclasses import replace

from ...engine.commands import EndMain, Mulligan
from ...limits import MAX_EVENTS_PER_COMMAND
from ...table import opening
from . import continuous

STARTING_LIFE = 5  # CR 5-2-3
STARTING_RESERVE = 3  # CR 5-2-4 (plus the soul core)
OPENING_HAND = 4  # CR 5-2-5
# More effects than this activating and resolving in one chain (the queue never empty between them) is an infinite
# loop (CR 12-1). One nobody can end — no decision at all, or only decisions that cannot stop it, such as the order
# of simultaneous effects — is a draw (CR 12-1-1-1); a player who can end it does so at their "may" (CR 12-1-1-2: the
# number of yeses is the number they declare), and going past this too is a draw. No real action comes near it:
# the busiest chains of the shipped sets resolve a few dozen.
LOOP_LIMIT = 1000


class SagaTurn:
    """SagaGame's setup, mulligan and the steps of a turn."""

    # the stages that run by themselves (stage -> method; the decision stages wait for a command)
    STAGES = {"start": "_stage_start", "core": "_stage_core", "draw": "_stage_draw", "refresh": "_stage_refresh",
              "main_start": "_stage_main_start", "attack_start": "_stage_attack_start",
              "end_start": "_stage_end_start", "end_cleanup": "_stage_end_cleanup",
              "battle_resolve": "_stage_battle_resolve", "battle_end": "_stage_battle_end"}

    def _setup(self, first_player: int | None, sides: list) -> None:
        """Set up a game (CR 5-2): shuffle, 5 life, 3 cores + soul core, draw 4, decide player one. A profile
        without rules played on this module (the sandbox) is set up as its `setup:` says."""
        if self.profile.id != "bss":
            return self._setup_table(first_player, sides)
        self._deal(first_player)

    def _deal(self, first_player: int | None) -> None:
        """CR 5-2-2…6 (Standard's 6-2-1-2…6 are the same): shuffle, life and reserve, the opening hands, player one."""
        st = self.state
        for p, player in enumerate(st.players):
            st.rng.shuffle(player.deck)  # CR 5-2-2
            self._emit("shuffle", player=p)
        for player in st.players:
            player.life = STARTING_LIFE  # CR 5-2-3
            player.reserve = STARTING_RESERVE  # CR 5-2-4
            player.soul = "reserve"
            st.cores_in_play += STARTING_LIFE + STARTING_RESERVE
        for p in (0, 1):
            self._draw(p, OPENING_HAND)  # CR 5-2-5
        if first_player is None:
            first_player = st.rng.below(2)  # CR 5-2-6: a random method decides
        if first_player not in (0, 1):
            raise ValueError("first_player must be 0, 1 or None")
        st.first_player = st.turn_player = st.decider = first_player
        st.stage = "mulligan"
        self._emit("setup", first_player=first_player)

    def _h_mulligan(self, cmd: Mulligan) -> None:
        self._expect(cmd, ("mulligan",), opening.rule(self.profile), "mulligan")  # Saga: CR 5-2-7
        if self.profile.rules is None:
            return self._table_mulligan(cmd)
        st = self.state
        p = cmd.player
        player = st.players[p]
        self._emit("mulligan", player=p, redraw=cmd.redraw)
        if cmd.redraw:  # hand to the bottom, draw 4, shuffle (CR 5-2-7)
            for iid in list(player.hand):
                self._move_card(iid, "deck", "mulligan", bottom=True)
            self._draw(p, OPENING_HAND)
            st.rng.shuffle(player.deck)
            self._emit("shuffle", player=p)
        else:
            self._draw(p, 1)
        player.mulligan = cmd.redraw
        other = 1 - p
        if st.players[other].mulligan is None:
            st.decider = other
        else:
            st.turn = 1  # CR 5-2-8
            st.turn_player = st.first_player
            st.stage = "start"

    def _run(self) -> None:
        """Advance until a player must decide: resolve waiting effects first (CR 8-5-2-4), then the flow."""
        st = self.state
        while st.result is None:
            if len(self._events) > MAX_EVENTS_PER_COMMAND:  # the work budget: however the cards are written
                self._loop_draw(f"more than {MAX_EVENTS_PER_COMMAND:,} events in one command")
                return
            if self._pending:
                self._flush_triggers()
                if st.pending_cards:  # (a rules module's pending state: Standard's) what its leaving triggered
                    self._settle_pending()
            if st.choice is not None:
                return
            activating = self._activation_waiting() if st.queue else None
            if activating is not None:  # an effect pays its cost before anything resolves (CR 8-5-2-2)
                if self._count_chain():
                    return
                self._activate(activating)
                continue
            if st.pending_destruction and not (st.queue and st.queue[-1].ref[0] == "substitute"):
                self._next_substitution()  # (a substitution being performed finishes first)
                continue
            if st.queue:
                if self._count_chain():
                    return
                self._resolve_next()
                if st.pending_cards:  # an effect its leaving triggered may be done (a pending state: Standard's)
                    self._settle_pending()
                continue
            st.chain = 0  # nothing waits: the chain of effects is over
            stage = self._stages[st.stage]
            if stage is None:
                return
            stage(self)

    def _count_chain(self) -> bool:
        """One more step of the current chain of effects; True if that makes it an infinite loop (CR 12-1)."""
        st = self.state
        st.chain += 1
        if st.chain > LOOP_LIMIT:
            self._loop_draw()
            return True
        return False

    def _loop_draw(self, what: str = f"more than {LOOP_LIMIT} effects in one chain") -> None:
        """CR 12-1-1-1: effects keep activating each other (or one command's effects have done more than any real
        game needs) and nobody ended the loop: the game is a draw, naming the card whose effect was at work."""
        st = self.state
        source = st.queue[-1].source if st.queue else None
        by = f", {self._defs[st.cards[source].cid].name}'s effect among them" if source is not None else ""
        st.queue.clear()
        st.pending_destruction.clear()
        self._pending = []
        self._end_game(None, f"an infinite loop neither player ended: {what}{by} (CR 12-1-1-1)")

    def _begin_step(self, step: str) -> None:
        # CR 6-x-1: effects worded "at the start of the step" activate here (effects issue).
        self._emit("step", turn=self.state.turn, player=self.state.turn_player, step=step)

    def _stage_start(self) -> None:
        st = self.state
        if "life_kept" in self._reads:  # each life as the turn starts (ruling P18; cleared as the turn ends)
            st.turn_log.append(("life_start", st.players[0].life, st.players[1].life))
        self._begin_step("start")
        if not st.players[st.turn_player].deck:  # CR 6-2-2, 9-2-4
            st.players[st.turn_player].deck_out = True
            self._check_winner()
            return
        st.stage = "core"

    def _stage_core(self) -> None:
        st = self.state
        if st.turn > 1:  # CR 6-3-3: no core step on player one's first turn
            self._begin_step("core")
            self._move_cores(st.turn_player, "void", "reserve", 1, False, "core_step", None)  # CR 6-3-2
        st.stage = "draw"

    def _stage_draw(self) -> None:
        self._begin_step("draw")
        self._draw(self.state.turn_player)  # CR 6-4-2
        if self.has_effects:  # "during your draw step, draw 1 additional card": after that draw
            self._fire_side(self.state.turn_player, "draw_step_draw")
        self.state.stage = "refresh"

    def _stage_refresh(self) -> None:
        st = self.state
        p = st.turn_player
        player = st.players[p]
        self._begin_step("refresh")
        for iid in player.field:  # CR 6-5-2
            if self.has_effects and continuous.restricted(self, iid, "cannot_refresh_step"):
                continue  # "it will not refresh during its owner's next refresh step"
            self._set_exhausted(iid, False)
        if st.grants:  # that refresh step has come: those cards refresh again at the next
            own, kept = set(player.field), []
            for g in st.grants:
                if g.what == "cannot_refresh_step" and g.targets & own:
                    if g.targets - own:
                        kept.append(replace(g, targets=g.targets - own))
                else:
                    kept.append(g)
            st.grants = kept
        self._move_cores(p, "trash", "reserve", player.trash_cores, player.soul == "trash", "refresh_step", None)
        st.stage = "main_start"

    def _stage_main_start(self) -> None:
        self._begin_step("main")
        self.state.stage = "main"

    def _stage_attack_start(self) -> None:
        self._begin_step("attack")
        self.state.stage = "attack"

    def _stage_end_start(self) -> None:
        self._begin_step("end")  # CR 6-8-1-1: end-of-turn triggers activate here (effects issue)
        self.state.stage = "end_cleanup"

    def _stage_end_cleanup(self) -> None:
        st = self.state
        # CR 6-8-1-2: "during this turn" effects become inactive
        if st.continuous:
            st.continuous = [e for e in st.continuous if e.duration != "turn"]
        if st.grants:
            st.grants = [g for g in st.grants if g.duration != "turn"]
        st.raid_uses.clear()  # CR 11-12-1: 【Raid】 counts per turn
        st.effect_uses.clear()  # STD 12-3-1: 〔Once per turn〕 likewise
        st.spirits_destroyed = [0, 0]  # "has been destroyed this turn" (CR 6-8-1-2: the turn ends)
        st.effect_draws = [0, 0]  # "used an effect they control to draw a card this turn"
        st.delayed = []  # a moment of this turn still awaited has passed
        st.magic_uses.clear()  # "the first magic card you use each turn" (docs/saga-rulings.md, Costs: Next-1)
        st.cost_next.clear()  # "the next magic card you use this turn" likewise
        st.temporary = []  # "during this turn, when ..." (CR 6-8-1-2)
        st.turn_log = []  # "the first time ... each turn" (ruling T3)
        self._manage()
        if st.result is not None or st.queue or st.choice is not None:
            return
        st.turn += 1  # CR 6-8-1-3
        st.turn_player = 1 - st.turn_player
        st.stage = "start"

    def _h_end_main(self, cmd: EndMain) -> None:
        self._expect(cmd, ("main",), "CR 6-6-1-2-5", "ending the main step")
        # CR 6-7-2: no attack step on player one's first turn
        self.state.stage = "end_start" if self.state.turn == 1 else "attack_start"
