from pathlib import Path
import subprocess
import sys

import pytest

from generator.jobs.build import BuildOptions, build


@pytest.fixture(scope="session")
def default_kit(tmp_path_factory) -> Path:
    """The default build, made once for the whole test session."""
    out = tmp_path_factory.mktemp("kit")
    build(BuildOptions(out=out))
    return out


def run_cli(*args, cwd=None):
    """Run the installed command line as a user would."""
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, cwd=cwd)
