import CRasterKernel

/// The final pass of the rasterizer's kernel: the prefix sums and coverage bytes of the marked blocks.
///
/// Every path gives the same bytes; they differ only in speed. ``automatic`` is AVX2 on CPUs that have it,
/// SSE2 on other x86-64 CPUs and the portable scalar loop elsewhere, unless the environment variable
/// `PATHTEXT_RASTER_KERNEL` (`scalar`, `sse2` or `avx2`, read once per process) names another.
package enum RasterKernel: String, Sendable, CaseIterable, CustomStringConvertible {
    case automatic, scalar, sse2, avx2

    /// The kernel's own number (`PT_RASTER_KERNEL_…`).
    var id: Int32 {
        switch self {
        case .automatic: Int32(PT_RASTER_KERNEL_DEFAULT)
        case .scalar: Int32(PT_RASTER_KERNEL_SCALAR)
        case .sse2: Int32(PT_RASTER_KERNEL_SSE2)
        case .avx2: Int32(PT_RASTER_KERNEL_AVX2)
        }
    }

    /// Whether this path can run on this CPU and build.
    package var isSupported: Bool { pt_raster_kernel_supported(id) != 0 }

    /// The explicit paths that can run here (``automatic`` is one of them).
    package static var supported: [RasterKernel] { allCases.filter { $0 != .automatic && $0.isSupported } }

    /// The path ``automatic`` stands for in this process.
    package static var resolvedDefault: RasterKernel {
        switch Int(pt_raster_kernel_default()) {
        case Int(PT_RASTER_KERNEL_AVX2): .avx2
        case Int(PT_RASTER_KERNEL_SSE2): .sse2
        default: .scalar
        }
    }

    /// The name `PATHTEXT_RASTER_KERNEL` takes.
    package var description: String { rawValue }
}

/// How the rasterizer's kernel lays out its cells; every layout gives the same bytes.
///
/// ``automatic`` takes the whole box for narrow masks whose geometry needs no clipping, rows with marks
/// otherwise. ``box`` applies only to masks that need no clipping (clipped ones always use rows).
package enum RasterLayout: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The kernel's choice by the mask's width.
    case automatic
    /// Padded rows, a mark per 8-cell block written; the final pass reads only marked blocks.
    case rows
    /// The cells as one run of width × height, prefix-summed whole.
    case box

    /// The kernel's own number (`PT_RASTER_LAYOUT_…`).
    var id: Int32 {
        switch self {
        case .automatic: Int32(PT_RASTER_LAYOUT_AUTOMATIC)
        case .rows: Int32(PT_RASTER_LAYOUT_ROWS)
        case .box: Int32(PT_RASTER_LAYOUT_BOX)
        }
    }

    /// The layout's name.
    package var description: String { rawValue }
}
