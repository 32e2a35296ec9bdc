"""What the referee decides about one action: the :class:`Ruling` and its reasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bola8.errors import InputError
from bola8.rules import _fields as f
from bola8.rules.balls import GROUP_NAMES
from bola8.rules.messages import MESSAGES, fields_of, sentences

LANGS = ("es", "en")


def _group(value: Any, where: str) -> str:
    return f.choice(value, where, GROUP_NAMES)


def _turns(value: Any, where: str) -> int:
    return f.integer(value, where, 1)


# What each value a sentence can hold may be (messages.py names them).
VALUE_KINDS = {"group": _group, "other": _group, "turns": _turns}


@dataclass(frozen=True)
class Reason:
    """One reason of a ruling: a stable code, the seed's article, a sentence in each language."""

    code: str
    article: str
    es: str
    en: str
    values: tuple[tuple[str, Any], ...] = ()   # what the sentences hold, e.g. (("turns", 6),)

    def text(self, lang: str = "es") -> str:
        """The sentence in ``lang``: "es" (the default) or "en"."""
        if lang not in LANGS:
            raise InputError(f"lang: {f.spell(lang)} is not a language; expected es or en.",
                             f"lang: {f.spell(lang, 'es')} no es un idioma; se esperaba es o en.")
        return self.es if lang == "es" else self.en

    def to_dict(self, lang: str = "es") -> dict[str, object]:
        """The contract's REASON: code, article, the sentence in ``lang``, and its values when it holds any.
        """
        data: dict[str, object] = {"code": self.code, "article": self.article, "text": self.text(lang)}
        if self.values:
            data["values"] = dict(self.values)
        return data


def reason(code: str, **values: object) -> Reason:
    """The reason ``code`` from the message table (messages.py), with the values its sentence holds."""
    article, es, en = sentences(code, values)
    return Reason(code=code, article=article, es=es, en=en, values=tuple(sorted(values.items())))


def _reason_values(item: dict[str, Any], code: str, where: str) -> dict[str, Any]:
    """The values of a reason read from JSON: exactly the ones its sentence holds, each valid."""
    names = fields_of(code)
    if not names:
        if "values" in item:
            raise InputError(f"{where}.values: {f.spell(code)} holds no values.",
                             f"{where}.values: {f.spell(code, 'es')} no lleva valores.")
        return {}
    data = f.require_object(f.require_present(item, "values", where), f"{where}.values")
    f.refuse_unknown(data, names, f"{where}.values")
    values = {name: VALUE_KINDS[name](f.require_present(data, name, f"{where}.values"),
                                      f"{where}.values.{name}") for name in names}
    if "group" in values and values["group"] == values.get("other"):
        raise InputError(f"{where}.values.other: the opponent's group must differ from the shooter's.",
                         f"{where}.values.other: el grupo del contrario debe ser distinto del del jugador que tira.")
    return values


@dataclass(frozen=True)
class Ruling:
    """The contract's ruling: foul, reasons, balls legally pocketed, balls re-spotted, turn passes."""

    foul: bool = False
    reasons: tuple[Reason, ...] = ()
    legally_pocketed: tuple[int, ...] = ()
    respotted: tuple[int, ...] = ()      # in spotting order (Art. 16: numerical, lowest first)
    turn_passes: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "reasons", tuple(self.reasons))
        object.__setattr__(self, "legally_pocketed", tuple(self.legally_pocketed))
        object.__setattr__(self, "respotted", tuple(self.respotted))

    @property
    def codes(self) -> tuple[str, ...]:
        """The reasons' codes, in order."""
        return tuple(r.code for r in self.reasons)

    def to_dict(self, lang: str = "es") -> dict[str, object]:
        """The contract's RULING, every sentence in ``lang``."""
        return {
            "foul": self.foul,
            "reasons": [r.to_dict(lang) for r in self.reasons],
            "legally_pocketed": list(self.legally_pocketed),
            "respotted": list(self.respotted),
            "turn_passes": self.turn_passes,
        }

    @classmethod
    def from_dict(cls, data: Any, where: str = "ruling") -> Ruling:
        """Read back a ruling written by :meth:`to_dict` (in either language)."""
        data = f.require_object(data, where)
        f.refuse_unknown(data, ("foul", "reasons", "legally_pocketed", "respotted", "turn_passes"), where)
        reasons = []
        for i, item in enumerate(f.array(f.require_present(data, "reasons", where), f"{where}.reasons")):
            item = f.require_object(item, f"{where}.reasons[{i}]")
            f.refuse_unknown(item, ("code", "article", "text", "values"), f"{where}.reasons[{i}]")
            code = f.choice(f.require_present(item, "code", f"{where}.reasons[{i}]"),
                            f"{where}.reasons[{i}].code", tuple(MESSAGES))
            values = _reason_values(item, code, f"{where}.reasons[{i}]")
            built = reason(code, **values)
            if item.get("article", built.article) != built.article:
                raise InputError(f"{where}.reasons[{i}].article: {f.spell(code)} cites Art. {built.article}, "
                                 f"not {f.spell(item.get('article'))}.",
                                 f"{where}.reasons[{i}].article: {f.spell(code, 'es')} cita el Art. {built.article}, "
                                 f"no {f.spell(item.get('article'), 'es')}.")
            reasons.append(built)

        def balls(key: str) -> tuple[int, ...]:
            return tuple(f.integer(b, f"{where}.{key}[{i}]", 1, 15)
                         for i, b in enumerate(f.array(f.require_present(data, key, where), f"{where}.{key}")))

        return cls(foul=f.boolean(f.require_present(data, "foul", where), f"{where}.foul"),
                   reasons=tuple(reasons), legally_pocketed=balls("legally_pocketed"),
                   respotted=balls("respotted"),
                   turn_passes=f.boolean(f.require_present(data, "turn_passes", where), f"{where}.turn_passes"))
