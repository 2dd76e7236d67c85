"""Danish call-ace whist (Esmakker), scored with the seed's simple point system.

Every deal is settled on the spot in points: the losers pay the winners, so the
sheet is one column of points per player and the balance is its running total.
The declarer plays with the holder of the called ace against two, or alone
against three; the negative contracts (solo, nolo and their open forms) are
always played alone.  With five at the table the dealer sits the deal out.

Follows seed 004 («Подсчет очков») and spec ``danish.md``.
"""

from .game import GAME

__all__ = ["GAME"]
