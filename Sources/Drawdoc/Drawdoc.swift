// `import Drawdoc` gives the whole library: the model, the SVG codec, the JSON form, pictures
// and the store.
@_exported import DrawdocJSON
@_exported import DrawdocModel
@_exported import DrawdocRaster
@_exported import DrawdocSVG
@_exported import DrawdocStore
