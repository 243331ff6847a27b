internal import CPlaygroundAssets

/// The playground page: one self-contained HTML file (CSS and JavaScript inline, no external request),
/// compiled into the binary from `Sources/System/CPlaygroundAssets/page/index.html`.
public enum PlaygroundPage {
    /// The page's bytes.
    public static let html: [UInt8] = {
        var length = 0
        guard let bytes = pt_playground_page(&length) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }()
}
