"""The scorepad's own words in English and Russian (the sheet's words are i18n's).

The language comes from a ``?lang=`` switch (kept in a cookie) or the
browser's Accept-Language; anything else falls back to English.
"""

from __future__ import annotations

from typing import Mapping

from ..language import CORE, ENGLISH, langs

__all__ = ["WORDS", "pick_lang", "words"]

WORDS: dict[str, tuple[str, str]] = {
    # the app is called by its name (issue 36: «Запись» read as "a record", not an app)
    "app": ("whistscore", "whistscore"),
    "join_title": ("Join the table", "Войти за стол"),
    "delete": ("Delete", "Удалить"),
    "delete_q": ("Delete {0}? Tap again", "Удалить {0}? Нажмите ещё раз"),
    "join_how": ("On the laptop that runs the scorepad, the terminal shows a square code: "
                 "point this phone's camera at it. Or type the address printed above it "
                 "(it ends with ?token=…).",
                 "На ноутбуке, где запущена запись, в терминале виден квадратный код — "
                 "наведите на него камеру телефона. Или наберите адрес, напечатанный над ним "
                 "(он кончается на ?token=…)."),
    "games": ("Games", "Игры"),
    "no_games": ("No games in this folder yet.", "В этой папке пока нет игр."),
    "new_game": ("New game", "Новая игра"),
    "name": ("File name", "Имя файла"),
    "game": ("Game", "Игра"),
    "players": ("Players, in seating order", "Игроки по порядку мест"),
    "player_n": ("Player {0}", "Игрок {0}"),
    "optional": ("if playing", "если играет"),
    "earlier_players": ("As in an earlier game:", "Как в прошлой игре:"),
    "preset": ("Rules", "Правила"),
    "options": ("House rules (one name=value a line)",
                "Договорённости (по одной в строке: имя=значение)"),
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
    "deals_first": ("Deals first", "Первым сдаёт"),
    "deals_first_new": ("Deals first: player 1 ({0}); the table page lets you change it "
                        "before the first deal",
                        "Первым сдаёт игрок 1 ({0}); до первой сдачи это можно поменять "
                        "на странице игры"),
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
    "undo": ("↶ Undo", "↶ Отменить"),   # at the top of the table page: short
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
    "recomputed_kept": ("This is the result recorded when the game finished. This whistscore "
                        "settles it otherwise ({0}): {1}. To take the new one: whistscore "
                        "accept FILE.",
                        "Это итог, записанный в конце партии. Эта версия whistscore считает "
                        "иначе ({0}): {1}. Принять новый: whistscore accept ФАЙЛ."),
    "unit.vist": ("vists", "висты"),
    # the stake as players name it when a game is made: the price of the game's unit
    "stake_of.vist": ("Price of a vist", "Цена виста"),
    "stake_of.point": ("Price of a point", "Цена очка"),
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
    # the pocket site's storage, backup, delete and links (whistscore.pocket.pages)
    "pocket_keep_link": ("Storage and backup", "Хранение и резервная копия"),
    "pocket_keep_title": ("Storage and backup", "Хранение и резервная копия"),
    "pocket_stored_title": ("What is stored", "Что хранится"),
    "pocket_stored_count": ("{0} game files, {1} KB, in this browser on this phone.",
                            "Файлов партий: {0}, {1} КБ — в этом браузере на этом телефоне."),
    "pocket_usage": ("This site uses {0} of the {1} the browser allows it.",
                     "Сайт занимает {0} из {1}, которые ему разрешает браузер."),
    "pocket_units": ("KB MB GB", "КБ МБ ГБ"),
    "pocket_persisted": ("The browser has agreed to keep this storage even when space runs "
                         "short.",
                         "Браузер согласился хранить эти данные, даже когда не хватает места."),
    "pocket_not_persisted": ("The browser may clear this storage when space runs short (it "
                             "keeps it for apps on the home screen): back up your games.",
                             "Браузер может стереть эти данные, когда не хватает места (для "
                             "приложений на главном экране он их хранит): сохраняйте копию."),
    "pocket_backup_title": ("Backup", "Резервная копия"),
    "pocket_backup_note": ("One zip file with every game file, byte for byte. Unzipped it is a "
                           "club folder: whistscore club FOLDER reads it. Restore it here or on "
                           "a new phone.",
                           "Один zip-файл со всеми файлами партий, байт в байт. Распакованный, "
                           "это папка клуба: её читает whistscore club ПАПКА. Восстановите его "
                           "здесь или на новом телефоне."),
    "pocket_backup": ("Back up every game (.zip)", "Сохранить все партии (.zip)"),
    "pocket_restore": ("Restore a backup (.zip)", "Восстановить из копии (.zip)"),
    "pocket_restored": ("Restored: {0} new games, {1} already here.",
                        "Восстановлено: новых партий — {0}, уже были здесь — {1}."),
    "pocket_imported_already": ("This game is on this phone already.",
                                "Эта партия уже есть на этом телефоне."),
    "pocket_delete": ("Delete", "Удалить"),
    "pocket_deleted_said": ("Deleted {0}. It can be brought back below for a week.",
                            "Партия {0} удалена. Её можно вернуть ниже в течение недели."),
    "pocket_deleted_title": ("Deleted games (kept for a week)",
                             "Удалённые партии (хранятся неделю)"),
    "pocket_deleted_none": ("None.", "Нет."),
    "pocket_undo_delete": ("Bring back", "Вернуть"),
    "pocket_share": ("Share", "Поделиться"),
    "pocket_share_title": ("This game as a link", "Эта партия — ссылкой"),
    "pocket_share_note": ("Scan the code with another phone's camera, or send the link: the "
                          "whole game is in it, and it goes to no server.",
                          "Наведите камеру другого телефона на код или отправьте ссылку: в ней "
                          "вся партия, и она не уходит ни на какой сервер."),
    "pocket_too_big_for_qr": ("This game is too long for one QR code: send the link, or the "
                              "game file.",
                              "Партия слишком длинная для одного QR-кода: отправьте ссылку "
                              "или файл партии."),
    "pocket_send_link": ("Send the link", "Отправить ссылку"),
    "pocket_copy_link": ("Copy the link", "Скопировать ссылку"),
    "pocket_copied": ("The link is copied.", "Ссылка скопирована."),
    "pocket_link_size": ("The link: {0} characters", "Ссылка: {0} символов"),
    "pocket_shared_title": ("A game shared with you", "С вами поделились партией"),
    "pocket_shared_note": ("Read-only: nothing is stored on this phone until you choose. Keep "
                           "it here to have a copy; continue here to record its next deals on "
                           "this phone.",
                           "Только просмотр: на телефоне ничего не сохраняется, пока вы не "
                           "выберете. «Сохранить здесь» — оставить себе копию; «Продолжить "
                           "здесь» — записывать следующие сдачи на этом телефоне."),
    "pocket_keep_here": ("Keep it here", "Сохранить здесь"),
    "pocket_continue_here": ("Continue here", "Продолжить здесь"),
    # a pocket game's link opened on the laptop's scorepad (web/pages/shared.py)
    "shared_note": ("Read-only: nothing is stored in this folder until you choose.",
                    "Только просмотр: в папку ничего не сохраняется, пока вы не выберете."),
    "shared_here": ("This game is in this folder already:", "Эта партия уже есть в этой папке:"),
    "open_link": ("A game's link from a phone", "Ссылка на партию с телефона"),
    "open_link_go": ("Open", "Открыть"),
    "open_link_bad": ("This is not a game's link: it has no \"#/s/\".",
                      "Это не ссылка на партию: в ней нет «#/s/»."),
    "pocket_already_here": ("This game is on this phone already:", "Эта партия уже есть на "
                            "этом телефоне:"),
    # a *.json file whose name the scorepad does not give (a sync tool's conflict copy)
    "odd_file": ("read-only: a file name the scorepad does not give (a copy?)",
                 "только чтение: такое имя файла запись не даёт (копия?)"),
    "odd_counted": ("The club counts every .json file of the folder, this one too, unless "
                    "it is a copy of another evening (the Club page says so). Remove it if "
                    "it is a copy nobody needs.",
                    "Клуб учитывает все файлы .json в папке, и этот тоже, если это не копия "
                    "другого вечера (об этом скажет страница клуба). Удалите его, если эта "
                    "копия никому не нужна."),
    "odd_remove": ("Remove this file", "Удалить этот файл"),
    "odd_confirm": ("Yes, remove it for good", "Да, удалить насовсем"),
    "odd_removed": ("Removed.", "Удалён."),
    # the scorepad's 500 says what is known: whether the request had saved its change
    "error_unsaved": ("Internal error ({0}); nothing was written.",
                      "Внутренняя ошибка ({0}); ничего не записано."),
    "error_after_save": ("Internal error ({0}) after the change was saved: it WAS saved "
                         "({1}); reload the page to see it.",
                         "Внутренняя ошибка ({0}) уже после записи: изменение СОХРАНЕНО "
                         "({1}); обновите страницу, чтобы его увидеть."),
}


def words(lang: str) -> Mapping[str, str]:
    """The page's words in ``lang`` (the core catalogue's ``web.*`` keys), each key
    without its ``web.`` prefix; a word the language lacks is said in English."""
    found = _WORDS.get(lang)
    if found is None:
        found = {k[4:]: v for k, v in CORE.texts(ENGLISH).items() if k.startswith("web.")}
        if lang != ENGLISH:
            found.update({k[4:]: v for k, v in CORE.texts(lang).items() if k.startswith("web.")})
        _WORDS[lang] = found
    return found


_WORDS: dict[str, dict[str, str]] = {}


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    spoken = langs()
    for choice in (query, cookie):
        if choice in spoken:
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
        if tag in spoken and w > weight:
            best, weight = tag, w
    return best
