"""Sheet words in English and Russian, and the sentence that explains an entry.

The players' own terms (pulya, gora, remark, nota) stay as they are in the
English texts; the Russian texts use the words written on paper.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from .ledger import Entry, Label, Phrase, format_amount

if TYPE_CHECKING:  # a game's own words are read from it; the games import this module's peers
    from collections.abc import Sequence

    from .errors import InputError
    from .game import GameType, RuleText

__all__ = ["LANGS", "CORE_LABELS", "Term", "terms", "term_spans", "text", "rule_name", "explain", "column_name", "detail_text",
           "game_title", "game_name", "preset_name", "plural_ru", "name_case", "pays", "count_deals", "error_message",
           "error_line", "said", "formed",
           "entries_said"]

LANGS = ("en", "ru")

CORE_LABELS: dict[str, tuple[str, str]] = {
    # the players' terms that every game shares, explained in one line where a page shows
    # them (terms(); each game adds its own at the top of its LABELS; docs/glossary.md)
    "term.declarer": ("declarer — the player who won the bidding and plays the contract",
                      "играющий|играющего|играющему|играющим — игрок, который назначил игру и "
                      "играет её"),
    "player": ("Player", "Игрок"),
    "side": ("Side", "Пара"),
    "deal": ("Deal", "Сдача"),
    "dealer": ("Dealer", "Сдающий"),
    "notation": ("Deal played", "Игра"),
    "result": ("Result", "Итог"),
    "balance": ("Balance", "Баланс"),
    "money": ("Money", "Деньги"),
    "total": ("Total", "Итого"),
    "from": ("From", "Кто платит"),
    "to": ("To", "Кому"),
    "amount": ("Amount", "Сумма"),
    "transfers": ("Who pays whom", "Кто кому платит"),
    "settlement": ("Settlement", "Расчёт"),
    "sheet": ("Score sheet", "Запись"),
    "deals": ("Deals", "Сдачи"),
    "entries": ("Entries", "Записи"),
    "rule": ("Rule", "Правило"),
    "note": ("Note", "Примечание"),
    "column": ("Column", "Графа"),
    "against": ("On", "На кого"),
    "change": ("Change {0}", "Изменение {0}"),
    "running": ("Balance {0}", "Баланс {0}"),
    "owes": ("{0} owes", "{0} должен"),
    "unit.vist": ("vists", "висты"),
    "unit.point": ("points", "очки"),
    "finished": ("finished", "закончена"),
    "unfinished": ("not finished", "не закончена"),
    "pulya": ("pulya", "пуля"),
    "gora": ("gora", "гора"),
    "vists": ("vists", "висты"),
    "remark": ("remark", "ремарк"),
    "nota": ("nota", "нота"),
    "points": ("points", "очки"),
    "check": ("Check (formulas)", "Проверка (формулы)"),
    "chart": ("Balance over the deals", "Баланс по сдачам"),
    "stake": ("Stake", "Ставка"),
    "game": ("Game", "Игра"),
    "players": ("Players", "Игроки"),
    "balances_in": ("balances in {0}", "итоги в единицах: {0}"),
    # the deal-by-deal table (whistscore/running.py)
    "running.title": ("The sheet deal by deal (running values)",
                      "Запись по сдачам (нарастающим итогом)"),
    "running.own": ("{0}: {1}", "{0}: {1}"),
    "running.on": ("{0}: {1} on {2}", "{0}: {1} на {2@accusative}"),
    "tricks": ("tricks", "взятки"),
    "honours": ("honours", "онёры"),
    "revoke": ("revoke", "ренонс"),
    "rubber": ("rubber", "роббер"),
    "xl.tab.by_deal": ("By deal", "По сдачам"),
    # how a deal ended (GameType.describe_result)
    "res.made": ("made", "сыграно"),
    "res.made_over": ("made +{0}", "сыграно +{0}"),
    "res.down": ("down {0}", "без {0}"),
    "res.alone": ("alone", "в одиночку"),
    "res.lost": ("lost", "проиграно"),
    # the workbook (whistscore/excel.py)
    "xl.tab.sheet": ("Sheet", "Запись"),
    "xl.tab.deals": ("Deals", "Сдачи"),
    "xl.tab.settlement": ("Settlement", "Расчёт"),
    "xl.tab.chart": ("Chart", "График"),
    "xl.summary": ("{0} deals, {1}; balances in {2}", "сдач: {0}, {1}; итоги в единицах: {2}"),
    "xl.stake": ("stake {0} per unit", "ставка {0} за единицу"),
    "xl.balance_in": ("Balance ({0})", "Итог ({0})"),
    "xl.money_in": ("Money ({0})", "Деньги ({0})"),
    "xl.no_transfers": ("nobody owes anything", "никто никому не должен"),
    "xl.no_date": ("The game file records no dates, so the date of the last deal is unknown.",
                   "В файле партии нет дат, поэтому дата последней сдачи неизвестна."),
    "xl.more": ("... {0} earlier entries (deals {1} to {2}), then:",
                "... ранее записей: {0} (сдачи {1}–{2}), затем:"),
    "xl.cut": ("(cut short here; the full text is in the game file)",
               "(обрезано; полный текст в файле партии)"),
    "xl.pairwise_title": ("Each with each, in {0}", "Каждый с каждым, {0}"),
    "xl.pairwise_how": ("+ the row player wins from the column player, - he loses to him",
                        "+ игрок строки выигрывает у игрока столбца, - проигрывает ему"),
    "xl.exact": ("exactly {0}", "точно {0}"),
    "xl.and": ("{0} & {1}", "{0} и {1}"),
    # a column an entry is written into ("writes 4 into the pulya": Russian accusative)
    "into.pulya": ("pulya", "пулю"),
    "into.gora": ("gora", "гору"),
    "into.remark": ("remark", "ремарк"),
    "into.points": ("points", "очки"),
    "into.tricks": ("tricks", "взятки"),
    "into.honours": ("honours", "онеры"),
    "into.revoke": ("revoke", "ренонс"),
    "into.game": ("game", "партию"),
    "into.rubber": ("rubber", "роббер"),
    # the line add and edit print (text.render_change), show's game status
    "add.deal": ("deal {0} ({1} deals)", "сдача {0} (сдаёт {1})"),
    "add.replaced": ("deal {0} replaced ({1} deals)", "сдача {0} заменена (сдаёт {1})"),
    "add.unchanged": ("no total changed", "итоги не изменились"),
    "on": ("{0} on {1}", "{0} на {1@accusative}"),
    "next.deals": ("next: {0} deals", "дальше сдаёт {0}"),
    "next.sits_out": ("next: {0} deals and sits out", "дальше сдаёт {0} и не играет"),
    "next.finished": ("the game is finished: whistscore settle says who pays whom",
                      "партия закончена: кто кому платит — whistscore settle"),
    "show.finished": ("The game is finished. Balance in {0}: {1}",
                      "Партия закончена. Итог, {0}: {1}"),
    "show.unfinished": ("The game is not finished. Balance in {0} if the game ended now: {1}",
                        "Партия не закончена. Итог, {0}, если бы она закончилась сейчас: {1}"),
    # the command line's status lines (whistscore/cli.py), in the language of --lang
    "cli.already": ("deal {0} already recorded with id {1}; nothing written",
                    "сдача {0} уже записана (id {1}); ничего не записано"),
    "cli.dropped": ("dropped deal {0}: {1}", "сдача {0} отменена: {1}"),
    "cli.wrote_nothing": ("(it wrote nothing)", "(она ничего не записала)"),
    "cli.reopened": ("reopened {0}: {1} {1|deal|deals}, the game goes on",
                     "партия {0} продолжается: {1} {1|сдача|сдачи|сдач}"),
    "cli.ended": ("ended {0} at {1} after {2} {2|deal|deals}; settled as it stands: {3}",
                  "партия {0} закончена в {1} после {2} {2|сдачи|сдач|сдач}; расчёт как есть: {3}"),
    "cli.created": ("created {0}: {1}, players {2}, preset \"{3}\"",
                    "создан файл {0}: {1}, игроки {2}, правила «{3}»"),
    "cli.changed": ("changed {0}: preset \"{1}\"{2}; all {3} {3|deal|deals} still fit",
                    "изменён файл {0}: правила «{1}»{2}; все сдачи ({3}) по-прежнему подходят"),
    "cli.set.stake": (", stake {0}", ", ставка {0}"),
    "cli.set.title": (", title {0}", ", название {0}"),
    "cli.set.place": (", place {0}", ", место {0}"),
    "cli.unscored": ("(it could not be scored: {0})", "(её не удалось посчитать: {0})"),
    "cli.unread": ("(the game did not read or score)", "(партия не читалась или не считалась)"),
    "cli.no_entries": ("(no entries yet)", "(записей пока нет)"),
    "cli.wrote": ("wrote {0}", "записан файл {0}"),
    # the line on a terminal's stderr while long work runs (whistscore/console.py Progress)
    "cli.progress.seconds": ("{0}… {1} s", "{0}… {1} с"),
    "cli.progress.club": ("replaying the club's games", "пересчёт партий клуба"),
    "cli.progress.writing": ("writing {0}", "запись файла {0}"),
    "cli.progress.pocket": ("building the pocket site", "сборка карманного сайта"),
    "cli.demo.written": ("{0} sample files are in {1}; try: whistscore show {2}",
                         "Образцы ({0} {0|файл|файла|файлов}) записаны в {1}; попробуйте: "
                         "whistscore show {2}"),
    "cli.demo.club": ("the sample club: whistscore club {0} --season \"Autumn 2026\"",
                      "клуб-образец: whistscore club {0} --season \"Autumn 2026\""),
    "cli.usage_error": ("the command is not written right; see {0} --help",
                        "команда записана неверно; справка: {0} --help"),
    "cli.refused": ("Not done.", "Не сделано; подробности в скобках."),
    "cli.disk_refused": ("The disk refused it.",
                         "Диск или система не дали это сделать."),
    "cli.interrupted": ("interrupted; the game file is as it was before this command",
                        "прервано; файл партии остался как был до этой команды"),
    "cli.interrupted_club": ("interrupted; the club's archive is as it was before this command",
                             "прервано; архив клуба остался как был до этой команды"),
    "cli.interrupted_export": ("interrupted; {0} was not written",
                               "прервано; файл {0} не записан"),
    # a disk error's sentence, by the system's cause (its own words follow in brackets)
    "cli.disk_full": ("The disk is full; nothing was written.",
                      "Диск заполнен; ничего не записано."),
    "cli.disk_read_only": ("The disk or folder is read-only; nothing was written.",
                           "Диск или папка только для чтения; ничего не записано."),
    "cli.disk_permission": ("Permission is denied; nothing was written.",
                            "Нет прав на запись; ничего не записано."),
    "cli.waiting": ("waiting for another whistscore command on this folder to finish...",
                    "жду, пока закончится другая команда whistscore в этой папке..."),
    "cli.internal": ("internal error; the game file was not changed. Please report this.",
                     "внутренняя ошибка; файл партии не изменён. Пожалуйста, сообщите о ней."),
    "err.cli.no_folder": ("There is no such folder.", "Такой папки нет."),
    "err.cli.not_folder": ("This is a file, not a folder.", "Это файл, а не папка."),
    "err.cli.port": ("A port is a number from 1 to 65535.", "Порт — число от 1 до 65535."),
    "err.cli.demo_taken": ("{0} is there and is not the sample of that name; nothing was "
                           "written: choose another folder.",
                           "{0} уже есть и это не образец с таким именем; ничего не "
                           "записано: выберите другую папку."),
    "cli.serve.extra": ("the scorepad needs the serve extra ({0} not installed); install it "
                        "with: pip install 'whistscore[serve]'",
                        "блокноту нужно дополнение serve (не установлено: {0}); установите "
                        "его: pip install 'whistscore[serve]'"),
    "cli.serve.system": ("the scorepad needs a system that opens files within a folder "
                         "(Linux, macOS); on Windows run it in the container (docs/install.md)",
                         "блокноту нужна система, которая открывает файлы внутри папки (Linux, "
                         "macOS); в Windows запустите его в контейнере (docs/install.md)"),
    "cli.recomputed": ("{0}: the result recorded in the file ({1}: {2}) stands; this "
                       "whistscore settles it otherwise ({3}: {4}); whistscore accept {0} "
                       "takes the new one",
                       "{0}: в файле записан итог ({1}: {2}), он остаётся; эта версия "
                       "считает иначе ({3}: {4}); принять новый: whistscore accept {0}"),
    "cli.accepted": ("{0}: took this whistscore's result ({1}): {2}",
                     "{0}: принят итог этой версии ({1}): {2}"),
    "cli.accept_nothing": ("{0}: the recorded result is what this whistscore settles; "
                           "nothing written",
                           "{0}: записанный итог совпадает с расчётом этой версии; "
                           "ничего не записано"),
    "cli.accept_none": ("{0}: the game is not finished: it keeps no result",
                        "{0}: партия не закончена: итога нет"),
    "show.if_now": ("if the game ended now", "если бы партия закончилась сейчас"),
    "show.ended": ("The players ended the game at {2}, before its end. Balance in {0} as it "
                   "stands: {1}",
                   "Игроки закончили партию досрочно ({2}). Итог, {0}, как есть: {1}"),
    "dates": ("played {0}", "сыграно {0}"),
    "res.caught": ("caught with {0}", "пойман, взяток: {0}"),
    "xl.at": ("Recorded at", "Записано"),
    "res.lost_with": ("lost with {0}", "проиграно, взяток: {0}"),
    # the scorepad's drawn sheet (whistscore/web/draw.py)
    "draw.next_dealer": ("{0} deals next", "Следующим сдаёт {0}"),
    "draw.finished": ("The game is finished: time to settle",
                      "Партия окончена: пора рассчитаться"),
    "draw.earlier": ("… {0} earlier deals", "… ещё сдач выше: {0}"),
    "draw.sits_out": (" and sits the deal out", " и не играет в этой сдаче"),
    # a deal in words (the scorepad's list of deals): "сдаёт Вера", "Аня +4 в пулю"
    "said.deals": ("{0} deals", "сдаёт {0}"),
    "said.into": ("{0} {1} into the {2}", "{0} {1} в {2}"),
    "said.on": ("{0} {1} on {2}", "{0} {1} на {2@accusative}"),
    "said.nothing": ("nothing written", "ничего не записано"),
    "said.tricks": ("{0} {1} for tricks", "{0} {1} за взятки"),
    "said.honours": ("{0} {1} for honours", "{0} {1} за онёры"),
    "said.points": ("{0} {1}", "{0} {1}"),
    # a refused input said in one short sentence (i18n.error_message; the game's own in its
    # LABELS as err.<key>); the technical text stays behind "details"
    "err.game_over": ("The game is over: no deal can follow.",
                      "Партия окончена: новых сдач нет."),
    "err.missing_tricks": ("How many tricks did {0} take?", "Сколько взяток у {0@genitive}?"),
    "err.tricks_total": ("The tricks add up to {1}; they must make {0}.",
                         "Взяток всего {1}, а должно быть {0}."),
    "err.not_a_player": ("{0} does not play in this game.", "{0} не играет в этой партии."),
    "err.field": ("Not recorded: check {0}.", "Не записано: проверьте поле «{0}»."),
    "err.any": ("Not recorded: check what was typed.", "Не записано: проверьте запись."),
    "err.this_field": ("this field", "это поле"),
    "err.missing_field": ("Fill in {field}.", "Заполните поле «{field}»."),
    "err.unknown_field": ("There is no field \"{0}\" here.", "Поля «{0}» здесь нет."),
    "err.deal_object": ("A deal is written as an object of its fields.",
                        "Сдачу записывают объектом с полями."),
    "err.player_text": ("Name the player.", "Назовите игрока по имени."),
    "err.flag": ("{field}: write true or false.", "Поле «{field}»: только «true» или «false»."),
    "err.count": ("Write a whole number from {0} to {1} for {field}.",
                  "Поле «{field}»: нужно целое число от {0} до {1}."),
    "err.whole": ("Write a whole number for {field}.", "Поле «{field}»: нужно целое число."),
    "err.twice": ("Give {field} only once.", "Поле «{field}» указано дважды."),
    "err.tricks_object": ("Give each player's tricks.", "Укажите взятки каждого игрока."),
    "err.notation_text": ("Type the deal as one line.", "Сдачу пишут одной строкой."),
    "err.notation_empty": ("The deal is empty: type it.", "Сдача пустая: напишите её."),
    "err.long_number": ("That number is far too long for a count.",
                        "Слишком длинное число: такого счёта не бывает."),
    "err.long_deal": ("The deal is too long: at most {0} characters.",
                      "Сдача слишком длинная: не больше {0} знаков."),
    "err.not_text": ("{field}: this is not text that can be read.",
                     "Поле «{field}»: это не читаемый текст."),
    "err.note_text": ("The note is text.", "Примечание — это текст."),
    "err.id": ("A deal's id is 1 to {0} printable characters.",
               "Номер сдачи от телефона — от 1 до {0} печатных знаков."),
    "err.id_twice": ("This deal was recorded already, as deal {0}.",
                     "Эта сдача уже записана — под номером {0}."),
    "err.time": ("Write the time as 2026-11-30T21:14:05+01:00, with its offset.",
                 "Время пишут так: 2026-11-30T21:14:05+01:00, со сдвигом от UTC."),
    "err.no_undo": ("There is no deal to take back.", "Отменять нечего: сдач ещё нет."),
    "err.ended": ("The players ended this game: no deal can follow.",
                  "Игроки закончили эту партию: новых сдач нет."),
    "err.ended_already": ("The game was ended already.", "Партия уже закончена."),
    "err.finished_already": ("The game is finished already: it needs no end.",
                             "Партия и так закончена — заканчивать нечего."),
    "err.no_deal_to_end": ("No deal yet: there is nothing to end.",
                           "Сдач ещё нет — заканчивать нечего."),
    "err.not_ended": ("The game was not ended: there is nothing to reopen.",
                      "Партия не была закончена — продолжать нечего."),
    "err.no_such_deal": ("There is no deal {0}.", "Сдачи {0} нет."),
    "err.expect": ("Send the number of deals the phone saw.",
                   "Укажите, сколько сдач видел телефон."),
    "err.changed": ("Another phone changed the game meanwhile (now {0} {0|deal|deals}): look again.",
                    "Пока вы писали, партию изменили с другого телефона (теперь {0} {0|сдача|сдачи|сдач}): посмотрите ещё раз."),
    "err.game_unknown": ("There is no game \"{0}\".", "Игры «{0}» нет."),
    "err.game_name": ("Name the game.", "Укажите игру."),
    "err.rules_mapping": ("Give the rules as option=value.", "Правила задают как опция=значение."),
    "err.library_type": ("This call takes a game.", "Здесь нужна партия."),
    "err.precision": ("Round to 0 to {0} decimal places.",
                      "Округление — от 0 до {0} знаков после запятой."),
    "err.players.list": ("Name the players.", "Назовите игроков."),
    "err.players.empty": ("A player's name cannot be empty.", "Имя игрока не может быть пустым."),
    "err.players.spaces": ("A player's name cannot start or end with spaces or hold hidden characters.",
                           "Имя игрока не может начинаться или кончаться пробелом или содержать невидимые знаки."),
    "err.players.long": ("A player's name is at most {0} characters.",
                         "Имя игрока — не длиннее {0} знаков."),
    "err.players.alike": ("Two players are named alike ({0}): tell them apart.",
                          "Двое игроков названы одинаково ({0}): различите имена."),
    "err.players.count": ("This game is played by {0} players, not {1}.",
                          "В эту игру играют {0} {0|игрок|игрока|игроков}, а не {1}."),
    "err.players.counts": ("This game is played by {0} to {1} players, not {2}.",
                           "В эту игру играют от {0} до {1} игроков, а не {2}."),
    "err.line.empty": ("{field} cannot be empty.", "Поле «{field}» не может быть пустым."),
    "err.line.long": ("{field} is one line of at most {0} characters.",
                      "Поле «{field}» — одна строка, не длиннее {0} знаков."),
    "err.currency": ("The currency is a short word, such as RUB.",
                     "Валюта — короткое слово, например «RUB»."),
    "err.file.json": ("The game file is damaged: it is not readable JSON.",
                      "Файл партии испорчен: его не прочитать."),
    "err.file.unicode": ("The game file holds a broken character.",
                         "В файле партии испорченный знак."),
    "err.file.object": ("This is not a game file.", "Это не файл партии."),
    "err.file.format": ("This is not a whistscore game file.", "Это не файл партии whistscore."),
    # the club's refusals (whistscore club FOLDER ..., its pages)
    "err.club.folder": ("There is no such club folder.", "Такой папки клуба нет."),
    "err.club.too_large": ("club.json would be larger than the {0} MB a club reads; nothing "
                           "was changed.",
                           "club.json стал бы больше {0} МБ, которые читает клуб; ничего не "
                           "изменено."),
    "err.club.too_many": ("club.json would hold more than the {0} items a club reads in one "
                          "list; nothing was changed.",
                          "в club.json было бы больше {0} записей в одном списке, чем читает "
                          "клуб; ничего не изменено."),
    "err.club.folder_file": ("A club is a folder of game files; this is a file.",
                             "Клуб — это папка с файлами партий, а это файл."),
    "err.club.archive_odd": ("club.sqlite in the club folder is a folder or a link, not the "
                             "club's archive: move it away.",
                             "club.sqlite в папке клуба — папка или ссылка, а не архив клуба: "
                             "уберите её."),
    "err.club.archive": ("The club's archive cannot be written in its folder.",
                         "Архив клуба не записать в его папку."),
    "err.club.settings": ("club.json cannot be used: correct {0}.",
                          "club.json не прочитать: исправьте «{0}»."),
    "err.club.settings_file": ("club.json cannot be used: correct it.",
                               "club.json не прочитать: исправьте его."),
    "err.club.settings_newer": ("A newer whistscore wrote club.json: upgrade whistscore.",
                                "club.json записан более новой версией whistscore: обновите её."),
    "err.club.force": ("--force goes with --export.", "--force задают только вместе с --export."),
    "err.club.no_player": ("No such player in the club.", "Такого игрока в клубе нет."),
    "err.club.nobody": ("Nobody has played in the club yet.", "В клубе ещё никто не играл."),
    "err.club.player_text": ("Name the player.", "Назовите игрока."),
    "err.club.two_players": ("Pick two different players.", "Выберите двух разных игроков."),
    "err.club.same_table": ("{0} and {1} played at one table: they cannot be one player.",
                            "{0} и {1} играли за одним столом: это не один игрок."),
    "err.club.no_season": ("There is no season \"{0}\" in club.json.",
                           "В club.json нет сезона «{0}»."),
    "err.club.reversed": ("The period starts after it ends.",
                          "Период начинается позже, чем кончается."),
    "err.club.date": ("Write the date as 2026-09-01.", "Дату пишут так: 2026-09-01."),
    "err.club.usage": ("These options do not go together: {0}.",
                       "Эти параметры вместе не задают: {0}."),
    "err.club.one_question": ("Ask one thing at a time.", "Спрашивайте о чём-то одном."),
    "err.club.alias_form": ("An alias is written TYPED=NAME.",
                            "Псевдоним пишут так: КАК_НАПИСАНО=ИМЯ."),
    "err.club.spelling_taken": ("\"{0}\" is already a spelling of \"{1}\".",
                                "«{0}» — уже вариант имени игрока «{1}»."),
    "err.club.no_spelling": ("club.json has no spelling \"{0}\".",
                             "В club.json нет варианта имени «{0}»."),
    "err.club.own_name": ("\"{0}\" is a club player's own name, not a spelling.",
                          "«{0}» — имя игрока клуба, а не вариант имени."),
    "err.club.season_exists": ("There is a season \"{0}\" already.",
                               "Сезон «{0}» уже есть."),
    "err.club.season_overlap": ("The seasons \"{0}\" and \"{1}\" overlap.",
                                "Сезоны «{0}» и «{1}» пересекаются."),
    "err.club.season_reversed": ("The season starts after it ends.",
                                 "Сезон начинается позже, чем кончается."),
    "err.club.export_name": ("A workbook's name ends in .xlsx.",
                             "Имя книги Excel кончается на .xlsx."),
    "err.club.export_exists": ("That file is no club workbook: add --force to write over it.",
                               "Этот файл — не книга клуба: чтобы записать поверх, добавьте --force."),
    "err.club.bounded": ("That is too long, or holds a NUL.",
                         "Это слишком длинно или содержит NUL."),
    # the club's confirmations
    "cli.club.alias": ("club.json: \"{0}\" is the club player \"{1}\"",
                       "club.json: «{0}» — это игрок клуба «{1}»"),
    "cli.club.alias_already": ("club.json: \"{0}\" is the club player \"{1}\" already; "
                               "nothing changed",
                               "club.json: «{0}» — уже игрок клуба «{1}»; ничего не изменено"),
    "cli.club.alias_removed": ("club.json: \"{0}\" is no longer a spelling of the club player "
                               "\"{1}\"",
                               "club.json: «{0}» больше не вариант имени игрока «{1}»"),
    "cli.club.season": ("club.json: season \"{0}\" from {1} to {2}",
                        "club.json: сезон «{0}» с {1} по {2}"),
    "cli.club.export": ("{0}: {1} {1|player|players}, {2} {2|evening|evenings}",
                        "{0}: {1} {1|игрок|игрока|игроков}, {2} {2|вечер|вечера|вечеров}"),
    "err.file.club_name": ("club.json is the club's settings file; name the game another "
                           "way.", "club.json — файл настроек клуба; назовите партию иначе."),
    "err.file.club": ("This is a club's settings file (club.json), not a game file.",
                      "Это файл настроек клуба (club.json), а не файл партии."),
    "err.file.field": ("The game file is damaged at its field \"{0}\".",
                       "Файл партии испорчен: поле «{0}»."),
    "err.file.newer": ("A newer whistscore wrote this file: upgrade whistscore.",
                       "Этот файл записан более новой версией whistscore: обновите её."),
    "err.file.path": ("Name the file by its path.", "Укажите путь к файлу."),
    "err.file.missing": ("There is no such file.", "Такого файла нет."),
    "err.file.exists": ("The file exists: to write over it, say --force.",
                        "Такой файл уже есть: чтобы записать поверх, добавьте --force."),
    "err.file.text": ("Send the game file's text.", "Пришлите текст файла партии."),
    "err.file.unreadable": ("The file cannot be read.", "Файл не прочитать."),
    "err.file.link": ("The file is a link: nothing was read.", "Файл — это ссылка: ничего не прочитано."),
    "err.file.not_plain": ("This is not a plain file.", "Это не обычный файл."),
    "err.file.utf8": ("The file is not text in UTF-8.", "Файл — не текст в кодировке «UTF-8»."),
    "err.file.folder": ("The file's folder cannot be used.", "Папка файла недоступна."),
    "err.file.replace": ("This file cannot be replaced (a link, or not a plain file).",
                         "Этот файл нельзя заменить: это ссылка или не обычный файл."),
    "err.file.export_link": ("The file is a link: an export never writes through a link; "
                             "name the file itself.",
                             "Файл — это ссылка: выгрузка никогда не пишет через ссылку; "
                             "укажите сам файл."),
    "err.file.export_other": ("That file is not a workbook: an export replaces only a workbook, "
                              "even with --force.",
                              "Этот файл — не книга Excel: выгрузка заменяет только книгу, "
                              "даже с --force."),
    "err.file.read_only": ("The file is read-only: make it writable.",
                           "Файл только для чтения: разрешите запись в него."),
    "err.file.read_only_disk": ("The file is on a read-only disk or folder; nothing was "
                                "written.",
                                "Файл на диске или в папке только для чтения; ничего не "
                                "записано."),
    "err.file.moved": ("The file moved meanwhile: nothing was written; try again.",
                       "Файл тем временем перенесли: ничего не записано, попробуйте ещё раз."),
    "err.file.full": ("The game would be larger than {0} MB: start a new game.",
                      "Партия вышла бы больше {0} МБ: начните новую."),
    "err.file.deals": ("The game file holds more than {0} deals, the most whistscore reads: "
                       "split it into evenings.",
                       "В файле партии больше {0} сдач — больше, чем читает whistscore: "
                       "разделите его на вечера."),
    "err.file.deals_full": ("The game has {0} deals, the most a game file holds: start a new "
                            "game.",
                            "В партии {0} сдач — больше файл партии не вмещает: начните новую."),
    "err.file.large": ("The game file is larger than {0} MB.", "Файл партии больше {0} МБ."),
    # the pocket site's own refusals (whistscore.pocket.keep)
    "err.pocket.not_text": ("This is not a game file: it is not text.",
                            "Это не файл партии: в нём не текст."),
    "err.pocket.no_game": ("There is no such game on this phone.",
                           "Такой партии на этом телефоне нет."),
    "err.pocket.gone": ("That game is no longer kept: it cannot be brought back.",
                        "Эта партия больше не хранится: вернуть её нельзя."),
    "err.pocket.not_zip": ("This is not a backup: it is not a zip file.",
                           "Это не резервная копия: это не zip-файл."),
    "err.pocket.zip_empty": ("This zip file holds no game file.",
                             "В этом zip-файле нет ни одного файла партии."),
    "err.pocket.zip_large": ("This backup is too large for this phone.",
                             "Эта резервная копия слишком велика для телефона."),
    "err.pocket.zip_bad_file": ("Nothing restored: {0} in the zip is not a game file.",
                                "Ничего не восстановлено: {0} в архиве — не файл партии."),
    "err.pocket.bad_link": ("This link holds no game: it may have been cut short.",
                            "В этой ссылке нет партии: возможно, она обрезана."),
    # the scorepad's door (web/guard.py): a phone that has not joined, an old join
    # address, a page opened before --new-token
    "err.web.token": ("This scorepad is for the phones at its table: scan the code on the "
                      "laptop, or open the join address it printed.",
                      "Эта запись — для телефонов за этим столом: отсканируйте код на экране "
                      "ноутбука или откройте адрес для входа, который он напечатал."),
    "err.web.token_wrong": ("This join address is old or mistyped: scan the code the laptop "
                            "shows now.",
                            "Этот адрес для входа устарел или набран с ошибкой: отсканируйте "
                            "код, который сейчас показывает ноутбук."),
    "err.web.token_change": ("The scorepad was given a new access code since this page was "
                             "opened: scan the code on the laptop, then record again.",
                             "С тех пор как открыта эта страница, у записи новый код доступа: "
                             "отсканируйте код на ноутбуке и запишите снова."),
    "err.rule_unknown": ("This game has no option \"{0}\".", "В этой игре нет опции «{0}»."),
    "err.preset_unknown": ("This game has no preset \"{0}\".",
                           "В этой игре нет набора правил «{0}»."),
    "err.rules_together": ("These options do not go together.", "Эти опции не сочетаются."),
    "err.rule_form": ("Write an option as name=value.", "Опцию пишут как имя=значение."),
    "err.rule_value": ("The option {0} cannot take this value.",
                       "Опция «{0}» не принимает такое значение."),
    "err.rule_choice": ("The option {0} is one of: {1}.", "Опция «{0}» — одно из: «{1}»."),
    "err.rule_int": ("The option {0} is a whole number from {1} to {2}.",
                     "Опция «{0}» — целое число от {1} до {2}."),
    "err.rule_bool": ("The option {0} is true or false.", "Опция «{0}» — «true» или «false»."),
    "err.rule_list": ("The option {0} is {1} numbers, such as 2/4/6/8/10.",
                      "Опция «{0}» — {1} {1|число|числа|чисел} через дробь, например «2/4/6/8/10»."),
    "err.rule_numbers": ("The option {0} is whole numbers, such as 2/4/6.",
                         "Опция «{0}» — целые числа через дробь, например «2/4/6»."),
    "err.rule_map": ("The option {0} is level:number pairs, such as 6:2,7:1.",
                     "Опция «{0}» — пары уровень:число, например «6:2,7:1»."),
    "err.stake": ("Write the stake as a number, such as 0.10.",
                  "Ставку пишут числом, например 0.10."),
    "err.stake_range": ("The stake is from 0 to {0}.", "Ставка — от 0 до {0}."),
    "err.stake_negative": ("The stake cannot be negative.", "Ставка не может быть меньше нуля."),
    "err.stake_places": ("The stake has at most {0} decimal places.",
                         "У ставки не больше {0} знаков после запятой."),
    "err.rule_whole": ("The option {0} is a whole number.", "Опция «{0}» — целое число."),
    # the fields a refusal names (the game's own, e.g. field.whist, in its LABELS)
    "field.declarer": ("the declarer", "разыгрывающий"),
    "field.contract": ("the contract", "контракт"),
    "field.tricks": ("the tricks", "взятки"),
    "field.dealer": ("the dealer", "сдающий"),
    "field.note": ("the note", "примечание"),
    "field.notation": ("the notation", "запись"),
    "field.deal": ("the deal", "сдача"),
    "field.players": ("the players", "игроки"),
    "field.stake": ("the stake", "ставка"),
    "field.currency": ("the currency", "валюта"),
    "field.title": ("the title", "название"),
    "field.name": ("the file name", "имя файла"),
    "field.rules": ("the options", "опции"),
    "field.preset": ("the preset", "пресет"),
    # the club's fields (whistscore club FOLDER ...)
    "field.season": ("the season", "сезон"),
    "field.alias": ("the alias", "псевдоним"),
    "field.alias-remove": ("the spelling", "вариант имени"),
    "field.player": ("the player", "игрок"),
    "field.h2h": ("the two players", "два игрока"),
    "field.from": ("the first day", "первый день"),
    "field.to": ("the last day", "последний день"),
    "field.export": ("the workbook", "книга Excel"),
    "field.folder": ("the club folder", "папка клуба"),
}

def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form that agrees with ``n`` (1 взятка, 2 взятки, 5 взяток)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


#: a name pytrovich may decline: one Russian first name, or a double one ("Анна-Мария")
_RUSSIAN_NAME = re.compile(r"[А-ЯЁ][а-яё]{1,30}(?:-[А-ЯЁ][а-яё]{1,30})?")
_CASES = ("dative", "accusative", "genitive")


@functools.lru_cache(maxsize=2048)
def name_case(name: str, case: str) -> str | None:
    """A player's name in a Russian case ("Аня" -> dative "Ане", accusative "Аню").

    ``None`` when the name is not one pytrovich can decline (Latin letters, a nickname with
    digits, two words): the caller then says the sentence in a form that needs no case
    ("Боря → Anna: 1.20").  The gender is guessed from the name, as a reader would.
    pytrovich is pure Python with its rules in the package, so this works offline.
    """
    if case not in _CASES:
        raise ValueError(f"unknown case {case!r}")
    if not _RUSSIAN_NAME.fullmatch(name):
        return None
    from pytrovich.detector import PetrovichGenderDetector
    from pytrovich.enums import Case, NamePart
    from pytrovich.maker import PetrovichDeclinationMaker

    gender = _detector(PetrovichGenderDetector).detect(firstname=name)
    said = _maker(PetrovichDeclinationMaker).make(NamePart.FIRSTNAME, gender,
                                                  getattr(Case, case.upper()), name)
    if not isinstance(said, str):
        return None
    said = _AFTER_HUSHER.sub(r"\1и", said)  # "Саша" -> "Саши", not pytrovich's "Сашы"
    return said if _RUSSIAN_NAME.fullmatch(said) else None


#: Russian spelling: after г к х ж ш ч щ an и, never an ы
_AFTER_HUSHER = re.compile(r"([гкхжшчщ])ы(?=$|-)")


@functools.lru_cache(maxsize=1)
def _detector(cls: Any) -> Any:
    return cls()


@functools.lru_cache(maxsize=1)
def _maker(cls: Any) -> Any:
    return cls()


def pays(payer: str, payee: str, amount: str, lang: str = "en") -> tuple[str, str, str, str]:
    """Who pays whom, as four parts: (payer, link, payee, after), names left bare so a page
    can set them in bold.  "Боря платит Ане 1.20" -> ("Боря", " платит ", "Ане", " 1.20");
    a payee pytrovich cannot decline: ("Боря", " → ", "Anna", ": 1.20")."""
    if lang == "ru":
        dative = name_case(payee, "dative")
        if dative is None:
            return (payer, " → ", payee, f": {amount}")
        return (payer, " платит ", dative, f" {amount}")
    return (payer, " pays ", payee, f" {amount}")


def count_deals(n: int, lang: str = "en") -> str:
    """"16 deals", "1 сдача", "3 сдачи", "16 сдач": the count agrees with its number."""
    if lang == "ru":
        return f"{n} {plural_ru(n, 'сдача', 'сдачи', 'сдач')}"
    return "1 deal" if n == 1 else f"{n} deals"


def game_title(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's name in the sheet's language ("Преферанс (пуля, гора, висты)")."""
    return _lookup("game.title", kind, lang) or kind.title


