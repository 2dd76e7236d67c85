"""The commands by name, each a function of the parsed arguments returning the exit status.

``club`` joins the table when the parser is built (:func:`.parser.parser`): its options
are the club's own (:mod:`whistscore.club.cli`).  The journal, the replay and the
settlement are loaded by the commands that read a game (``new``, ``show``,
``settle``...), not by every command: ``whistscore club`` on an archive that is up to
date reads SQLite and needs none of them (issue 24's start-up).
"""

from __future__ import annotations


from .reading import cmd_check, cmd_notation, cmd_rules, cmd_settle, cmd_show
from .sites import cmd_demo, cmd_pocket, cmd_serve
from .workbook import cmd_export, cmd_import
from .writing import cmd_accept, cmd_add, cmd_edit, cmd_end, cmd_new, cmd_set, cmd_undo

__all__ = ["COMMANDS"]

COMMANDS = {
    "new": cmd_new,
    "add": cmd_add,
    "edit": cmd_edit,
    "set": cmd_set,
    "notation": cmd_notation,
    "undo": cmd_undo,
    "end": cmd_end,
    "show": cmd_show,
    "settle": cmd_settle,
    "accept": cmd_accept,
    "export": cmd_export,
    "import": cmd_import,
    "check": cmd_check,
    "rules": cmd_rules,
    "serve": cmd_serve,
    "pocket": cmd_pocket,
    "demo": cmd_demo,
}
