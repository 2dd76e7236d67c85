"""The club's words in English and Russian: the Club page, the player page, head-to-head.

They live with the club (not in the web layer, which writes no word of its
own) and in their own table, so the scorepad and any later reader of the
club's answers say the same thing.  A record's words are keyed by the
record's name in the JSON; their English is what the CLI and the JSON say
(``records.TITLES`` is read from here); a game's name is the game's own
(:func:`whistscore.i18n.game_name`).  This module imports nothing of the club,
so a page can take its words where the archive cannot run (no sqlite3).
"""

from __future__ import annotations

import re
from typing import Any, Mapping

__all__ = ["RECORD_TITLES", "WORDS", "Words", "own_words", "period_words", "words"]

WORDS: dict[str, tuple[str, str]] = {
    "club": ("Club", "Клуб"),
    "standings": ("Standings", "Турнирная таблица"),
    "records": ("Records", "Рекорды"),
    "all_time": ("all time", "за всё время"),
    "season": ("season {0}, {1} to {2}", "сезон {0}, с {1} по {2}"),
    "range": ("{0} to {1}", "с {0} по {1}"),
    "from_day": ("from {0}", "с {0}"),  # open at the end: every game since, later ones too
    "until_day": ("until {0}", "по {0}"),
    "no_games": ("No finished game in this period.", "В этот период ни одной законченной игры."),
    "rank": ("#", "№"),
    "player": ("Player", "Игрок"),
    "evenings": ("Evenings", "Вечера"),
    "deals": ("Deals", "Сдачи"),
    "wins": ("Wins", "Победы"),
    "avg_place": ("Avg place", "Ср. место"),
    "points": ("Points", "Очки"),
    "money": ("Money", "Деньги"),
    "per_evening": ("Per evening", "За вечер"),
    "rating": ("Rating", "Рейтинг"),
    "change": ("Change", "Изменение"),
    "form": ("Form", "Форма"),
    "h2h": ("Head-to-head", "Личные встречи"),
    "h2h_with": ("Head-to-head with", "Личные встречи с"),
    "compare": ("Compare", "Сравнить"),
    "together": ("{0} {0|evening|evenings} together", "{0} {0|вечер|вечера|вечеров} вместе"),
    "ahead": ("ahead", "впереди"),
    "behind": ("behind", "позади"),
    "level": ("level", "вровень"),
    "avg_difference": ("average difference", "средняя разница"),
    "never_together": ("They have not finished a game at the same table in this period.",
                       "В этот период они не доиграли ни одной игры за одним столом."),
    "date": ("Date", "Дата"),
    "title": ("Game", "Игра"),
    "place": ("Place", "Место"),
    "place_of": ("{0} of {1}", "{0} из {1}"),
    "playing": ("playing", "идёт"),
    "running_money": ("Running money", "Деньги нарастающим итогом"),
    "rating_over_time": ("Rating over time", "Рейтинг по играм"),
    "play": ("Play", "Игра"),
    "declared": ("As declarer, by level", "Игры по уровням"),
    "made_of": ("{0}: {1} of {2} made", "{0}: сыграно {1} из {2}"),
    # a line of play a game declares (ClubFacts.play): "play.KEY", its counts {0}, {1}...
    "play.misere": ("Misères: {0} made, {1} caught", "Мизеры: сыграно {0}, поймано {1}"),
    "play.whists": ("Whists: {0}, short of tricks in {1}", "Висты: {0}, из них с недобором: {1}"),
    "written_as": ("written as", "варианты имени:"),  # no verb: it would have a gender
    # a player's statistics (club.md "Statistics"): each key of the JSON is "stat.KEY",
    # its counts "stat.sub.KEY" (or "stat.PARENT.KEY" where the parent words it otherwise)
    "statistics": ("Statistics", "Статистика"),
    "stat.summary": ("{0} {0|evening|evenings}, {1} {1|win|wins}, win rate {2}, average place {3}",
                     "{0} {0|вечер|вечера|вечеров}, {1} {1|победа|победы|побед}, доля побед "
                     "{2}, среднее место {3}"),
    "stat.streak": ("Evenings in the plus in a row: {0} now, {1} at most",
                    "Вечеров в плюсе подряд: сейчас {0}, самое большее {1}"),
    "stat.win_rate": ("Win rate", "Доля побед"),
    "stat.average_place": ("Average place", "Среднее место"),
    "stat.contracts": ("Contracts (made of played)", "Контракты (сыграно из заказанных)"),
    "stat.alone": ("Alone (made of played)", "В одиночку (сыграно из заказанных)"),
    "stat.negative": ("Solos and nolos (made of played)", "Соло и ноло (сыграно из заказанных)"),
    "stat.attachments": ("Attachments (made of played)", "Надбавки (сыграно из заказанных)"),
    "stat.solos": ("Bombs and dils (made of played)", "Бомбы и дили (сыграно из заказанных)"),
    "stat.misere": ("Misères", "Мизеры"),
    "stat.defence": ("Whist and pass", "Вист и пас"),
    "stat.allpass": ("All-passes", "Распасы"),
    "stat.vists": ("Vists written", "Записано вистов"),
    "stat.vists_per_deal": ("Vists written per deal", "Вистов за сдачу"),
    "stat.opened": ("Contracts played open", "Игры в открытую"),
    "stat.twist": ("Twists", "Твисты"),
    "stat.twist_round": ("Twist rounds", "Твист-круги"),
    "stat.tricks_per_deal": ("Tricks per deal", "Взяток за сдачу"),
    "stat.deals_won": ("Deals won by the player's side", "Сдачи, выигранные парой игрока"),
    "stat.honours": ("Honours held by the player's side", "Онёры у пары игрока"),
    "stat.revokes": ("Revokes by the player's side", "Ренонсы пары игрока"),
    "stat.void": ("Void deals", "Аннулированные сдачи"),
    "stat.partner": ("Called as partner", "Партнёром по тузу"),
    "stat.sub.played": ("played", "заказано"),
    "stat.sub.made": ("made", "сыграно"),
    "stat.sub.caught": ("caught", "поймано"),
    "stat.sub.whist": ("whists", "вист"),
    "stat.sub.pass": ("passes", "пас"),
    "stat.sub.half": ("half-whists", "полвиста"),
    "stat.sub.whist_failed": ("failed whists", "недоборов на висте"),
    "stat.sub.deals": ("deals", "сдач"),
    "stat.sub.tricks": ("tricks", "взяток"),
    "stat.sub.announced": ("announced", "объявлено"),
    "stat.sub.won": ("won", "выиграно"),
    "stat.sub.three": ("three", "три"),
    "stat.sub.four": ("four", "четыре"),
    "stat.deals_won.played": ("played", "сыграно"),
    "stat.partner.played": ("called", "позван"),
    "nt": ("NT", "БК"),
    # the names in a statistics table's rows (the games' own words for them)
    "stat.name.bomb": ("bomb", "бомба"),
    "stat.name.dil": ("dil", "диль"),
    "stat.name.simple": ("simple", "простая"),
    "stat.name.double": ("double", "двойная"),
    "stat.name.clean": ("clean", "чистая"),
    "stat.name.all": ("all", "все"),
    "stat.name.solo": ("solo", "соло"),
    "stat.name.nolo": ("nolo", "ноло"),
    "stat.name.open_solo": ("open solo", "открытое соло"),
    "stat.name.open_nolo": ("open nolo", "открытое ноло"),
    "stat.name.tournee": ("tournee", "вип"),
    "stat.name.good": ("good", "годе"),
    "stat.name.half": ("half", "халве"),
    "stat.name.strong": ("strong", "стерке"),
    "stat.name.sans": ("sans", "санс"),
    "who_beats_whom": ("Who beats whom", "Кто кого"),
    "opponent": ("Opponent", "Соперник"),
    "ahead_behind": ("Ahead / behind", "Впереди / позади"),
    "measure.won_from": ("points and money: won from each opponent (vists written on each other)",
                         "очки и деньги: выигрыш у каждого (висты друг на друга)"),
    "measure.difference": ("points and money: the player's results minus the opponent's, added up",
                           "очки и деньги: сумма разниц его результатов и результатов соперника"),
    "measure.mixed": ("points and money: won from each where the game settles pair by pair, "
                      "else the difference of results",
                      "очки и деньги: выигрыш у каждого, где игра считается попарно, иначе "
                      "разница результатов"),
    "made_failed": ("Contracts made and failed", "Контракты: сыграно и не сыграно"),
    "made_word": ("made", "сыграно"),
    "failed_word": ("failed", "не сыграно"),
    "places_over_time": ("Places over time", "Места по вечерам"),
    "players": ("Players", "Игроки"),
    "no_statistics": ("No deal of his in this period.", "В этот период у игрока нет сдач."),
    "record": ("Record", "Рекорд"),
    "value": ("Value", "Значение"),
    "deal_n": ("deal {0}", "сдача {0}"),
    "deal": ("Deal", "Сдача"),
    "left_out": ("left out", "не учтён"),
    "in_progress": ("in progress, left out until finished", "идёт, не учтена до конца"),
    "in_progress_in": ("in progress, counted as it stands", "идёт, учтена как есть"),
    "in_progress_none": ("in progress, no deal yet", "идёт, ещё ни одной сдачи"),
    "notice": ("a note from the archive", "заметка архива"),
    "no_player_games": ("No game of his in this period.", "В этот период у игрока нет игр."),
    "recomputed": ("this whistscore settles it otherwise; the archive keeps the old result",
                   "эта версия считает иначе; в архиве прежний результат"),
    "no_player": ("No such player in the club.", "Такого игрока в клубе нет."),
    "cannot": ("The club cannot answer this question.", "На этот вопрос клуб ответить не может."),
    "details": ("Details", "Подробности"),
    "unavailable": ("The club is not available on the one-phone site.",
                    "Клуб недоступен на сайте для одного телефона."),
    "unavailable_detail": ("The club keeps its archive in SQLite, which the phone's browser "
                           "does not have: open the club where whistscore serve runs on a "
                           "computer, with the same game files.",
                           "Клуб хранит архив в SQLite, которого нет в браузере телефона: "
                           "откройте клуб там, где на компьютере запущен whistscore serve, "
                           "с теми же файлами игр."),
    "all_time_link": ("All time", "За всё время"),
    "pick_two": ("Pick two different players.", "Выберите двух разных игроков."),
    # the command line's text (``whistscore club FOLDER [--lang ru]``); "{0|a|b}" and
    # "{0|a|b|c}" agree with the number, "{0@genitive}" declines a name (i18n.formed)
    "ratings": ("Ratings (OpenSkill, 40 x (mu - 3 sigma))",
                "Рейтинги (OpenSkill, 40 x (mu - 3 sigma))"),
    "best": ("Best", "Лучший"),
    "worst": ("Worst", "Худший"),
    "where": ("Where", "Где"),
    "file": ("File", "Файл"),
    "currency": ("Currency", "Валюта"),
    "of_evenings": ("{0} {0|evening|evenings}", "{0} {0|вечер|вечера|вечеров}"),
    "a_and_b": ("{0} and {1}", "{0} и {1}"),
    "rating_after": ("rating {0} after {1} {1|game|games} (mu {2}, sigma {3})",
                     "рейтинг {0} после {1} {1|игры|игр|игр} (mu {2}, sigma {3})"),
    "h2h_line": ("{0}: {1} {1|evening|evenings} together; {2} ahead {3}, behind {4}, level {5}; "
                 "average difference {6}",
                 "{0}: {1} {1|вечер|вечера|вечеров} вместе; {2} впереди {3}, позади {4}, "
                 "вровень {5}; средняя разница {6}"),
    "won_from_line": ("{0} won {2} from {1}", "выигрыш {0@genitive} у {1@genitive}: {2}"),  # no verb: it would have a gender
    # head-to-head said by its sign: the winner first, or neither when they are even
    "even_line": ("{0} and {1} are even", "{0} и {1} — вровень"),
    # what the rating's numbers mean, one line beside the ratings
    "rating_explained": ("Rating = 40 × (mu − 3 sigma): mu is the player's estimated skill, "
                         "sigma how unsure that estimate still is. It starts below zero and "
                         "rises as games make sigma smaller, so a negative rating means "
                         "few games or poor results.",
                         "Рейтинг = 40 × (mu − 3 sigma): mu — оценка силы игрока, sigma — "
                         "насколько она ещё неточна. Он начинается ниже нуля и растёт, когда "
                         "с играми sigma уменьшается, поэтому отрицательный рейтинг — это "
                         "мало игр или слабые результаты."),
    "in_progress_line": ("in progress: {0} ({1}, {2}; left out until finished, or --unfinished)",
                         "идёт: {0} ({1}, {2}; не учтена до конца, или --unfinished)"),
    "in_progress_counted": ("in progress: {0} ({1}, {2}; counted as it stands, --unfinished)",
                            "идёт: {0} ({1}, {2}; учтена как есть, --unfinished)"),
    "in_progress_empty": ("in progress: {0} ({1}, no deal yet: no evening to count)",
                          "идёт: {0} ({1}, ещё ни одной сдачи: учитывать нечего)"),
    "left_out_line": ("left out: {0}: {1}", "не учтён: {0}: {1}"),
    "recomputed_line": ("recomputed: {0}: this whistscore ({1}) settles it {2}, the archive "
                        "keeps {3} ({4}); take the new with --accept-recomputed",
                        "пересчёт: {0}: эта версия whistscore ({1}) даёт {2}, в архиве "
                        "{3} ({4}); принять новое: --accept-recomputed"),
    "as_error": ("as an error ({0})", "как ошибку ({0})"),
    "undated_line": ("undated: {0}: its deals carry no time and it has no date of its own; "
                     "counted in no season; date it: {1}",
                     "без даты: {0}: у сдач нет времени, у партии нет даты; не учтена ни в "
                     "одном сезоне; указать дату: {1}"),
    "changed_line": ("changed after it finished: {0}: was {1}, now {2}",
                     "изменена после окончания: {0}: было {1}, стало {2}"),
    "undated": ("undated", "без даты"),
    "undated_page": ("undated (its deals carry no time): counted in no season; date it with",
                     "без даты (у сдач нет времени): не учтена ни в одном сезоне; дата "
                     "указывается командой"),
    # the archive's notices (club.md "An error is not damage"): the cause of an error of
    # the moment, and what was done
    "cause.full": ("the disk is full", "диск заполнен"),
    "cause.read_only": ("it or its folder is read-only", "он или его папка только для чтения"),
    "cause.busy": ("another process held it locked too long",
                   "другой процесс слишком долго держал его заблокированным"),
    "cause.locked": ("it is locked", "он заблокирован"),
    "cause.cannot_open": ("it cannot be opened there (a read-only folder, or no permission)",
                          "его там не открыть (папка только для чтения или нет прав)"),
    "cause.permission": ("permission is denied", "нет прав"),
    "cause.io": ("the disk could not read or write it", "диск не смог его прочитать или записать"),
    "cause.folder_read_only": ("its folder is read-only", "его папка только для чтения"),
    "cause.other": ("it cannot be written now", "сейчас его не записать"),
    "notice.not_kept": ("club.sqlite could not be kept up to date: {0} ({1}); it was left as "
                        "it is; these answers are read from the game files now",
                        "club.sqlite не удалось обновить: {0} ({1}); он оставлен как есть; "
                        "ответы прочитаны из файлов партий"),
    "notice.not_kept_foreign": ("club.sqlite could not be kept up to date: {0} ({1}); it is not "
                                "this club's archive ({2}) and was left as it is; these answers "
                                "are read from the game files now",
                                "club.sqlite не удалось обновить: {0} ({1}); это не архив клуба "
                                "({2}), он оставлен как есть; ответы прочитаны из файлов партий"),
    "notice.odd": ("club.sqlite in the club folder is a folder or a symlink, not the club's "
                   "archive, and was left as it is (move it away to keep the archive); these "
                   "answers are read from the game files now",
                   "club.sqlite в папке клуба — папка или ссылка, а не архив клуба, и "
                   "оставлен как есть (уберите его, чтобы архив вёлся); ответы прочитаны из "
                   "файлов партий"),
    "notice.set_aside": ("club.sqlite was rebuilt from the game files: {0}; the old file was set "
                         "aside as {1}",
                         "club.sqlite собран заново из файлов партий ({0}); старый файл отложен "
                         "как {1}"),
    "changed_after_finish": ("changed after it finished", "изменена после окончания"),
    # the club's other notices and the reasons a file is left out, made from these words in
    # English (``notices``, ``left_out`` in JSON) and said again in the reader's language
    # (:func:`said_again`)
    "notice.took_results": ("took this whistscore's results ({0}) for {1} {1|game|games} kept "
                            "otherwise: {2}",
                            "приняты результаты этой версии whistscore ({0}) для {1} "
                            "{1|партии|партий|партий}, в архиве были другие: {2}"),
    "notice.excluded_missing": ("club.json excludes {0}, which is not in the folder",
                                "club.json исключает {0}, но такого файла в папке нет"),
    "notice.look_alike": ("{0} and {1} look alike (a letter of another alphabet?) and are "
                          "counted as two players; if they are one, merge them with: "
                          "whistscore club {2} --alias {3}",
                          "{0} и {1} выглядят одинаково (буква другого алфавита?) и считаются "
                          "двумя игроками; если это один человек, объедините их командой: "
                          "whistscore club {2} --alias {3}"),
    "left.copy": ("the same evening as {0} (a copy); counted once, as {0}",
                  "тот же вечер, что и {0} (копия); учтён один раз, как {0}"),
    "left.copy_first": ("the same evening as {0} (a copy of its first deals); counted once, "
                        "as {0}",
                        "тот же вечер, что и {0} (копия его первых сдач); учтён один раз, "
                        "как {0}"),
    "left.same_player": ("{0} and {1} are both the club player {2} (club.json's players)",
                         "{0} и {1} — один и тот же игрок клуба {2} (игроки в club.json)"),
    "unit.vist": ("vists", "висты"),
    "unit.point": ("points", "очки"),
    "record.biggest_win": ("biggest evening win (points)", "крупнейший выигрыш вечера (очки)"),
    "record.biggest_loss": ("biggest evening loss (points)", "крупнейший проигрыш вечера (очки)"),
    "record.biggest_win_money": ("biggest evening win (money)",
                                 "крупнейший выигрыш вечера (деньги)"),
    "record.biggest_loss_money": ("biggest evening loss (money)",
                                  "крупнейший проигрыш вечера (деньги)"),
    "record.longest_evening": ("longest evening (deals)", "самый долгий вечер (сдачи)"),
    "record.biggest_swing": ("biggest single-deal swing (points)", "крупнейший перепад за сдачу (очки)"),
    "record.highest_contract": ("highest contract made", "самая высокая сыгранная игра"),
    "record.most_miseres": ("most misères made in one evening", "больше всего сыгранных мизеров за вечер"),
    "record.longest_allpass": ("longest all-pass series", "самая длинная серия распасов"),
    "record.most_remizes": ("most remizes in one evening (contracts gone down)",
                            "больше всего ремизов за вечер (подсадов)"),
    "record.most_symbols": ("most nota symbols in one game", "больше всего символов ноты в игре"),
    "record.best_twist_round": ("best twist round (points won in it)",
                                "лучший твист-круг (очки, выигранные в нём)"),
    "record.all_honours": ("deals with all four honours in one hand", "сдачи со всеми четырьмя онёрами на руке"),
    "record.highest_alone": ("highest contract made alone", "самый высокий контракт, сыгранный в одиночку"),
}

