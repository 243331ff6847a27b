import os
import shutil
import subprocess

import pytest

import pathtext

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="session")
def engine():
    with pathtext.Engine() as e:
        yield e


@pytest.fixture(scope="session")
def prefix():
    """The install prefix the library was loaded from (LIBDIR/..)."""
    return os.path.dirname(os.path.dirname(pathtext.library_path()))


@pytest.fixture(scope="session")
def cli(prefix):
    """Runs the installed pathtext CLI with the installed fonts."""
    binary = os.path.join(prefix, "bin", "pathtext")
    if not os.path.exists(binary):
        pytest.skip("no installed pathtext CLI beside the library")

    def run(*args, stdin=None):
        return subprocess.run([binary, *args], input=stdin, capture_output=True,
                              env={"PATHTEXT_FONTS": os.path.join(prefix, "share", "pathtext", "fonts")})
    return run
