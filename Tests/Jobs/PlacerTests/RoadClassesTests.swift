import Testing
@testable import Placer

/// The default ranking of road classes.
@Suite struct RoadClassesTests {
    @Test func higherClassesRankHigher() {
        let order = ["motorway", "primary", "secondary", "tertiary", "residential", "living_street", "pedestrian", "service", "footway"]
        let ranks = order.map { RoadClasses.style(of: $0).priority }
        #expect(ranks == ranks.sorted(by: >) && Set(ranks).count == ranks.count)
        #expect(RoadClasses.style(of: "trunk").priority == RoadClasses.style(of: "motorway").priority)
        #expect(RoadClasses.style(of: "primary_link").priority == 8 && RoadClasses.style(of: "primary_link").fill == 8)
        #expect(RoadClasses.style(of: nil) == RoadClasses.other && RoadClasses.style(of: "bridleway") == RoadClasses.other)
    }

    @Test func widthsScaleWithTheZoomWithinBounds() {
        #expect(RoadClasses.widthScale(zoom: 16) == 1)
        #expect(abs(RoadClasses.widthScale(zoom: 14) - 0.5) < 1e-12)
        #expect(RoadClasses.widthScale(zoom: 0) == 0.4 && RoadClasses.widthScale(zoom: 20) == 1.5)
    }
}
