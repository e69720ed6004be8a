"""``bridgeroom deal`` and ``bridgeroom simulate`` in Russian (issue 13): every word a person reads
(tables, titles, statistics, notes, progress, errors naming the script's line, the plots' titles,
axis labels and legends) comes from the catalogue with the plural forms of 0, 1, 2, 5, 11, 21, 22;
PBN and JSON are the same in every language.

The expected Russian forms are written out here by hand (the grammar's rule, not our code's):
1, 21 сдача; 2-4, 22 сдачи; 0, 5-20, 25 сдач (11-14 too); after "из" (of) 1, 21 сдачи, else сдач.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from bridgeroom.analysis.leads import simulate_lead
from bridgeroom.analysis.report import figure, tables
from bridgeroom.analysis.simulate import simulate_contracts
from bridgeroom.cli.main import main

NT = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)"
SOUTH = "KQ872.K94.Q73.82"
COUNTS = (0, 1, 2, 5, 11, 21, 22)
#: "N сдача" (nominative): the noun after each count.
DEALS = {0: "сдач", 1: "сдача", 2: "сдачи", 5: "сдач", 11: "сдач", 21: "сдача", 22: "сдачи"}
#: "из N сдачи" (genitive, after "of").
OF_DEALS = {0: "сдач", 1: "сдачи", 2: "сдач", 5: "сдач", 11: "сдач", 21: "сдачи", 22: "сдач"}
#: "в N сдаче" (prepositional, "over N deals").
IN_DEALS = {
    0: "сдачах",
    1: "сдаче",
    2: "сдачах",
    5: "сдачах",
    11: "сдачах",
    21: "сдаче",
    22: "сдачах",
}

LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")
#: Latin words a Russian screen of these commands may show: the program, its options, and the
#: words of the Dealer language a person types (named in an error about them).
CODE = {"bridgeroom", "deal", "simulate", "generate"}


def latin_words(text: str, allowed: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The English (Latin) words in ``text`` other than the allowed code words."""
    return [w for w in LATIN.findall(text) if w not in CODE | allowed]


def rendered(items: list[object]) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None, record=True)
    for item in items:
        console.print(item)
    return console.export_text()


def contract_result(n: int) -> object:
    if n == 0:  # no deal meets the condition in the deals tried
        return simulate_contracts("hcp(north) >= 37", ["3NT:N", "4S:S"], 5, seed=1, max_tries=500)
    return simulate_contracts(NT, ["3NT:N", "4S:S"], n, seed=n, predeal=(0, 0, _mask(SOUTH), 0))


def _mask(hand: str) -> int:
    from bridgeroom.rules import Hand

    return Hand(hand).mask


def figure_texts(fig: object) -> list[str]:
    """Every text of a matplotlib figure: titles, axis labels, tick labels, legends."""
    out: list[str] = []
    suptitle = getattr(fig, "_suptitle", None)
    if suptitle is not None:
        out.append(suptitle.get_text())
    for ax in fig.axes:  # type: ignore[attr-defined]
        out += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        out += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        legend = ax.get_legend()
        if legend is not None:
            out += [t.get_text() for t in legend.get_texts()]
    return [t for t in out if t]


@pytest.mark.parametrize("n", COUNTS)
def test_a_contract_simulation_in_russian_takes_the_plural_forms(n: int) -> None:
    result = contract_result(n)
    text = rendered(tables(result, "ru"))  # type: ignore[arg-type]
    assert text.startswith(f"{n} {DEALS[n]}, счёт: дубликатный, в зоне: никто, зерно "), text
    for word in ("Контракт", "Выполнен (95%)", "Взяток в среднем", "ИМПы за сдачу", "3БК С"):
        assert word in text
    assert "4♠ Ю" in text and "Разница для линии СЮ" in text
    assert not latin_words(text), latin_words(text)
    notes = [note.render("ru") for note in result.notes]  # type: ignore[attr-defined]
    if n == 0:
        assert notes == ["условиям отвечают только 0 из 5 сдач среди 500 проверенных"]
    else:
        assert notes == []
    import matplotlib.pyplot as plt

    fig = figure(result, "ru")  # type: ignore[arg-type]
    try:
        texts = figure_texts(fig)
    finally:
        plt.close(fig)
    assert f"Взятки в {n} {IN_DEALS[n]}" in texts
    assert "взятки разыгрывающего (в открытую)" in texts and "% сдач" in texts
    assert "Средний счёт (дубликатный),\n95% интервал" in texts
    assert "3БК С" in texts and "4♠ Ю" in texts  # the contracts under the means
    legend = [t for t in texts if "выполнен в" in t]
    assert len(legend) == 2 and legend[0].startswith("3БК С: выполнен в "), texts
    assert not latin_words(" ".join(texts)), texts


