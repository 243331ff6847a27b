import Testing
@testable import Render
import CRasterKernel

/// The SIMD rows passes store whole vectors of fill and whole 8-byte blocks past a row's end (bytes of later
/// rows, rewritten after), except in the last rows: they never store past the mask, and every byte is what
/// the scalar pass writes.
@Suite struct RasterRowsPassTests {
    /// A shape whose edges reach the mask's right edge (cells `width` and `width + 1` are written, so their
    /// blocks are marked) and cross it at many columns: a wedge from the top-left corner to the right
    /// edge, a slanted bar and a thin rectangle touching the right edge.
    static func points(width: Double, height: Double) -> (xy: [Double], ends: [Int]) {
        let xy: [Double] = [
            0.3, 0, width, height * 0.6, width, height, 0.7, height,
            width * 0.2, 0.1, width * 0.5, 0.1, width * 0.9, height - 0.1, width * 0.6, height - 0.1,
            width - 0.4, 0.25, width, 0.25, width, height - 0.25, width - 0.4, height - 0.25,
        ]
        return (xy, [4, 8, 12])
    }

    /// `pt_raster_fill` in the rows layout on `kernel`, into a buffer with 64 guard bytes after the mask;
    /// returns the mask's bytes, and whether the guard, the cells and the marks are as they must be.
    static func fill(width: Int, height: Int, evenOdd: Bool, kernel: RasterKernel) -> (mask: [UInt8], clean: Bool) {
        let (xy, ends) = points(width: Double(width), height: Double(height))
        let stride = (width + 2 + 7) & ~7, markStride = (stride / 8 + 15) & ~15
        var cells = [UInt32](repeating: 0, count: stride * height)
        var marks = [UInt8](repeating: 0, count: markStride * height)
        var out = [UInt8](repeating: 0xAB, count: width * height + 64)
        let used = xy.withUnsafeBufferPointer { p in
            ends.withUnsafeBufferPointer { e in
                cells.withUnsafeMutableBufferPointer { c in
                    marks.withUnsafeMutableBufferPointer { m in
                        out.withUnsafeMutableBufferPointer { o in
                            var job = pt_raster_job(points: p.baseAddress, ends: e.baseAddress, contour_count: ends.count,
                                                    origin_x: 0, origin_y: 0, width: Int32(width), height: Int32(height),
                                                    clip: 0, even_odd: evenOdd ? 1 : 0, layout: RasterLayout.rows.id,
                                                    cells: c.baseAddress, cell_stride: stride,
                                                    marks: m.baseAddress, mark_stride: markStride, out: o.baseAddress)
                            return pt_raster_fill(&job, kernel.id)
                        }
                    }
                }
            }
        }
        let clean = used == kernel.id && out[(width * height)...].allSatisfy { $0 == 0xAB }
            && cells.allSatisfy { $0 == 0 } && marks.allSatisfy { $0 == 0 }
        return (Array(out[..<(width * height)]), clean)
    }

    /// Every width from 1 to 72 and a few wider, heights 1 to 5 and 9 (rows with less than `PT_SPILL`, 72,
    /// bytes after them take the exact path), both rules.
    @Test func rowsPassesStoreOnlyIntoTheMaskAndAgree() {
        var checked = 0, inked = 0
        for width in Array(1...72) + [127, 128, 129, 200, 257] {
            for height in [1, 2, 3, 4, 5, 9] {
                for evenOdd in [false, true] {
                    let reference = Self.fill(width: width, height: height, evenOdd: evenOdd, kernel: .scalar)
                    #expect(reference.clean, "scalar, \(width) × \(height)")
                    if reference.mask.contains(where: { $0 != 0 }) { inked += 1 }
                    for kernel in RasterKernel.supported where kernel != .scalar {
                        let drawn = Self.fill(width: width, height: height, evenOdd: evenOdd, kernel: kernel)
                        #expect(drawn.clean, "\(kernel), \(width) × \(height): stored past the mask, or left cells or marks")
                        #expect(drawn.mask == reference.mask, "\(kernel), \(width) × \(height), even-odd \(evenOdd)")
                        checked += 1
                    }
                }
            }
        }
        // Every mask has ink (the test would pass on empty masks otherwise).
        #expect(inked == 77 * 6 * 2)
        #expect(checked == 77 * 6 * 2 * (RasterKernel.supported.count - 1))
    }
}
