/// Rasterizing and output.
public enum RenderModule {}