@pytest.mark.parametrize("n", [1, 2, 5, 21, 22])
def test_an_opening_lead_in_russian_takes_the_plural_forms(n: int) -> None:
    """4♥ by South: the defence needs 4 tricks (взятки); 3NT by North: 5 (взяток)."""
    result = simulate_lead("KQ72.A84.T963.J5", "4H:S", n, seed=n)
    text = rendered(tables(result, "ru"))
    assert text.startswith(
        f"Первый ход: Запад против контракта 4♥ Ю: {n} {DEALS[n]}, защите нужно 4 взятки, зерно {n}"
    ), text
    assert "♠К" in text and "♦10" in text and "Подсаживает (95%)" in text
    assert not latin_words(text), latin_words(text)
    three = rendered(tables(simulate_lead("KQ72.A84.T963.J5", "3NT:N", 1, seed=1), "ru"))
    assert "защите нужно 5 взяток" in three
    import matplotlib.pyplot as plt

    fig = figure(result, "ru")
    try:
        texts = figure_texts(fig)
    finally:
        plt.close(fig)
    assert f"Первые ходы против 4♥ Ю ({n} {DEALS[n]})" in texts
    assert "взятки защиты (среднее, 95% интервал)" in texts
    assert "шанс подсадить контракт (%)" in texts and "♥Т" in texts
    assert not latin_words(" ".join(texts)), texts


