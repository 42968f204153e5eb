// What users import: the engine's fonts and measurements, and the fitting core's options and results.
@_exported import FontEngine
@_exported import TextFitting
