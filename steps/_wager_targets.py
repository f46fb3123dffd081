"""The wager phrase grammar of the step phrases (not a step module: modules whose
name starts with "_" are not loaded as pytest plugins).

A wager phrase (``target``) reads like the regulation:

* ``the Banker's Hand``, ``the Player's Hand``, ``a Tie`` -> banker, player, tie;
* ``<wager name>`` or ``<wager name> on the Player's Hand`` / ``on the Banker's Hand``,
  where the name is a protocol wager type written with spaces (``Dragon Bonus``,
  ``Dragon 7``, ``Perfect Pairs``, ``House Money``) -> ``dragon_bonus`` etc.;
* ``<wager name> "<option>"`` for a wager with a sub-choice: the quoted option in snake
  case, parenthesised words left out (``Rising Phoenix Bonus "Sun 7"`` ->
  ``rising_phoenix_bonus`` with option ``sun_7``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from baccarat_conformance.protocol.vocabulary import WAGER_OPTIONS, WAGER_TYPES

HAND_SUFFIX = re.compile(r"\s+on the (Player|Banker)'s Hand$")
FIXED = {"the banker's hand": "banker", "the player's hand": "player", "a tie": "tie", "the tie": "tie"}
QUOTED_OPTION = re.compile(r'^(?P<name>[^"]*?)\s+"(?P<option>[^"]+)"(?P<rest>.*)$')


@dataclass(frozen=True)
class Target:
    """A wager type and, for wagers placed on a hand, the hand; for a wager with a
    sub-choice, the option. ``phrase`` is the wager phrase as the step wrote it (for
    messages; it takes no part in equality, so a target is the same dictionary key
    however it was written)."""

    wager_type: str
    hand: Optional[str] = None
    option: Optional[str] = None
    phrase: str = field(default="", compare=False)

    def describe(self) -> str:
        name = self.wager_type.replace("_", " ") + (f' "{self.option}"' if self.option else "")
        return f"{name} on the {self.hand.capitalize()}'s Hand" if self.hand else name


def option_name(text: str) -> str:
    """``"Player pair (initial two cards)"`` -> ``"player_pair"``; ``"Sun 7"`` -> ``"sun_7"``."""
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"\([^)]*\)", " ", text).lower()).strip("_")


def parse_target(text: str) -> Target:
    """``"Dragon Bonus on the Player's Hand"`` -> ``Target("dragon_bonus", "player")``.

    :raises ValueError: naming the phrase when it names no protocol wager type, or an
        option the wager type does not have.
    """
    phrase = text
    option = None
    quoted = QUOTED_OPTION.match(text.strip())
    if quoted:
        option = option_name(quoted["option"])
        text = quoted["name"] + quoted["rest"]
    text = text.strip().strip('"')
    if text.lower() in FIXED and option is None:
        return Target(FIXED[text.lower()], phrase=phrase)
    hand = None
    m_ = HAND_SUFFIX.search(text)
    if m_:
        hand = m_.group(1).lower()
        text = text[: m_.start()]
    name = re.sub(r"^(a|an|the)\s+", "", text.strip(), flags=re.I)
    name = re.sub(r"\s+wager$", "", name, flags=re.I)
    wager_type = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    if wager_type not in WAGER_TYPES:
        raise ValueError(f"{text!r} names no wager type; known: {', '.join(WAGER_TYPES)}")
    if option is not None and option not in WAGER_OPTIONS.get(wager_type, (option,)):
        raise ValueError(f"{option!r} is no option of {wager_type}; known: {', '.join(WAGER_OPTIONS[wager_type])}")
    return Target(wager_type, hand, option, phrase=phrase)
