import PathText

/// The request settings of an API call's query string (`?format=svg&ink=1&strict=true`), read through
/// ``RequestSettings/catalog`` like every other door's: a request-scoped setting under its catalog key, a
/// switch as `1`/`true` or `0`/`false`. The engine's settings (fonts, time limit) belong to the server
/// (`pathtext serve --fonts-dir`, `--no-system-fonts`, `--time-limit`) and are refused in a query.
enum QuerySettings {
    /// The settings `query` gives over `base` (the server engine's).
    /// - Throws: ``RequestError`` naming the parameter and what it expects.
    static func read(_ query: [String: String], over base: RequestSettings) throws(RequestError) -> RequestSettings {
        var settings = base
        for e in RequestSettings.catalog {
            guard let given = query[e.key] else { continue }
            guard RequestSettings.scope(of: e.key) == .request else {
                throw RequestError(key: e.key, "is the server's setting (pathtext serve --\(e.flag!)), not a request's")
            }
            do throws(OptionValueError) {
                if e.isSwitch {
                    switch given.lowercased() {
                    case "1", "true": try e.read(.bool(true), into: &settings)
                    case "0", "false": try e.read(.bool(false), into: &settings)
                    default: throw OptionValueError(expected: "1, true, 0 or false", got: "\"\(given)\"")
                    }
                } else {
                    try e.read(arguments: [given], into: &settings)
                }
            } catch { throw RequestError(key: e.key, error.message) }
        }
        return settings
    }
}
