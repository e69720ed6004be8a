"""Analyses written for people, in English or Russian: vulnerability, par, table headings.

One place for the words the terminal, the hand records (SVG, HTML, PDF) and the
deal review share.

    >>> from bridgeroom.rules import Contract, Vulnerability
    >>> from bridgeroom.analysis.dd import Par, ParContract
    >>> vul_text(Vulnerability.NS, "ru")
    'С-Ю'
    >>> par = Par(-100, (ParContract(Contract("5HXN"), -1), ParContract(Contract("5HXS"), -1)))
    >>> par_text(par, "en"), par_text(par, "ru")
    ('Par -100: 5♥X N/S -1', 'Пар -100: 5♥X С/Ю -1')
    >>> strain_heading(Strain.NOTRUMP, "ru")
    'БК'
"""

from __future__ import annotations

from bridgeroom.analysis.dd import Par, ParContract
from bridgeroom.i18n import Message, seat_letter, strain_text, translate
from bridgeroom.rules.core import Strain, Vulnerability

__all__ = ["par_contract_text", "par_text", "strain_heading", "vul_text"]


def vul_text(vulnerability: Vulnerability, lang: str = "en") -> str:
    """``None``, ``N-S``, ``E-W``, ``All`` (``никто``, ``С-Ю``, ``В-З``, ``все``)."""
    return translate(f"analysis.vul_{vulnerability.pbn}", lang)


def strain_heading(strain: Strain, lang: str = "en") -> str:
    """A column heading of a double-dummy table: ``♣ ♦ ♥ ♠`` and ``NT`` / ``БК``."""
    return strain_text(strain, lang)


def par_contract_text(contracts: tuple[ParContract, ...], lang: str = "en") -> list[str]:
    """The par contracts for people, a contract both partners make written once:
    ``4♥ N/S``, ``5♦X E -2``."""
    out: list[str] = []
    for c in contracts:
        contract, declarer = c.contract, c.contract.declarer
        assert declarer is not None
        text = (
            f"{contract.level}{strain_text(contract.strain, lang)}"
            + ("", "X", "XX")[contract.doubled]
        )
        mark = f" {c.overtricks:+d}" if c.overtricks else ""
        partner = ParContract(
            contract.__class__(contract.level, contract.strain, contract.doubled, declarer.partner),
            c.overtricks,
        )
        if partner in contracts:
            first, second = sorted((declarer, declarer.partner))
            who = f"{seat_letter(first, lang)}/{seat_letter(second, lang)}"
        else:
            who = seat_letter(declarer, lang)
        line = f"{text} {who}{mark}"
        if line not in out:
            out.append(line)
    return out


def par_text(par: Par, lang: str = "en") -> str:
    """``Par +420: 4♥ N/S`` (``Пар +420: 4♥ С/Ю``); ``Par 0: passed out``."""
    if not par.contracts:
        return translate("analysis.par_pass", lang)
    return Message(
        "analysis.par", score=par.score, contracts=", ".join(par_contract_text(par.contracts, lang))
    ).render(lang)
