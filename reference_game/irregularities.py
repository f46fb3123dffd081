"""Irregularities of § 631a.15 (a card drawn in error, a third card dealt to the
Player's Hand in error, a card found face up), staged in test mode with
``deal_round(irregularity={"kind": ..., "disclosed": ...})``: see
:meth:`.game.ReferenceGame.op_deal_round`."""

from __future__ import annotations

from typing import Optional

from .table import GameError, Round, Table

IRREGULARITIES = ("card_drawn_in_error", "player_third_card_in_error", "card_face_up")


class Irregularities:
    """The irregularity procedures of :class:`.game.ReferenceGame` (a mixin: it calls
    the game's rule and round methods, which a subclass may override)."""

    def _irregularity(self, table: Table, irregularity: Optional[dict]) -> tuple[Optional[str], bool]:
        if not irregularity:
            return None, False
        if not table.test_mode:
            raise GameError("invalid_state", "irregularities are staged only in test mode")
        kind = irregularity.get("kind")
        if kind not in IRREGULARITIES:
            raise GameError("invalid_request", f"irregularity kind {kind!r}: expected one of "
                                               f"{', '.join(IRREGULARITIES)}")
        if kind == "player_third_card_in_error":
            upcoming = ([table.carry_card] if table.carry_card else []) + table.shoe.peek(4)  # type: ignore
            if len(upcoming) >= 4:
                p, b = [upcoming[0], upcoming[2]], [upcoming[1], upcoming[3]]
                natural = self.is_natural(p) or self.is_natural(b)
                if not natural and self.player_draws(p, b):
                    raise GameError("invalid_request", "player_third_card_in_error: the Player's Hand "
                                                       f"{' '.join(p)} is entitled to a third card")
        return kind, bool(irregularity.get("disclosed", False))

    def _player_third_card_in_error(self, table: Table, rnd: Round, disclosed: bool) -> Optional[str]:
        """Returns the card that starts a simulated round, "void", or None."""
        card = rnd.take()
        if card is None:
            return "void"
        rnd.events.append({"type": "irregularity", "text": "player_third_card_in_error", "card": card,
                           "face_up": disclosed})
        natural = self.is_natural(rnd.player) or self.is_natural(rnd.banker)
        if not natural and self.banker_draws(rnd.player, rnd.banker):
            rnd.place(card, "banker", face_up=True)  # § 631a.15(b), (c)
            return None
        if not disclosed:
            table.carry_card = card  # § 631a.15(b)
            rnd.dealt.append({"card": card, "to": "next_round"})
            return None
        if table.rules.get("irregularity_procedure", "631a.15(c)(1)") == "631a.15(c)(1)":
            rnd.place(card, "discard", face_up=True)
            extra = rnd.take()
            if extra is not None:
                rnd.place(extra, "discard", face_up=False)
            return None
        return card  # § 631a.15(c)(2)

    def simulated_cards(self, table: Table, rnd: Round, first: str) -> list[str]:
        """Deal a simulated round (no wagers) starting with ``first``: its cards in order."""
        player, banker = [first], []
        cards = [first]

        def take(hand: list[str]) -> bool:
            card = rnd.take()
            if card is None:
                return False
            hand.append(card)
            cards.append(card)
            return True

        if not (take(banker) and take(player) and take(banker)):
            return cards
        if not (self.is_natural(player) or self.is_natural(banker)):
            if self.player_draws(player, banker) and not take(player):
                return cards
            if self.banker_draws(player, banker):
                take(banker)
        return cards

    def _simulated(self, table: Table, rnd: Round, first: str) -> None:
        rnd.events.append({"type": "announcement", "text": "simulated round"})
        for card in self.simulated_cards(table, rnd, first):
            rnd.dealt.append({"card": card, "to": "simulated"})
            rnd.events.append({"type": "card", "card": card, "to": "simulated", "face_up": True})

    def _face_up_round(self, table: Table, rnd: Round, round_id: str) -> dict:
        """§ 631a.15(d): the first card found face up starts a simulated round in which
        no wager is accepted; the wagers stay on the layout for the next round."""
        first = rnd.take()
        if first is None:
            return self._void_round(table, round_id, rnd)
        rnd.events.append({"type": "irregularity", "text": "card_face_up", "card": first, "face_up": True})
        self._simulated(table, rnd, first)
        return self._record(table, round_id, "simulated", rnd.dealt, None, None, None, rnd.events, {},
                            "in_play")
