/// Placement of shaped text along a measured path.
public enum LayoutModule {}