#: each record's English title, as the CLI and the JSON give it
RECORD_TITLES = {k[len("record."):]: v[0] for k, v in WORDS.items() if k.startswith("record.")}


class Words(dict[str, str]):
    """The club's words in one language, and :meth:`say` to fill one in: a page or the
    text says "3 вечера" and "1 evening" with the words alone."""

    def __init__(self, lang: str, table: dict[str, str]) -> None:
        super().__init__(table)
        self.lang = lang

    def say(self, key: str, *args: object) -> str:
        """The word ``key`` with ``args``: numbers agreeing, names in their case."""
        from ..i18n import formed

        return formed(self[key], args, self.lang)


def words(lang: str) -> Words:
    """The club's words in ``lang`` ("en" or "ru"; anything else is English)."""
    from ..games import GAMES, get_game
    from ..i18n import game_name

    out = own_words(lang)
    # each game's name as the game itself says it (``game.<kind>``): a new game needs no
    # word here
    out.update({f"game.{kind}": game_name(get_game(kind), out.lang) for kind in GAMES})
    return out


def own_words(lang: str) -> Words:
    """The club's own words in ``lang``, without the games' names: the command line's text
    of an archive names the games as the archive keeps them, and loads no game."""
    i = 1 if lang == "ru" else 0
    return Words("ru" if i else "en", {k: v[i] for k, v in WORDS.items()})


