"""pytest plugin for the mutation run's coverage map: each line is recorded under the test that ran it,
or under the module- or session-scoped fixture that ran it (its output is read by every test that
uses it), also in the commands the tests start (coverage's subprocess patch, the context passed down
in MUTMAP_CONTEXT). Builds run their jobs in-process (forked workers would share one data file)."""
import json
import multiprocessing
import os

import coverage
import pytest

multiprocessing.get_all_start_methods = lambda: ["spawn"]


def _switch(name: str) -> None:
    current = coverage.Coverage.current()
    if current is not None:
        current.switch_context(name)
    os.environ["MUTMAP_CONTEXT"] = name


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    _switch(item.nodeid)
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    _switch(item.nodeid)
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    _switch("teardown")
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef, request):
    if fixturedef.scope == "function":
        yield
        return
    before = os.environ.get("MUTMAP_CONTEXT", "")
    _switch("fixture:" + fixturedef.argname)
    yield
    _switch(before)


def pytest_collection_modifyitems(items):
    users = {}
    for item in items:
        for name in item.fixturenames:
            users.setdefault(name, []).append(item.nodeid)
    with open(os.environ["MUTMAP_FIXTURES"], "w") as f:
        json.dump(users, f)
