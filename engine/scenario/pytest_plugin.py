"""pytest plugin: collect ``*.scenario.yaml`` files, one test item per scenario.

Registered through the ``pytest11`` entry point, so installing bohn is all a
fan-expansion repository needs: ``pytest`` then runs its scenario files with pytest's
own reporting and selection (``-k``), and no Python of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.errors import BohnError
from engine.scenario.model import SUFFIX, Scenario, load_scenarios
from engine.scenario.run import run_scenario


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    if file_path.name.endswith(SUFFIX):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFailed(Exception):
    """A scenario's failure, already formatted with its file:line and diff."""


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            scenarios = load_scenarios(self.path)
        except BohnError as exc:
            yield InvalidFile.from_parent(self, name="(invalid scenario file)", error=exc)
            return
        for sc in scenarios:
            yield ScenarioItem.from_parent(self, name=sc.name, scenario=sc)


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        outcome = run_scenario(self.scenario)
        if outcome.failure is not None:
            raise ScenarioFailed(outcome.failure.format())

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        line = self.scenario.span.line - 1 if self.scenario.span else None
        return self.path, line, f"scenario: {self.scenario.name}"


class InvalidFile(pytest.Item):
    def __init__(self, *, error: BohnError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error

    def runtest(self) -> None:
        raise ScenarioFailed(str(self.error))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return str(excinfo.value)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, 0, "invalid scenario file"
