import PathText

extension Engine {
    /// The most label requests one place request may hold.
    public static let maximumPlaceRequests = 20_000

    /// Places a place request (a place file's JSON: canvas, shapes, labelDefaults, labels, obstacles,
    /// placement) and returns the result as JSON: the placed labels' placements with ink boxes, which
    /// request each came from, and why each dropped request was dropped (``PlacementResult/json()``).
    /// - Throws: ``EngineError`` naming the bad key and value.
    public func placeJSON(_ request: String) throws(EngineError) -> String {
        let document = try placeDocument(request)
        return try withResolver { r throws(EngineError) in
            do throws(SceneError) { return try document.place(resolver: r).json() } catch { throw EngineError(error.description) }
        }
    }

    /// Places a place request and draws its shapes and the placed labels as a PNG.
    public func placePNG(_ request: String) throws(EngineError) -> [UInt8] {
        let document = try placeDocument(request)
        return try withResolver { r throws(EngineError) in
            let canvas: RasterCanvas
            do throws(SceneError) { canvas = try document.render(resolver: r).canvas } catch { throw EngineError(error.description) }
            do throws(RenderError) { return try canvas.pngData() } catch { throw EngineError(error.description) }
        }
    }

    /// Decodes a place request within the engine's limits (fonts by name only when paths are not allowed).
    func placeDocument(_ request: String) throws(EngineError) -> PlaceDocument {
        var document: PlaceDocument
        do { document = try PlaceDocument.decode(Array(request.utf8)) } catch { throw EngineError(error.description) }
        guard document.requests.count <= Self.maximumPlaceRequests else {
            throw EngineError("labels: " + LayoutError.limitExceeded(what: "number of label requests", amount: Double(document.requests.count),
                                                                    limit: Double(Self.maximumPlaceRequests)).description)
        }
        if !allowFontPaths {
            for (i, r) in document.requests.enumerated() { try RequestDecoding.checkFontNames(r.label.fontFiles, at: "labels[\(i)].font") }
        }
        // A server's budget: a tenth of the library's, so one request stays well under a second.
        if limits.canvasPixels < ResourceLimits.default.canvasPixels { document.options.candidateBudget = min(document.options.candidateBudget, 100_000) }
        return document
    }
}
