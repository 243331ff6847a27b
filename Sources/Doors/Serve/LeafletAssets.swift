import Support

/// Leaflet's script, style sheet and control images, read once at start-up from the system's copy
/// (Debian's `libjs-leaflet`) and served at `/leaflet/…`, so the map page makes no request to another site.
public struct LeafletAssets: Sendable {
    /// Where Debian's `libjs-leaflet` puts Leaflet.
    public static let defaultFolder = "/usr/share/javascript/leaflet"
    /// The largest file read, bytes.
    static let maximumFileBytes = 4 << 20

    /// The files by their name under `/leaflet/` (`leaflet.js`, `images/layers.png`): content type and bytes.
    let files: [String: (type: String, bytes: [UInt8])]

    /// Reads Leaflet from `folder`: `leaflet.js` and `leaflet.css` must be there; the PNGs of `images/`
    /// are read when present.
    /// - Throws: ``PlaygroundError/leafletMissing(folder:)`` when either file cannot be read.
    public init(folder: String = Self.defaultFolder) throws(PlaygroundError) {
        var files: [String: (type: String, bytes: [UInt8])] = [:]
        for (name, type) in [("leaflet.js", "text/javascript; charset=utf-8"), ("leaflet.css", "text/css; charset=utf-8")] {
            guard case .success(let bytes) = Syscalls.readRegularFile(folder + "/" + name, limit: Self.maximumFileBytes) else {
                throw .leafletMissing(folder: folder)
            }
            files[name] = (type, bytes)
        }
        for name in Syscalls.folderEntries(folder + "/images", limit: 64) ?? [] where name.hasSuffix(".png") && !name.contains("/") {
            if case .success(let bytes) = Syscalls.readRegularFile(folder + "/images/" + name, limit: Self.maximumFileBytes) {
                files["images/" + name] = ("image/png", bytes)
            }
        }
        self.files = files
    }

    /// The reply to `GET /leaflet/` + `name`: one of the files read at start-up, else 404.
    func reply(_ name: String) -> HTTPResponse {
        guard let file = files[name] else { return PlaygroundService.error(404, "no such Leaflet file: \(name)") }
        return HTTPResponse(contentType: file.type, body: file.bytes)
    }
}
