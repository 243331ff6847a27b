import Support

/// A folder of XYZ tiles, served read-only: `DIR/z/x/y.png` at `/tiles/z/x/y.png` and `DIR/z/x/y.json`
/// at `/tiles/z/x/y.json` (what `pathtext tiles --out DIR` writes).
///
/// No path outside the folder can be reached. A request names a tile by three numbers and an extension,
/// never by a path: each of `z`, `x` and `y` must be decimal digits without a sign or leading zero, `z` at
/// most ``maximumZoom`` and `x`, `y` below 2^z, the extension `png` or `json`; anything else (`..`, `%2e`,
/// an absolute path, a fourth component) is refused before the file system is asked. The file the three
/// numbers name is then resolved (`realpath`) and must still lie inside the folder's own resolved path and
/// be a regular file of at most ``maximumTileBytes``, so a symbolic link that points out of the folder is
/// refused too (404, as a missing tile).
public struct TileStore: Sendable, Hashable {
    /// The highest zoom a tile may have (2^30 tiles a side is finer than a centimetre).
    public static let maximumZoom = 30
    /// The largest tile file served, bytes.
    public static let maximumTileBytes = 16 << 20
    /// The most folder entries start-up looks at to find the zooms and the lowest zoom's tiles.
    public static let scanLimit = 100_000

    /// The folder, resolved (no symbolic links, `.` or `..`).
    public let root: String
    /// The zooms that have a folder, lowest to highest.
    public let zooms: ClosedRange<Int>
    /// The tiles found at the lowest zoom: `z` and the columns and rows they span.
    public let bounds: TileBounds
    /// The side of a tile in pixels, from the first PNG found (256 when it cannot be read).
    public let tileSize: Int

    /// The columns and rows of the tiles at one zoom.
    public struct TileBounds: Sendable, Hashable {
        /// The zoom.
        public var z: Int
        /// The first and last column, the first and last row.
        public var minX: Int, maxX: Int, minY: Int, maxY: Int
    }

    /// Opens the tiles folder at `folder` and finds its zooms and extent.
    /// - Throws: ``PlaygroundError/tiles(_:)`` when it is not a folder or holds no `z/x/y.png`.
    public init(folder: String) throws(PlaygroundError) {
        guard Syscalls.kind(of: folder) == .folder, let root = Syscalls.realPath(folder) else {
            throw .tiles("\(folder) is not a folder")
        }
        self.root = root
        let zoomNames = (Syscalls.folderEntries(root, limit: Self.scanLimit) ?? []).compactMap { name -> Int? in
            guard let z = Self.number(name), z <= Self.maximumZoom, Syscalls.kind(of: root + "/" + name) == .folder else { return nil }
            return z
        }
        guard let low = zoomNames.min(), let high = zoomNames.max() else {
            throw .tiles("\(folder) holds no zoom folders (expected DIR/z/x/y.png, z from 0 to \(Self.maximumZoom))")
        }
        zooms = low...high
        // The lowest zoom's tiles give the first view.
        var found: TileBounds? = nil
        var firstPNG: String? = nil
        var looked = 0
        for xName in Syscalls.folderEntries(root + "/\(low)", limit: Self.scanLimit) ?? [] {
            guard let x = Self.number(xName), x < 1 << low, looked < Self.scanLimit else { continue }
            let names = Syscalls.folderEntries(root + "/\(low)/\(xName)", limit: Self.scanLimit - looked) ?? []
            looked += names.count + 1
            for name in names where name.hasSuffix(".png") {
                guard let y = Self.number(String(name.dropLast(4))), y < 1 << low else { continue }
                firstPNG = firstPNG ?? root + "/\(low)/\(xName)/\(name)"
                if var b = found {
                    b.minX = min(b.minX, x); b.maxX = max(b.maxX, x); b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
                    found = b
                } else {
                    found = TileBounds(z: low, minX: x, maxX: x, minY: y, maxY: y)
                }
            }
        }
        guard let found, let firstPNG else { throw .tiles("\(folder)/\(low) holds no tiles (expected \(low)/x/y.png)") }
        bounds = found
        tileSize = Self.pngWidth(firstPNG) ?? 256
    }

    /// The width of the PNG at `path` from its header, when it is a PNG from 16 to 4096 pixels wide.
    static func pngWidth(_ path: String) -> Int? {
        guard case .success(let bytes) = Syscalls.readRegularFile(path, limit: maximumTileBytes), bytes.count >= 24,
              bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let w = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        return (16...4096).contains(w) ? w : nil
    }

    /// A tile's name: decimal digits, no sign, no leading zero (one spelling per number), at most 10
    /// digits; `nil` otherwise.
    static func number(_ s: some StringProtocol) -> Int? {
        let digits = s.utf8
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              digits.count == 1 || digits.first != 0x30 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// A tile address: zoom, column, row and the file's kind.
    public struct Address: Sendable, Hashable {
        /// Zoom, column, row.
        public var z: Int, x: Int, y: Int
        /// `png` or `json`.
        public var ext: String
    }

    /// Why a request path names no tile.
    public struct NameError: Error, Sendable, Hashable {
        /// The reason, for the 400 reply.
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The tile that `rest` (the request path after `/tiles/`, such as `16/37280/18974.png`) names, or why
    /// it names none.
    public static func address(_ rest: String) -> Result<Address, NameError> {
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(NameError("expected /tiles/z/x/y.png or /tiles/z/x/y.json")) }
        let last = parts[2]
        guard let dot = last.lastIndex(of: ".") else { return .failure(NameError("expected /tiles/z/x/y.png or /tiles/z/x/y.json")) }
        let ext = String(last[last.index(after: dot)...])
        guard ext == "png" || ext == "json" else { return .failure(NameError("a tile is .png or .json, not .\(ext)")) }
        guard let z = number(parts[0]), let x = number(parts[1]), let y = number(last[..<dot]) else {
            return .failure(NameError("z, x and y must be whole numbers written in digits"))
        }
        guard z <= maximumZoom else { return .failure(NameError("z must be at most \(maximumZoom), got \(z)")) }
        guard x < 1 << z, y < 1 << z else { return .failure(NameError("x and y must be below 2^z = \(1 << z) at zoom \(z)")) }
        return .success(Address(z: z, x: x, y: y, ext: ext))
    }

    /// The reply to `GET /tiles/` + `rest`: the tile's bytes, 404 when the folder has no such tile (or the
    /// name leads out of it), 400 when `rest` names no tile.
    func reply(_ rest: String) -> HTTPResponse {
        let a: Address
        switch Self.address(rest) {
        case .success(let found): a = found
        case .failure(let why): return PlaygroundService.error(400, why.reason)
        }
        let missing = PlaygroundService.error(404, "no tile \(a.z)/\(a.x)/\(a.y).\(a.ext) in the tiles folder")
        let name = root + "/\(a.z)/\(a.x)/\(a.y).\(a.ext)"
        // Resolved again: every part of the name may be a symbolic link, and none may lead out.
        guard let real = Syscalls.realPath(name), real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return missing }
        guard case .success(let bytes) = Syscalls.readRegularFile(real, limit: Self.maximumTileBytes) else { return missing }
        return HTTPResponse(contentType: a.ext == "png" ? "image/png" : "application/json", body: bytes)
    }
}
