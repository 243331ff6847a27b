import Requests
/// A path a label can follow: SVG path data (`String`), a ``BezPath``, or a ``PathMeasure`` measured once
/// and shared by many labels (the roads of a map, the rings of a dial).
public protocol PathSource {
    /// The path measured, after checking it against `limits` (segment count).
    func measured(limits: ResourceLimits) throws(PathTextError) -> PathMeasure
}

extension PathMeasure: PathSource {
    /// The measure itself, after the segment limit is checked.
    public func measured(limits: ResourceLimits) throws(PathTextError) -> PathMeasure {
        do { try limits.check(segments: segmentCount) } catch { throw .layout(error) }
        return self
    }
}

extension BezPath: PathSource {
    /// The path measured by arc length, after the segment limit is checked.
    public func measured(limits: ResourceLimits) throws(PathTextError) -> PathMeasure {
        do { try limits.check(segments: subpaths.reduce(0) { $0 + $1.segments.count }) } catch { throw .layout(error) }
        do { return try PathMeasure(self) } catch { throw .path(error) }
    }
}

extension String: PathSource {
    /// The string read as SVG path data (`M 20 200 C 120 40 280 360 380 200`), then measured.
    public func measured(limits: ResourceLimits) throws(PathTextError) -> PathMeasure {
        let path: BezPath
        do { path = try BezPath(svgPathData: self) } catch { throw .path(error) }
        return try path.measured(limits: limits)
    }
}

/// The measure ``TextLabel`` lays a label out on: the source's own for a ``PathMeasure``; for path data and
/// paths, the one ``PathCache/shared`` keeps for every door (parsed once, measured once), with the checks and
/// errors of the source's own ``PathSource/measured(limits:)``.
func sharedMeasure(of source: some PathSource, limits: ResourceLimits) throws(PathTextError) -> PathMeasure {
    let path: BezPath
    switch source {
    case let text as String:
        do { path = try PathCache.shared.path(svgPathData: text) } catch { throw .path(error) }
    case let given as BezPath:
        path = given
    default:
        return try source.measured(limits: limits)
    }
    if let kept = PathCache.shared.measure(path, segmentsAtMost: limits.pathSegments) { return kept }
    return try path.measured(limits: limits)
}
