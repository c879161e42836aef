// `import Drawdoc` gives the whole library: the model, the SVG codec (and the places and colors
// of the XML module it stands on), the JSON form, pictures, PDF files and the store; and
// `ForeignDrawing`, draw.io and Excalidraw files read as drawings.
@_exported import DrawdocJSON
@_exported import DrawdocModel
@_exported import DrawdocPDF
@_exported import DrawdocRaster
@_exported import DrawdocSVG
@_exported import DrawdocStore
@_exported import DrawdocXML