def period_words(w: Mapping[str, str], period: Mapping[str, Any]) -> str:
    """A period of the club's answers (``{"season", "from", "to"}``) in ``w``'s language."""
    if period["season"]:
        return w["season"].format(period["season"], period["from"], period["to"])
    if period["from"] or period["to"]:
        if not period["to"]:
            return w["from_day"].format(period["from"])
        if not period["from"]:
            return w["until_day"].format(period["to"])
        return w["range"].format(period["from"], period["to"])
    return w["all_time"]


#: the words a club's English notice or left-out reason is made from, tried in this order
SAID_AGAIN = ("notice.not_kept_foreign", "notice.not_kept", "notice.set_aside", "notice.odd",
              "notice.took_results", "notice.excluded_missing", "notice.look_alike",
              "left.copy_first", "left.copy", "left.same_player")
#: a field of a word: "{0}", "{0@genitive}", "{0|game|games}"
_FIELD = re.compile(r"\{(\d)(?:@\w+|((?:\|[^{}|]*)+))?\}")
#: longer than this, a text is not said again (its fields are matched by backtracking)
_SAID_AGAIN_MAX = 4000


def _pattern(template: str) -> re.Pattern[str]:
    """The English ``template`` as a pattern that finds its fields in a text made from it:
    a field said twice is the same text both times, a word agreeing with a number is any
    of its forms."""
    out, seen, pos = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[pos:m.start()]))
        i = m.group(1)
        if m.group(2):
            out.append("(?:" + "|".join(re.escape(f) for f in m.group(2)[1:].split("|")) + ")")
        elif i in seen:
            out.append(f"(?P=a{i})")
        else:
            seen.add(i)
            out.append(f"(?P<a{i}>.*?)")
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out), re.S)


_PATTERNS: dict[str, re.Pattern[str]] = {}


def said_again(text: str, lang: str) -> str:
    """A club notice or left-out reason (made in English from :data:`SAID_AGAIN`'s words)
    said in ``lang``: the archive keeps and answers them in English, and a Russian reader
    reads them in Russian.  A cause among the fields ("the disk is full") is said in
    ``lang`` too; a text made from no such word (a game file's own error) is returned as
    it is."""
    if lang == "en" or len(text) > _SAID_AGAIN_MAX:
        return text
    en = own_words("en")
    for key in SAID_AGAIN:
        pattern = _PATTERNS.get(key)
        if pattern is None:
            pattern = _PATTERNS[key] = _pattern(en[key])
        m = pattern.fullmatch(text)
        if m is None:
            continue
        w = own_words(lang)
        causes = {en[k]: w[k] for k in en if k.startswith("cause.")}
        fields = m.groupdict()
        args: list[object] = []
        for i in range(max((int(k[1:]) for k in fields), default=-1) + 1):
            value = fields.get(f"a{i}", "")
            args.append(int(value) if value.isdigit() else causes.get(value, value))
        return w.say(key, *args)
    return text