def test_the_simulate_command_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The whole screen of ``simulate --lang ru`` (with the notes of what the auction showed and
    the progress bar) is Russian; --json is the same as in English; the plot is written."""
    lead = ["simulate", "--hand", "KQ72.A84.T963.J5", "--auction", "1H P 2H P 4H P P P",
            "--dealer", "S", "-n", "22", "--seed", "1", "--workers", "0"]  # fmt: skip
    assert main([*lead, "--lang", "ru", "--progress", "--plot", str(tmp_path / "lead.svg")]) == 0
    out, err = capsys.readouterr()
    assert "Первый ход: Запад против контракта 4♥ Ю: 22 сдачи" in out
    assert "замечание: Юг: " in out and "♥ 5+" in out
    assert not latin_words(out), latin_words(out)
    assert "расчёт" in err and "22/22 сдач" in err and "сдач/с" in err
    assert not latin_words(err), err
    assert (tmp_path / "lead.svg").read_text().lstrip().startswith("<?xml")
    assert main([*lead, "--lang", "ru", "--json"]) == 0
    russian = json.loads(capsys.readouterr().out)
    assert main([*lead, "--lang", "en", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == russian


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "0", "--contracts", "3NT:N"], "для моделирования нужна хотя бы одна сдача, а не 0"),
        (["--contracts", "3NT"], "у «3NT» не указан разыгрывающий: 3NT:S, 4S:N"),
        (["--lead", "4H:S"], "для моделирования первого хода нужна рука"),
        (["--contracts", "3NT:N", "--lead", "4H:S"], "укажите --contracts или первый ход"),
        (["--hand", "AKQ.-.-.-", "--lead", "4H:S"], "13 карт, а не 3"),
        (["--contracts", "3NT:N", "--plot", "x.pdf"], "график пишется в файл .png или .svg"),
        (
            ["--hand", "KQ72.A84.T963.J5", "--auction", "1H P 2H", "--dealer", "S"],
            "торговля «1H P 2H» не заканчивается контрактом",
        ),
        (
            ["--contracts", "3NTX:N", "--game", "minibridge"],
            "в таблице «сдачи мини-бриджа» нет контр (MB-6): 3БКX, играет Север",
        ),
        (
            ["--contracts", "3NT:N", "--game", "auction", "--vulnerable", "NS"],
            "в таблице «роббер бриджа-аукциона» нет зон (AB-5), поэтому зону С-Ю не сосчитать",
        ),
        (["--contracts", "3NT:N", "--scoring", "foo"], "нет таблицы счёта «foo»; таблицы: "),
        (["--contracts", "3NT:N", "--generate", "-3"], "число попыток — 0 или больше, а не -3"),
    ],
)
def test_simulate_errors_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    args = [str(tmp_path / a) if a.endswith(".pdf") else a for a in args]
    assert main(["simulate", "-n", "2", "--workers", "0", "--lang", "ru", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bridgeroom simulate: ошибка: ") and message in err, err
    assert err.count("\n") == 1


def deal_ru(capsys: pytest.CaptureFixture[str], script: str, *args: str) -> tuple[int, str, str]:
    stdin = sys.stdin
    sys.stdin = io.StringIO(script)
    try:
        code = main(["deal", "-", "--workers", "0", "--lang", "ru", *args])
    finally:
        sys.stdin = stdin
    out, err = capsys.readouterr()
    return code, out, err


def test_dealer_statistics_and_text_boards_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """Dealer's ``average`` and ``frequency`` (a label the script gives is its own), and the
    text boards: Russian seats, rank letters (Т К Д В), dealer and vulnerability."""
    script = (
        'produce 2\ncondition hcp(north) >= 20\naction printall, average "очки Севера" '
        "hcp(north), average hcp(south), frequency (spades(north), 3, 5)\n"
    )
    code, out, err = deal_ru(capsys, script, "--seed", "3", "-f", "text")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Сдача 1  Сдаёт С  Зона: никто"
    assert lines[1].split() == ["Север", "Восток", "Юг", "Запад"]
    assert "Сдача 2  Сдаёт В  Зона: С-Ю" in lines
    assert re.search(r"^очки Севера: \d\d,\d\d$", out, re.M)
    assert re.search(r"^average \(строка 3\): \d+,\d\d$", out, re.M)
    assert "frequency (строка 3):" in lines
    table = lines[lines.index("frequency (строка 3):") + 1 :]
    assert [row.split()[0] for row in table] == ["ниже", "3", "4", "5", "выше"]
    assert sum(int(row.split()[1]) for row in table) == 2
    assert all(row.endswith(" %") and "," in row for row in table)
    assert not latin_words(out, {"average", "frequency"}), latin_words(out)


@pytest.mark.parametrize("n", COUNTS[1:])
def test_too_few_boards_in_russian(capsys: pytest.CaptureFixture[str], n: int) -> None:
    code, out, err = deal_ru(capsys, "condition hcp(north) >= 37\n", "-n", str(n),
                             "--generate", "2000")  # fmt: skip
    assert code == 1 and out == ""  # fewer boards than asked is a failure (issue 38, item 18)
    m = re.fullmatch(
        r"bridgeroom deal: условиям отвечают только 0 из (\d+) (\S+) среди (\d+) (.+) "
        r"\(увеличьте --generate, чтобы проверить больше\)\n",
        err,
    )
    assert m is not None, err
    assert (int(m[1]), m[2]) == (n, OF_DEALS[n])
    tried = int(m[3])
    one = tried % 10 == 1 and tried % 100 != 11
    assert m[4] == ("проверенной сдачи" if one else "проверенных сдач")


def test_the_boards_are_the_same_in_every_language(capsys: pytest.CaptureFixture[str]) -> None:
    """PBN is for programs: ``--lang ru`` changes nothing in it."""
    args = ["deal", "-c", "hcp(north) >= 12", "-n", "3", "--seed", "5", "--workers", "0"]
    assert main([*args, "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert main([*args, "--lang", "ru"]) == 0
    assert capsys.readouterr().out == english and "[Board " in english


def test_practice_sets_listed_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--list-sets", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line for line in out.splitlines()}
    assert "Мини-бридж" in rows["minibridge-20-20"] and "Контрактный бридж" in rows["stayman"]
    assert rows["stayman"].endswith("у Юга четвёрка в старшей масти и 8+ очков: Стейман")
    titles = " ".join(line.split(maxsplit=1)[1] for line in out.splitlines())
    assert not [w for w in latin_words(titles) if not w.startswith("MB-")], titles


@pytest.mark.parametrize(
    ("script", "line", "message"),
    [
        ("produce 3\n\ncondition quality(north, spades) > 100\n", 3,
         "quality() в bridgeroom не поддерживается (качество масти по Каплану и Рубенсу); "
         "есть функции hcp, spades, hearts, diamonds, clubs, shape, hascard, controls, losers, "
         "pt0-pt9, tricks, score, imps"),
        ("x = hcp(north)\ncondition y > 3\n", 2,
         "y не определено (определите его строкой «y = ...» раньше, чем используете)"),
        ("produce 2\ncondition hcp(north) >= 20 &&", 2,
         "ожидалось: выражение; а стоит конец сценария"),
        ("condition hcp(north) > 10\naction frequency (hcp(north), 10, 5)\n", 2,
         "frequency: верхняя граница 5 меньше нижней 10"),
        ("predeal north SAK2, SK\n", 1, "SK сдана заранее дважды"),
        ("condition shape(north, 4333 * 5332)\n", 1, "* не к месту в списке распределений"),
        ("printall\n", 1, "printall — это действие: пишите «action printall»"),
    ],
)  # fmt: skip
def test_a_dealer_script_error_in_russian_names_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, script: str, line: int, message: str
) -> None:
    path = tmp_path / "урок.dealer"
    path.write_text(script, encoding="utf-8")
    assert main(["deal", str(path), "--workers", "0", "--lang", "ru"]) == 2
    err = capsys.readouterr().err
    assert err == f"bridgeroom deal: ошибка: {path}: строка {line}: {message}\n"
    code, _, err = deal_ru(capsys, script)
    assert code == 2
    assert err == f"bridgeroom deal: ошибка: стандартный ввод: строка {line}: {message}\n"
    words = latin_words(message)
    assert all(w in script or w == "action" or w in message.split("функции ")[-1] for w in words)


def test_a_warning_and_predeal_errors_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = deal_ru(
        capsys, "condition hcp(north) > 30\ncondition hcp(south) > 10\n", "-n", "1", "--seed", "1"
    )
    assert code == 0 and "[Board " in out
    assert err == (
        "bridgeroom deal: <stdin>: строка 2: это условие заменяет условие строки 1 (как и в "
        "исходном генераторе; чтобы действовали оба, соедините их знаком &&)\n"
    )
    code, _, err = deal_ru(capsys, "", "--predeal", "north SAK, SA")
    assert code == 2
    assert err == (
        "bridgeroom deal: ошибка: predeal «north SAK, SA»: SA сдана заранее дважды "
        "(пишите N:AKQ2.K32.A2.Q432 или 'north SAK2, HQJ3')\n"
    )
    code, _, err = deal_ru(capsys, "", "--set", "1nt-opening")
    assert (
        code == 2
        and err == "bridgeroom deal: ошибка: укажите сценарий или --set, но не то и другое\n"
    )


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_message_of_these_commands_is_in_its_language(lang: str) -> None:
    """The catalogue's messages of ``deal``, ``simulate`` and Dealer scripts, their placeholders
    filled, hold no word of the other language (code words are placeholders, filled in here with
    numbers); both catalogues have the same keys and placeholders."""
    from bridgeroom.i18n import Message, catalogue
    from bridgeroom.rules import Suit

    prefixes = ("dealer.", "deal.", "simulate.", "practice.", "cli.", "analysis.")
    keys = sorted(k for k in catalogue(lang) if k.startswith(prefixes))
    assert len(keys) > 150 and set(keys) <= set(catalogue("en" if lang == "ru" else "ru"))
    slips = {}
    for key in keys:
        text = catalogue(lang)[key]
        specs = dict(re.findall(r"\{(\w+)(?:![rs])?(?::([^}]*))?\}", text))
        params = {name: Suit.HEARTS if spec == "sym" else 5 for name, spec in specs.items()}
        shown = Message(key, **params).render(lang)
        if lang == "ru":
            words = [w for w in latin_words(shown) if not w.startswith("MB-")]
        else:
            words = re.findall(r"[А-Яа-яЁё]+", shown)
        if words:
            slips[key] = words
    assert not slips, slips
