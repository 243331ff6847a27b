import Testing

@Test func shapingPlaceholder() { #expect(1 + 1 == 2) }
