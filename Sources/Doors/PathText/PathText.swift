// The umbrella module: `import PathText` brings in every stage of the pipeline.
@_exported import Geometry
@_exported import Shaping
@_exported import Layout
@_exported import Render
@_exported import Requests
@_exported import Pipeline
@_exported import SVGInput
@_exported import Placer
