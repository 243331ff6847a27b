import Geometry
import Layout
import Shaping

extension RGBAColor {
    /// An opaque colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(r: UInt8(rgb >> 16 & 255), g: UInt8(rgb >> 8 & 255), b: UInt8(rgb & 255))
    }
}
