// The types of the XML module that this module's API names (`SourceLocation`, in errors and
// warnings) or has always offered (`CSSColor`, `CSSColorValue`), for `import DrawdocSVG` alone.
@_exported import DrawdocXML
