extension RasterCanvas {
    /// Frees the rasterizer's scratch buffers (for a full-canvas fill, a float per pixel plus a byte per
    /// pixel), so that encoding the picture afterwards does not hold them too. Drawing again grows them back.
    public mutating func releaseScratch() {
        rasterizer = Rasterizer()
        scratchMask = CoverageMask()
    }
}
