"""A faster constructor for the frozen attrs values made once or more per deal (private).

Kept apart from the ledger, whose job is the sheet's numbers: this is a speed device
for :mod:`whistscore.game`, :mod:`whistscore.replay` and the games' scoring states.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

__all__ = ["fast_init"]


def fast_init(cls: type[Any]) -> Callable[..., None]:
    """A constructor for a frozen, slotted attrs class that writes its slots directly.

    Entries, deal contexts and results are made once or more per deal, so
    their constructors are the hottest code of a replay.  attrs' own frozen
    ``__init__`` goes through ``object.__setattr__`` for every field, about
    twice the cost.  The class stays frozen (assigning an attribute still
    raises); only classes without validators, converters or factories qualify.
    """
    params, lines = [], []
    namespace: dict[str, Any] = {}
    for i, field in enumerate(attrs.fields(cls)):
        if field.validator is not None or field.converter is not None or not field.init:
            raise TypeError(f"{cls.__name__}.{field.name}: fast_init needs a plain field")
        if isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            raise TypeError(f"{cls.__name__}.{field.name}: fast_init needs a plain default")
        namespace[f"_set{i}"] = cls.__dict__[field.name].__set__
        if field.default is attrs.NOTHING:
            params.append(field.name)
        else:
            namespace[f"_default{i}"] = field.default
            params.append(f"{field.name}=_default{i}")
        lines.append(f"    _set{i}(self, {field.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(lines) + "\n"
    exec(source, namespace)  # noqa: S102 - built from the class's own field names only
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    return init
