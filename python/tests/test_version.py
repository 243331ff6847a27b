"""One version: pathtext.__version__ is the library's pt_version(), and pyproject.toml says the same."""
import os
import re

import pathtext

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def declared():
    """The one declaration, Sources/Doors/PathText/Version.swift."""
    path = os.path.join(ROOT, "Sources", "Doors", "PathText", "Version.swift")
    return re.search(r'public static let string = "([^"]+)"', open(path).read()).group(1)


def test_version_is_the_librarys():
    assert pathtext.__version__ == pathtext.version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", pathtext.__version__)


def test_the_package_metadata_says_the_same():
    from importlib.metadata import version
    assert version("pathtext") == pathtext.__version__


def test_pyproject_and_the_swift_declaration_agree():
    pyproject = os.path.join(ROOT, "python", "pyproject.toml")
    assert re.search(r'^version = "([^"]+)"', open(pyproject).read(), re.M).group(1) == declared()
    assert declared() == pathtext.__version__
