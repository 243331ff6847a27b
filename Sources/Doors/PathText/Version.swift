/// PathText's version: the one declaration `pathtext --version`, `pt_version()`, `Engine.version` and the
/// Python package's `pathtext.__version__` all read (Makefile's PT_VERSION and python/pyproject.toml are
/// checked against it by VersionTests and the Python tests).
public enum PathTextVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let string = "0.1.0"
}
