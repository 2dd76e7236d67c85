"""The scorepad's own words in English and Russian (the sheet's words are i18n's).

The language comes from a ``?lang=`` switch (kept in a cookie) or the
browser's Accept-Language; anything else falls back to English.
"""

from __future__ import annotations

from typing import Mapping

__all__ = ["WORDS", "pick_lang", "words"]

WORDS: dict[str, tuple[str, str]] = {
    "app": ("Scorepad", "Запись"),
    "games": ("Games", "Игры"),
    "no_games": ("No games in this folder yet.", "В этой папке пока нет игр."),
    "new_game": ("New game", "Новая игра"),
    "name": ("File name", "Имя файла"),
    "game": ("Game", "Игра"),
    "players": ("Players, in seating order", "Игроки по порядку мест"),
    "player_n": ("Player {0}", "Игрок {0}"),
    "optional": ("if playing", "если играет"),
    "earlier_players": ("As in an earlier game:", "Как в прошлой игре:"),
    "preset": ("Preset", "Пресет"),
    "options": ("Options (one name=value a line)", "Опции (по одной в строке: имя=значение)"),
    "stake": ("Stake (money per unit)", "Ставка (деньги за единицу)"),
    "currency": ("Currency", "Валюта"),
    "currency_eg": ("EUR", "руб."),
    "name_eg": ("friday", "2026-12-01"),
    # the browser shows this when the name does not fit its pattern (spec serve.md: file
    # names are [A-Za-z0-9._-])
    "name_rule": ("Latin letters, digits, dots, dashes and _ only, e.g. friday-2",
                  "Только латинские буквы, цифры, точка, дефис и _, например 2026-12-01"),
    "earlier_deals": ("… {0} earlier deals: show all", "… ещё сдач выше: {0} — показать все"),
    "eg": ("e.g.", "напр."),
    "title": ("Title", "Название"),
    "create": ("Create", "Создать"),
    "deals": ("Deals", "Сдачи"),
    "finished": ("finished", "закончена"),
    "playing": ("playing", "идёт"),
    "unreadable": ("cannot be read", "не читается"),
    "balance": ("Balance", "Баланс"),
    "next_dealer": ("Next dealer", "Следующий сдаёт"),
    "dealer": ("Dealer", "Сдаёт"),
    "sits_out": ("sits out", "на прикупе"),
    "game_over": ("The game is finished: settle up.", "Игра закончена: расчёт."),
    "record": ("Record the deal", "Записать сдачу"),
    "save_edit": ("Replace deal {0}", "Заменить сдачу {0}"),
    "cancel": ("Cancel", "Отмена"),
    "details": ("details", "подробнее"),
    "notation": ("Or type it in short notation", "Или коротко, нотацией"),
    "notation_help": ("Examples", "Примеры"),
    "notation_short": ("notation", "запись"),
    "add": ("Add", "Добавить"),
    "note": ("Note", "Примечание"),
    "undo": ("Undo last deal", "Отменить последнюю сдачу"),
    "undo_q": ("Drop deal {0}?", "Удалить сдачу {0}?"),
    "edit": ("edit", "изменить"),
    "editing": ("Editing deal {0}", "Изменение сдачи {0}"),
    "settle": ("Settle", "Расчёт"),
    "download_xlsx": ("Workbook (.xlsx)", "Скачать таблицу"),
    "download_json": ("Game file (.json)", "Скачать файл игры"),
    "back": ("All games", "Все игры"),
    "table": ("Back to the table", "К столу"),
    "money": ("Money", "Деньги"),
    "transfers": ("Who pays whom", "Кто кому платит"),
    "no_transfers": ("Nobody owes anything.", "Никто никому не должен."),
    "unit.vist": ("vists", "висты"),
    "unit.point": ("points", "очки"),
    "recorded": ("Deal {0} recorded.", "Сдача {0} записана."),
    "replaced": ("Deal {0} replaced.", "Сдача {0} заменена."),
    "dropped": ("Deal {0} dropped.", "Сдача {0} удалена."),
    "already": ("Deal {0} was already recorded.", "Сдача {0} уже была записана."),
    "not_dropped": ("Nothing dropped: the game changed on another phone; look at it again.",
                    "Ничего не удалено: игру изменили с другого телефона; посмотрите ещё раз."),
    "end": ("End the evening here", "Закончить вечер здесь"),
    "end_q": ("End the game now, settled as it stands?", "Закончить игру сейчас, с расчётом как есть?"),
    "ended": ("The game is ended here and settled as it stands.",
              "Игра закончена здесь, расчёт как есть."),
    "reopen": ("Go on playing", "Продолжить игру"),
    "reopened": ("The game goes on.", "Игра продолжается."),
    "settings": ("Rules, stake and title", "Правила, ставка и название"),
    "save": ("Save", "Сохранить"),
    "saved": ("Saved.", "Сохранено."),
    "to_sheet": ("Sheet ↓", "Запись ↓"),
    "redo": ("Put deal {0} back", "Вернуть сдачу {0}"),
    "changed": ("The game changed on another phone; the page shows it now.",
                "Игру изменили с другого телефона; страница обновлена."),
    "also": ("Deal {0} was just recorded on another phone — record this one too?",
             "Сдачу {0} только что записали с другого телефона — записать и эту?"),
    "offline": ("No connection to the scorepad.", "Нет связи с сервером."),
    "lang": ("Русский", "English"),
    "total": ("total", "всего"),
    "alone": ("alone", "один"),
    # the pocket site (the scorepad inside the phone's browser, whistscore.pocket)
    "pocket_no_games": ("No games on this phone yet.", "На этом телефоне пока нет игр."),
    "pocket_stores_title": ("What this page stores", "Что хранит эта страница"),
    "pocket_stores": ("The game files, and only them, in this browser's own storage "
                      "(IndexedDB) on this phone; nothing is sent anywhere. Each deal is "
                      "saved there before it is shown as recorded. Clearing this site's data "
                      "in the browser deletes the games: export the ones you keep (on a "
                      "game's page, the two buttons at the bottom).",
                      "Файлы игр, и только их, — в хранилище этого браузера (IndexedDB) на "
                      "этом телефоне; никуда ничего не отправляется. Каждая сдача сохраняется "
                      "там прежде, чем показана записанной. Если стереть данные этого сайта в "
                      "браузере, игры пропадут: сохраняйте нужные (на странице игры — две "
                      "кнопки внизу)."),
    "pocket_import": ("Open a game file (.json)", "Открыть файл игры (.json)"),
    "pocket_loading": ("Starting the scorepad on this phone…",
                       "Запись запускается на этом телефоне…"),
    "pocket_failed": ("The scorepad could not start in this browser.",
                      "Запись не запустилась в этом браузере."),
    "pocket_address": ("No laptop next time? The scorepad on one phone:",
                       "В другой раз без ноутбука? Запись на одном телефоне:"),
    "pocket_not_saved": ("Not saved: this browser's storage refused the write; the game is "
                         "as it was.",
                         "Не сохранено: хранилище браузера не приняло запись; игра осталась "
                         "как была."),
}


def words(lang: str) -> Mapping[str, str]:
    i = 1 if lang == "ru" else 0
    return {k: v[i] for k, v in WORDS.items()}


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    for choice in (query, cookie):
        if choice in ("en", "ru"):
            return choice
    best = "en"
    weight = -1.0
    for part in (accept or "")[:200].split(","):
        tag, _, q = part.strip().partition(";q=")
        tag = tag.strip().lower()[:2]
        try:
            w = float(q) if q else 1.0
        except ValueError:
            continue
        if tag in ("en", "ru") and w > weight:
            best, weight = tag, w
    return best