def game_name(kind: GameType[Any, Any], lang: str = "en") -> str:
    """The game's short name in the page's language ("Преферанс")."""
    return _lookup("game.name", kind, lang) or kind.title


def preset_name(kind: GameType[Any, Any], preset: str, lang: str = "en") -> str:
    """A preset as players name it ("Сочи", "классика"); the key itself when the game names
    none."""
    return _lookup(f"preset.{preset}", kind, lang) or preset


def _lookup(key: str, kind: GameType[Any, Any] | None, lang: str) -> str | None:
    pair = None
    if kind is not None:
        pair = getattr(kind, "labels", {}).get(key)
    if pair is None:
        pair = CORE_LABELS.get(key)
    if pair is None:
        return None
    return pair[1] if lang == "ru" else pair[0]


def text(value: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> Any:
    """Say a :class:`Label` or :class:`Phrase` in ``lang``; anything else (names, numbers)
    passes through.

    A label's text is a :meth:`str.format` template over its arguments, with two more
    forms of a field: ``{0@accusative}`` (a name in a Russian case, :func:`name_case`;
    also ``dative``, ``genitive``; ``{0@ordinal}``: a number as an English ordinal,
    "1st") and ``{0|trick|tricks}`` (the word that agrees with the number argument 0:
    English gives two forms, one and other; Russian three, "{0|взятка|взятки|взяток}"
    for 1, 3 and 5 взяток, :func:`plural_ru`).  So a count agrees in the label's own
    words, never through a rule over finished sentences.
    """
    if isinstance(value, Phrase):
        return value.sep.join(str(text(part, kind, lang)) for part in value.parts)
    if isinstance(value, Label):
        found = _lookup(value.key, kind, lang)
        if found is None:
            found = value.key
        if not value.args:
            return found
        return _filled(found, [text(a, kind, lang) for a in value.args], lang)
    return value


def formed(template: str, args: "Sequence[object]", lang: str = "en") -> str:
    """``template`` (a label's text in ``lang``) with ``args``: names in their case, nouns
    agreeing with their numbers ("{0|evening|evenings}", "{0|вечер|вечера|вечеров}")."""
    return _filled(template, list(args), lang)


def _filled(found: str, args: list[Any], lang: str) -> str:
    """A label's text with its arguments: names in their case, nouns agreeing."""
    if "@" in found or "|" in found:
        found = _FORMED.sub(lambda m: _formed(args, m, lang), found)
    return found.format(*args) if args else found


def detail_text(detail: Any, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """An entry's detail (a label of the game's words) said in ``lang``: "3 tricks x 4",
    "3 взятки × 4".  The details of an evening repeat, so each is said once per game
    and language and kept (a few thousand texts at most)."""
    if not detail:
        return ""
    said_in = _DETAILS.get((id(kind), lang))
    if said_in is None or said_in[0] is not kind:
        if len(_DETAILS) > 64:
            _DETAILS.clear()
        said_in = _DETAILS[id(kind), lang] = (kind, {})
    said = said_in[1].get(detail)
    if said is None:
        said = str(text(detail, kind, lang))
        if len(said_in[1]) < 50_000:
            said_in[1][detail] = said
    return said


#: (id of the game, language) -> (the game, detail -> its text); the game is kept so its id
#: cannot name another one
_DETAILS: dict[tuple[int, str], tuple[Any, dict[Any, str]]] = {}

#: the fields said in a form: "{0@accusative}", "{1@ordinal}", "{0|взятка|взятки|взяток}"
_FORMED = re.compile(r"\{(\d)(?:@(dative|accusative|genitive|ordinal)|((?:\|[^{}|]*){2,3}))\}")


def _formed(args: list[Any], m: re.Match[str], lang: str) -> str:
    """One field of :data:`_FORMED` said, braces doubled for the format that follows."""
    i = int(m.group(1))
    if m.group(2) == "ordinal":
        return _ordinal(args[i])
    if m.group(2):
        return _cased(args, i, m.group(2))
    forms = m.group(3)[1:].split("|")
    word = _plural(args[i], forms, lang)
    return word.replace("{", "{{").replace("}", "}}")


def _ordinal(n: Any) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    n = int(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _plural(n: Any, forms: list[str], lang: str) -> str:
    """The form of ``forms`` that agrees with the number ``n``: in English (one, other), in
    Russian (one, few, many); a number that is not whole takes "other" in English and the
    "few" form in Russian (the genitive singular: "1/2 виста")."""
    whole = isinstance(n, int) or (isinstance(n, Fraction) and n.denominator == 1)
    if lang == "ru" and len(forms) == 3:
        return plural_ru(int(n), *forms) if whole else forms[1]
    if whole and abs(int(n)) == 1:
        return forms[0]
    return forms[-1]


def _cased(args: list[Any], i: int, case: str) -> str:
    """A name argument in its case, braces doubled for the format that follows; a name
    that cannot be declined stays as written (an indeclinable foreign name, as Russian
    treats "Anna" or "Жан-Поль Ж.")."""
    name = str(args[i])
    said = name_case(name, case) or name
    return said.replace("{", "{{").replace("}", "}}")


def error_message(exc: "InputError", kinds: "Sequence[GameType[Any, Any]]" = (),
                  lang: str = "en") -> str:
    """A refused input as one short sentence a person reads, in ``lang``.

    The error's ``key`` names the sentence (``err.<key>``, from the games in ``kinds`` or the
    core words); an error with no sentence of its own names its field in the reader's words
    ("Не записано: проверьте поле «вист (Аня)»"), never the technical text, which stays in
    ``str(exc)`` (the CLI's message, the page's "details").
    """
    key = exc.key
    if key:
        for kind in (*kinds, None):
            said = _lookup(f"err.{key}", kind, lang)
            if said is not None:
                # what was typed goes back short (a 10 MB name is no sentence), and its
                # braces are no placeholders
                args = tuple(_clipped(a) for a in exc.args_said)
                if "{field}" in said:
                    where = _field_words(exc.field, kinds, lang) or str(
                        text(Label("err.this_field"), None, lang))
                    said = said.replace("{field}", where.replace("{", "{{").replace("}", "}}"))
                return _filled(said, [text(a, kind, lang) for a in args], lang)
    field = _field_words(exc.field, kinds, lang)
    if field is not None:
        return str(text(Label("err.field", (field,)), None, lang))
    if lang != "ru":
        reason = exc.reason[:1].upper() + exc.reason[1:]
        return reason if reason.endswith(".") else reason + "."
    return str(text(Label("err.any"), None, lang))


def error_line(exc: Exception, kinds: "Sequence[GameType[Any, Any]]" = (), lang: str = "en",
               hint: str = "") -> str:
    """A refusal as one line in ``lang``: its sentence there, the technical text (deal,
    field, value) after it in brackets.  In English, or for an error with no sentence of
    its own, the technical text alone: it is already English, and it is what the CLI has
    always printed, so a file's problem reads the same in the terminal and on the page."""
    from .errors import InputError

    if lang == "en" or not isinstance(exc, InputError) or not exc.key:
        return f"{exc}{hint}"
    return f"{error_message(exc, kinds, lang)} ({exc}{hint})"


def _clipped(value: object) -> object:
    if isinstance(value, str) and len(value) > 40:
        return value[:40] + "…"
    return value


def _field_words(field: str | None, kinds: "Sequence[GameType[Any, Any]]",
                 lang: str) -> str | None:
    """A field path in the reader's words: "whist.Аня" -> "вист (Аня)"; ``None`` when
    its first part has no words (the sentence then names no field)."""
    if not field:
        return None
    head, _, rest = field.partition(".")
    if re.fullmatch(r"[a-z_]+(?:\..*)?", rest):  # a sub-field ("revoke.by"), not a player
        rest = ""
    for kind in (*kinds, None):
        said = _lookup(f"field.{head}", kind, lang)
        if said is not None:
            if "{0}" in said:
                return said.replace("{0}", rest)
            return f"{said} ({rest})" if rest else said
    return None


def entries_said(entries: "Sequence[Entry]", kind: GameType[Any, Any] | None = None,
                 lang: str = "en") -> str:
    """What a deal wrote, as players say it: "Аня +4 в пулю, Боря +6 на Аню" (one phrase per
    player, column and opponent, in the order written; amounts summed)."""
    totals: dict[tuple[str, str, str | None], Any] = {}
    for e in entries:
        k = (e.player, e.column, e.against)
        totals[k] = totals.get(k, 0) + e.amount
    parts = []
    for (player, column, against), amount in totals.items():
        if amount == 0:
            continue
        said = format_amount(amount, signed=True)
        if against is not None:
            parts.append(text(Label("said.on", (player, said, against)), kind, lang))
        elif _lookup(f"said.{column}", kind, lang) is not None:
            parts.append(text(Label(f"said.{column}", (player, said)), kind, lang))
        else:
            into = _lookup(f"into.{column}", kind, lang) or column_name(column, kind, lang)
            parts.append(text(Label("said.into", (player, said, into)), kind, lang))
    return ", ".join(str(p) for p in parts) or str(text(Label("said.nothing"), kind, lang))


def said(key: str, args: "Sequence[object]" = (), lang: str = "en") -> str:
    """One of the core sentences (a status line of the command line) in ``lang``."""
    return str(text(Label(key, tuple(args)), None, lang))


def column_name(column: str, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    return _lookup(column, kind, lang) or column


def rule_name(key: str, kind: GameType[Any, Any] | None = None, lang: str = "en", *,
              with_source: bool = True) -> str:
    texts = getattr(kind, "rule_texts", {}) if kind is not None else {}
    rt: RuleText | None = texts.get(key)
    if rt is None:
        return key
    # a Russian rule text says "стоимость × взятки", never with a Latin x
    name = rt.ru.replace(" x ", " × ") if lang == "ru" else rt.en
    if with_source and rt.source:
        name = f"{name} ({rt.source.said(lang)})"
    return name


def _written_on(kind: GameType[Any, Any] | None) -> str | None:
    """The column said without its name after "writes N on X" (the game's own)."""
    return kind.written_on if kind is not None else None


def explain(entry: Entry, kind: GameType[Any, Any] | None = None, lang: str = "en") -> str:
    """One entry as a sentence: "deal 7: Boris writes 12 on Anna: 3 tricks x 4, greedy whist"."""
    amount = format_amount(entry.amount)
    column = column_name(entry.column, kind, lang)
    if lang == "ru":
        if entry.against is not None:
            # "висты на Аню"; a name pytrovich cannot decline stays as written ("на Anna")
            on = name_case(entry.against, "accusative") or entry.against
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} на {on}"
            if entry.column != _written_on(kind):
                head += f" ({column})"
        else:
            into = _lookup(f"into.{entry.column}", kind, lang) or column
            head = f"сдача {entry.deal}: {entry.player} пишет {amount} в {into}"
    else:
        if entry.against is not None:
            head = f"deal {entry.deal}: {entry.player} writes {amount} on {entry.against}"
            if entry.column != _written_on(kind):
                head += f" ({column})"
        else:
            head = f"deal {entry.deal}: {entry.player} writes {amount} into {column}"
    rule = rule_name(entry.rule, kind, lang)
    detail = f"{detail_text(entry.detail, kind, lang)}, " if entry.detail else ""
    return f"{head}: {detail}{rule}"


# -- the players' terms, each explained in one line where it appears (issue 22) --------------

class Term(NamedTuple):
    """A players' term on a page: its label key, its headword and its one-line explanation
    (``"пуля — очки за сыгранные игры…"``), in one language."""

    key: str
    word: str
    line: str


#: what a term's label holds: its forms as written on the pages, "|" between them (the
#: headword first), then " — " and the one-line explanation
TERM_SEPARATOR = " — "


def _term_labels(kind: GameType[Any, Any] | None) -> dict[str, tuple[str, str]]:
    found = {k: v for k, v in CORE_LABELS.items() if k.startswith("term.")}
    if kind is not None:
        found.update({k: v for k, v in getattr(kind, "labels", {}).items()
                      if k.startswith("term.")})
    return found


@functools.lru_cache(maxsize=64)
def _term_table(kind: GameType[Any, Any] | None,
                lang: str) -> tuple[tuple[Term, ...], re.Pattern[str] | None, dict[str, Term]]:
    """The game's terms in ``lang``, and one pattern finding any of their forms (the longest
    first, whole words only: "полвиста" before "вист", "half-whist" before "whist")."""
    found: list[Term] = []
    by_form: dict[str, Term] = {}
    for key, pair in _term_labels(kind).items():
        said = pair[1] if lang == "ru" else pair[0]
        forms, _, explanation = said.partition(TERM_SEPARATOR)
        names = [f.strip() for f in forms.split("|") if f.strip()]
        term = Term(key, names[0], f"{names[0]}{TERM_SEPARATOR}{explanation.strip()}")
        found.append(term)
        for name in names:
            by_form.setdefault(name.casefold(), term)
    if not by_form:
        return (), None, {}
    alternatives = "|".join(re.escape(f) for f in sorted(by_form, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE)
    return tuple(found), pattern, by_form


def terms(kind: GameType[Any, Any] | None = None, lang: str = "en") -> tuple[Term, ...]:
    """Every players' term of a game (its own ``term.*`` labels and the shared ones), in
    ``lang``; docs/glossary.md explains the same words for readers of the docs."""
    return _term_table(kind, lang)[0]


def term_spans(said: str, kind: GameType[Any, Any] | None = None,
               lang: str = "en") -> list[str | tuple[str, Term]]:
    """A text cut where a players' term is written: plain strings, and ``(the word as
    written, its Term)`` for the first time each term occurs in it, so the page can make
    that word open its one-line explanation in place."""
    _, pattern, by_form = _term_table(kind, lang)
    if pattern is None or not said:
        return [said] if said else []
    out: list[str | tuple[str, Term]] = []
    seen: set[str] = set()
    at = 0
    for match in pattern.finditer(said):
        term = by_form[match.group(1).casefold()]
        if term.key in seen:
            continue
        seen.add(term.key)
        if match.start() > at:
            out.append(said[at:match.start()])
        out.append((match.group(1), term))
        at = match.end()
    if at < len(said):
        out.append(said[at:])
    return out
