import JSON
import Layout
import Requests
import Render

extension PlacementResult {
    /// The result as JSON: the placements JSON of the placed labels (with every glyph's ink box, halo
    /// included), which request each came from, and the dropped requests with their reasons.
    ///
    /// `{"fonts": […], "labels": […], "placed": [{"request": 3, "requests": [3, 7], "text": "…", "group": "…"}],
    ///   "dropped": [{"request": 5, "id": "way/1", "text": "…", "reason": "collides", "message": "…"}],
    ///   "paths": 120, "candidates": 5400}`
    public func json() -> String {
        var text = PlacementsJSON.encode(labels, inkBoxes: true, singleLine: true)
        while text.last == "\n" || text.last == " " { text.removeLast() }
        guard text.last == "}" else { return text }
        text.removeLast()
        func quoted(_ s: String) -> String { JSONValue.string(s).serialized() }
        var placedItems: [String] = []
        for p in placed {
            let requests = p.requests.map(String.init).joined(separator: ",")
            placedItems.append("{\"request\":\(p.request),\"requests\":[\(requests)],\"text\":\(quoted(p.text)),\"group\":\(quoted(p.group))}")
        }
        var droppedItems: [String] = []
        for d in dropped {
            var item = "{\"request\":\(d.request)"
            if let id = d.id { item += ",\"id\":" + quoted(id) }
            item += ",\"text\":" + quoted(d.text) + ",\"reason\":" + quoted(d.reason.code) + ",\"message\":" + quoted(d.reason.description) + "}"
            droppedItems.append(item)
        }
        text += ",\"placed\":[" + placedItems.joined(separator: ",") + "],\"dropped\":[" + droppedItems.joined(separator: ",") + "]"
        text += ",\"paths\":\(paths),\"candidates\":\(candidates)}\n"
        return text
    }
}
