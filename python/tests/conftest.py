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


PACKAGE = os.path.dirname(os.path.abspath(pathtext.__file__))


def bundled():
    """Whether the library is the one inside the package (an installed wheel) rather than a prefix's."""
    return os.path.dirname(os.path.abspath(pathtext.library_path())) == PACKAGE


@pytest.fixture(scope="session")
def prefix():
    """The install prefix the library was loaded from (LIBDIR/..)."""
    return os.path.dirname(os.path.dirname(pathtext.library_path()))


@pytest.fixture(scope="session")
def fonts_dir(prefix):
    """The fonts folder the library uses: the installed fonts, or a wheel's fonts beside its library
    (PATHTEXT_TEST_FONTS for a build tree)."""
    if os.environ.get("PATHTEXT_TEST_FONTS"):
        return os.environ["PATHTEXT_TEST_FONTS"]
    if bundled():
        return os.path.join(PACKAGE, "Fonts")
    return os.path.join(prefix, "share", "pathtext", "fonts")


@pytest.fixture(scope="session")
def cli_binary(prefix):
    """The installed pathtext CLI beside the library (PATHTEXT_CLI for a build tree)."""
    binary = os.environ.get("PATHTEXT_CLI") or os.path.join(prefix, "bin", "pathtext")
    if not os.path.exists(binary):
        pytest.fail("no pathtext CLI at %s (install with make install, or set PATHTEXT_CLI)" % binary)
    return binary


@pytest.fixture(scope="session")
def cli(cli_binary, fonts_dir):
    """Runs the installed pathtext CLI with the installed fonts."""
    def run(*args, stdin=None):
        return subprocess.run([cli_binary, *args], input=stdin, capture_output=True, env={"PATHTEXT_FONTS": fonts_dir})
    return run
