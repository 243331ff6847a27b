import Testing

@Test func layoutPlaceholder() { #expect(1 + 1 == 2) }
