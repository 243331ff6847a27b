import Support
import Geometry
import Shaping

extension RasterCanvas {
    /// Ends the innermost group through `filter` (resolved: canvas pixels, ``FilterEffect/resolved(box:)``):
    /// the chain runs on the group's layer within the filter region (clipped to the group's bounds and the
    /// canvas), and its result is composited source-over on the pixels kept at the group's start; what the
    /// group drew outside the region is dropped, as SVG clips a filtered element to its filter region. A region
    /// above ``FilterEffect/maximumRegionPixels`` drops the group (``SceneRenderer`` refuses such a filter first).
    public mutating func endGroup(filter: FilterEffect) {
        guard let (r, saved) = groupBackdrops.popLast(), !r.isEmpty else { return }
        let region = FilterRaster.pixelRegion(filter.region, within: r)
        var backdrop = saved
        if !region.isEmpty, region.area <= FilterEffect.maximumRegionPixels {
            let source = FilterImage(bytes: pixels, canvasWidth: width, rect: region)
            let result = FilterRaster.apply(filter, source: source, origin: (region.x, region.y)).bytes
            let n = region.width * 4
            result.withUnsafeBufferPointer { layer in
                backdrop.withUnsafeMutableBufferPointer { out in
                    for y in 0..<region.height {
                        let from = y * n, to = ((region.y - r.y + y) * r.width + region.x - r.x) * 4
                        for i in stride(from: 0, to: n, by: 4) {
                            let a = UInt32(layer[from + i + 3])
                            guard a != 0 else { continue }
                            let keep = 255 - a
                            for c in 0..<4 {
                                out[to + i + c] = UInt8(min(255, UInt32(layer[from + i + c]) + Self.mul255(UInt32(out[to + i + c]), keep)))
                            }
                        }
                    }
                }
            }
        }
        let n = r.width * 4
        backdrop.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for y in r.y..<r.maxY { (dst.baseAddress! + (y * width + r.x) * 4).update(from: src.baseAddress! + (y - r.y) * n, count: n) }
            }
        }
    }
}
