"""Every exception class the package defines survives a process boundary: an instance of
each, pickled and unpickled (as pytest-xdist workers, the statistics' process pool and
the Dask cluster send them), is an exception of the same class with the same message and
attributes. ``GameRefused`` could not be unpickled (its ``__init__`` takes ``code`` and
``message``; pickle called it with the formatted message alone), so a game refusing a
seed in a worker process surfaced as ``BrokenProcessPool``, a harness error."""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

# Modules that are not importable on their own: the pytest-bdd feature modules bind their
# scenarios at import, which needs a pytest session; a ``__main__`` runs its command. They
# define no exception.
NOT_IMPORTED = ("baccarat_conformance.features.test_",)


def _packages() -> list[str]:
    """The packages pyproject.toml declares (each top-level folder is a subpackage of its own
    folder, ``package-dir``: walking ``baccarat_conformance`` alone finds only harness/)."""
    with open(Path(__file__).parents[2] / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]["packages"]


def _modules() -> list[str]:
    names = set()
    for package in _packages():
        names.add(package)
        path = importlib.import_module(package).__path__
        for info in pkgutil.iter_modules(path, package + "."):
            if not info.name.startswith(NOT_IMPORTED) and not info.name.endswith(".__main__"):
                names.add(info.name)
    return sorted(names)


def exception_classes() -> dict[str, type]:
    """qualified name -> every exception (and warning) class defined in the package."""
    found = {}
    for name in _modules():
        module = importlib.import_module(name)
        for obj in vars(module).values():
            if inspect.isclass(obj) and issubclass(obj, BaseException) and \
                    obj.__module__ in (name, "builtins") and obj.__qualname__ not in ("BaseException",):
                if obj.__module__ == "builtins" and getattr(module, obj.__name__, None) is not obj:
                    continue
                found[f"{name}.{obj.__qualname__}"] = obj
    return found


def _sample(param: inspect.Parameter):
    """A value for a constructor argument, by its name."""
    name = param.name
    if name in ("cards", "shoe", "extra", "suggestions", "problems"):
        return ["9H", "KS"]
    if name in ("examples", "found_at", "line", "lineno", "limit", "size", "offset", "returncode"):
        return 7
    if name == "cause":
        from baccarat_conformance.judging.errors import Nonconformance

        return Nonconformance("631a.13(a)", "pays 1 to 1", "paid 2 to 1", ["9H", "KS"])
    if name == "amount":
        return Decimal("5.00")
    if name == "exchange":
        return {"request": {"op": "start_shoe", "seed": 2 ** 64 - 1}, "response": {"error": {"code": "bad"}}}
    return f"<{name}>"


def instance(cls: type) -> BaseException:
    """An instance of ``cls`` with every parameter of its constructor given."""
    sig = inspect.signature(cls.__init__)
    args, kwargs = [], {}
    for p in list(sig.parameters.values())[1:]:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.kind == p.KEYWORD_ONLY:
            kwargs[p.name] = _sample(p)
        elif p.name == "args":
            args.append("<message>")
        else:
            args.append(_sample(p))
    if not args and not kwargs:
        args = ["<message>"]
    return cls(*args, **kwargs)


CLASSES = exception_classes()


def test_the_walk_finds_the_harness_exceptions():
    from baccarat_conformance.judging.errors import Blocked, GameRefused, Nonconformance

    assert {GameRefused, Nonconformance, Blocked} <= set(CLASSES.values())
    assert len(CLASSES) > 25, sorted(CLASSES)


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_exception_survives_pickling(name):
    cls = CLASSES[name]
    original = instance(cls)
    copy = pickle.loads(pickle.dumps(original))
    assert type(copy) is cls
    assert str(copy) == str(original)
    assert copy.args == original.args
    mine = {k: v for k, v in vars(original).items() if not k.startswith("_")}
    assert {k: v for k, v in vars(copy).items() if k in mine} == mine


def _refuse_seed(seed: int) -> None:
    from baccarat_conformance.judging.errors import GameRefused

    raise GameRefused("invalid_request", f"seed {seed} is above 2^63", op="start_shoe",
                      exchange={"request": {"op": "start_shoe", "seed": seed}})


def test_a_refusal_in_a_worker_process_arrives_as_the_refusal():
    """The statistics' chunks run in a process pool: a game refusing an operation there
    reached the parent as ``BrokenProcessPool`` (a harness error) instead of the refusal."""
    from concurrent.futures import ProcessPoolExecutor

    from baccarat_conformance.judging.errors import GameRefused

    with ProcessPoolExecutor(max_workers=1) as pool, pytest.raises(GameRefused) as e:
        pool.submit(_refuse_seed, 2 ** 63 + 1).result(timeout=60)
    assert e.value.code == "invalid_request" and e.value.op == "start_shoe"
    assert str(e.value) == f"[adapter error] start_shoe refused by the game (invalid_request): seed {2 ** 63 + 1} " \
                           "is above 2^63"
