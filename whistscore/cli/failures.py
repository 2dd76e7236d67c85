"""What a command prints when it fails: one line on stderr, in the reader's language,
and the exit status that says whether anything was saved."""

from __future__ import annotations

import errno
import sys

from ..errors import InputError, UsageError, WhistscoreError, terminal_text
from ..games import GAMES, get_game
from ..i18n import error_line, said
from .output import quiet, silence_stdout

__all__ = ["after_save", "report_failure", "said_refusal"]


def after_save(command: str, saves: list[str], exc: BaseException) -> int:
    """Something failed after the change was saved: the change stands, exit 0.

    Saying "not changed" here would make the user type the deal again and
    record it twice, so the message says what was saved and what failed.
    """
    if isinstance(exc, BrokenPipeError):
        silence_stdout()  # the reader closed the pipe: nothing more to say
        return 0
    if isinstance(exc, KeyboardInterrupt):
        with quiet():
            sys.stderr.write(f"whistscore {command}: interrupted after the change was saved "
                             f"in {terminal_text(saves[-1])}; it stands\n")
            sys.stderr.flush()
        return 0
    if isinstance(exc, InputError):
        what = str(exc)
    else:
        what = f"{type(exc).__name__}: {exc}"
    with quiet():
        sys.stderr.write(f"whistscore {command}: the change is saved in "
                         f"{terminal_text(saves[-1])}, but showing the result failed "
                         f"({terminal_text(what)})\n")
        sys.stderr.flush()
    return 0


def said_refusal(exc: WhistscoreError, lang: str, hint: str = "") -> str:
    """A refusal in ``lang``: its sentence there, the technical text (deal, field, value,
    rule) after it in brackets; in English the technical text alone, as it always was."""
    if lang != "en" and not getattr(exc, "key", None):  # no sentence of its own: never English alone
        return f"{said('cli.refused', (), lang)} ({exc}{hint})"
    return error_line(exc, [get_game(n) for n in GAMES] if lang != "en" else (), lang, hint)


#: a disk error's cause (its errno) -> its sentence (said in the reader's language)
_DISK_CAUSES = {errno.ENOSPC: "cli.disk_full", errno.EDQUOT: "cli.disk_full",
                errno.EROFS: "cli.disk_read_only", errno.EACCES: "cli.disk_permission",
                errno.EPERM: "cli.disk_permission"}


def report_failure(command: str, exc: BaseException, target: str | None = None,
            lang: str = "en") -> int:
    """Nothing was saved: one line on stderr, exit 1 (the game file is as it was); 2 for
    options that contradict each other (:class:`UsageError`), as argparse's usage errors.

    A disk error names its file: the one the system named, else the command's
    own (a library's temporary file on a full disk names none).  Asked for another
    language (``--lang ru``), a refusal starts with its sentence in it, the technical
    text (deal, field, value, rule) after it in brackets."""
    def say(text: str) -> None:
        with quiet():
            sys.stderr.write(f"{terminal_text(text)}\n")  # one line: names escaped
            sys.stderr.flush()

    if isinstance(exc, WhistscoreError):  # InputError and its kin
        hint = ""
        if isinstance(exc, InputError) and exc.field == "file" \
                and exc.reason == "no such game file":
            hint = "; create it with: whistscore new GAME FILE --players NAME..."
        say(f"whistscore {command}: {said_refusal(exc, lang, hint)}")
        if isinstance(exc, UsageError):
            return 2
    elif isinstance(exc, BrokenPipeError):
        # the reader (``| head``) went away; the command's work is done, say nothing more
        silence_stdout()
    elif isinstance(exc, OSError):
        where = (f": {exc.filename}" if exc.filename
                 else f" ({target} is as it was)" if target else "")
        if lang == "en":
            say(f"whistscore {command}: {exc.strerror or exc}{where}")
        else:  # the system's words stay in brackets, the sentence in the reader's language
            say(f"whistscore {command}: {said(_DISK_CAUSES.get(exc.errno or 0, 'cli.disk_refused'), (), lang)} "
                f"({exc.strerror or exc}{where})")
    elif isinstance(exc, KeyboardInterrupt):
        kept = ("the club's archive is as it was before this command" if command == "club"
                else "the game file is as it was before this command")
        if lang != "en":
            kept = said("cli.interrupted_club" if command == "club" else "cli.interrupted",
                        (), lang)
        if command == "club" and target:  # the season's workbook: nothing was saved
            kept = said("cli.interrupted_export", (target,), lang)
            kept = kept.removeprefix("interrupted; ") if lang == "en" else kept
        say(f"whistscore{' ' + command if command else ''}: interrupted; {kept}"
            if lang == "en" else f"whistscore{' ' + command if command else ''}: {kept}")
    elif isinstance(exc, Exception):  # a bug: still no traceback for the user, but say so
        if lang != "en":
            say(f"whistscore {command}: {said('cli.internal', (), lang)} "
                f"(internal error: {type(exc).__name__}: {exc})")
        else:
            say(f"whistscore {command}: internal error ({type(exc).__name__}: {exc}); "
                "the game file was not changed. Please report this.")
    else:
        raise exc
    return 1
