"""Settlement of a round's wagers: House Money wagers after the initial four cards
(§ 631a.9(e)), the result announced, losing wagers collected and winners paid from
the highest seat down with each seat's vigorish (§ 631a.12, § 631a.13)."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Optional

from . import wagers as W
from .table import Round, Table, Wager, _money, _s


class Settling:
    """The settlement steps of :class:`.game.ReferenceGame` (a mixin: it calls the
    game's ``settle``, ``point_count`` and other rule methods, which a subclass may
    override)."""

    # ------------------------------------------------------------ House Money (§ 631a.9(e))
    def initial_settlement_order(self, table: Table) -> list[Wager]:
        """Wagers settled after the first four cards, from the dealer's right moving
        counterclockwise: ascending seat numbers (§ 631a.9(e)(1))."""
        return sorted((w for w in table.wagers if W.WAGER_KINDS[w.wager_type].phase == "initial"),
                      key=lambda w: w.seat)

    def house_money_portion(self, table: Table, winnings: Decimal) -> Decimal:
        """§ 631a.9(e)(1)(i): all of the payout, or the Rules Submission's portion."""
        portion = str(((table.rules.get("wagers") or {}).get("house_money") or {}).get("portion", "all"))
        if portion == "all":
            return winnings
        return (winnings * Decimal(portion.rstrip("%")) / 100).quantize(Decimal("0.01"), rounding=ROUND_FLOOR)

    def _house_money_add(self, table: Table, rnd: Round, wager: Wager, choice: Optional[dict]) -> None:
        result = rnd.results[wager.wager_id]
        add = (choice or {}).get("house_money_add") or "none"
        if result["result"] != "win" or add == "none":
            return
        target = next((w for w in table.wagers if w.seat == wager.seat and w.wager_type in ("banker", "player")),
                      None)
        if target is None:
            return
        winnings = Decimal(result["paid"]) - wager.amount
        amount = self.house_money_portion(table, winnings)
        if add != "all":
            amount = min(amount, _money(add, "house_money_add"))
        if amount <= 0:
            return
        target.amount += amount
        result["paid"] = _s(Decimal(result["paid"]) - amount)
        rnd.events.append({"type": "house_money_added", "seat": wager.seat, "wager_id": target.wager_id,
                           "amount": _s(amount)})

    # ------------------------------------------------------------ result
    def announce_result(self, table: Table, hands: W.Hands, events: list[dict]) -> None:
        """§ 631a.12(a): final Point Counts, the winning hand or "tie hand", and on an
        EZ Baccarat table "Dragon 7" / "Panda 8"."""
        winner = hands.winner
        events.append({"type": "announcement", "text": f"player {self.point_count(hands.player)}"})
        events.append({"type": "announcement", "text": f"banker {self.point_count(hands.banker)}"})
        events.append({"type": "announcement", "text": "tie hand" if winner == "tie" else f"{winner} wins"})
        if hands.ez and hands.dragon_7:
            events.append({"type": "announcement", "text": "Dragon 7"})
        if hands.ez and hands.panda_8:
            events.append({"type": "announcement", "text": "Panda 8"})

    def announce_extra(self, table: Table, hands: W.Hands, events: list[dict]) -> None:
        """Hook for variant announcements (e.g. "Lucky Six"): the calls of :data:`W.ANNOUNCERS`."""
        for announcer in W.ANNOUNCERS:
            text = announcer(hands)
            if text:
                events.append({"type": "announcement", "text": text})

    def _settle_now(self, table: Table, wager: Wager, hands: W.Hands, events: list[dict]) -> dict:
        s = self.settle(table, wager, hands)
        if s.result == "lose":
            events.append({"type": "collect", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(wager.amount)})
        elif s.result == "win":
            events.append({"type": "pay", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(s.paid - wager.amount)})
        else:
            events.append({"type": "push", "seat": wager.seat, "wager_id": wager.wager_id,
                           "amount": _s(wager.amount)})
        return self._result(wager, s)

    def payout_order(self, seats: set[int]) -> list[int]:
        """§ 631a.12(b): from the highest-numbered seat down."""
        return sorted(seats, reverse=True)

    def _settle_final(self, table: Table, hands: W.Hands, results: dict, events: list[dict]) -> None:
        """§ 631a.12(b): collect every losing wager, then pay from the highest-numbered
        seat down, each seat's vigorish marked or collected right after its payment."""
        pending = [w for w in table.wagers if w.wager_id not in results]
        settled = {w.wager_id: self.settle(table, w, hands) for w in pending}
        for w in sorted(pending, key=lambda w: w.seat):
            if settled[w.wager_id].result == "lose":
                events.append({"type": "collect", "seat": w.seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
        for seat in self.payout_order({w.seat for w in pending}):
            vig = Decimal("0")
            for w in pending:
                s = settled[w.wager_id]
                if w.seat != seat or s.result == "lose":
                    continue
                if s.result == "win":
                    events.append({"type": "pay", "seat": seat, "wager_id": w.wager_id,
                                   "amount": _s(s.paid - w.amount)})
                else:
                    events.append({"type": "push", "seat": seat, "wager_id": w.wager_id, "amount": _s(w.amount)})
                vig += s.vigorish
            if vig:
                events.append(self.charge_vigorish(table, seat, vig))
        for w in pending:
            results[w.wager_id] = self._result(w, settled[w.wager_id])

    def charge_vigorish(self, table: Table, seat: int, amount: Decimal) -> dict:
        """§ 631a.13(d): collect at payout, or mark it at the seat's number to collect later."""
        if table.rules.get("vigorish_collection", "at_payout") == "tracked":
            table.vigorish_owed[seat] = table.vigorish_owed.get(seat, Decimal(0)) + amount
            return {"type": "vigorish_marked", "seat": seat, "amount": _s(amount)}
        return {"type": "vigorish_collected", "seat": seat, "amount": _s(amount)}

    def _result(self, wager: Wager, s: W.Settlement) -> dict:
        return {**wager.as_dict(), "result": s.result, "paid": _s(s.paid), "vigorish": _s(s.vigorish),
                "outcome": s.outcome}
