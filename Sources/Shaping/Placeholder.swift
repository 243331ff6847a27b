/// Shaping: fonts, attributed text, HarfBuzz.
public enum ShapingModule {}
