import Testing

@Test func renderPlaceholder() { #expect(1 + 1 == 2) }
