@_exported import FontEngine
