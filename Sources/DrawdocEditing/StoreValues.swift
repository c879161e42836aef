import Drawdoc
import DrawdocJSON
import DrawdocSVG
import DrawdocStore

// The values and errors of the store and the codecs that the front ends hold, print and answer,
// named here so that the command line and the app import the use cases rather than the store,
// the SVG codec or the JSON form (`.ci/front-ends` holds them to it). Names only: what changes
// the store is ``Editing``'s, what writes a file ``Export``'s, what reads one ``ForeignDrawing``'s.
// They are type aliases, not `@_exported` imports, so that nothing else of those modules comes
// along; a module that imports both this one and the store sees one type under each name.

/// The store: ``DrawdocStore/DocumentStore``, read by the front ends, changed through ``Editing``.
package typealias DocumentStore = DrawdocStore.DocumentStore
/// ``DrawdocStore/StoreError``: why the store refused or failed.
package typealias StoreError = DrawdocStore.StoreError
/// ``DrawdocStore/DrawingMemory``: where a long-running front end keeps the drawings it changes.
package typealias DrawingMemory = DrawdocStore.DrawingMemory
/// ``DrawdocStore/FileDrawing``: a drawing file outside the store.
package typealias FileDrawing = DrawdocStore.FileDrawing
/// ``DrawdocStore/FileDrawingError``: why a drawing file was refused.
package typealias FileDrawingError = DrawdocStore.FileDrawingError
/// ``DrawdocStore/Revision``: a version of a drawing and the drawing.
package typealias Revision = DrawdocStore.Revision
/// ``DrawdocStore/Change``: what a version changed.
package typealias Change = DrawdocStore.Change
/// ``DrawdocStore/DrawingHistory``: the versions of a drawing kept.
package typealias DrawingHistory = DrawdocStore.DrawingHistory
/// ``DrawdocStore/StoreListing``: the drawings of a store.
package typealias StoreListing = DrawdocStore.StoreListing
/// ``DrawdocStore/ListedDrawing``: one row of a listing.
package typealias ListedDrawing = DrawdocStore.ListedDrawing
/// ``DrawdocStore/IndexEntry``: a drawing as the store's index knows it.
package typealias IndexEntry = DrawdocStore.IndexEntry
/// ``DrawdocStore/TrashedDrawing``: a drawing in the trash.
package typealias TrashedDrawing = DrawdocStore.TrashedDrawing
/// ``DrawdocStore/Thumbnail``: a drawing's picture in the listing.
package typealias Thumbnail = DrawdocStore.Thumbnail
/// ``DrawdocStore/StoreSettings``: the store's settings.
package typealias StoreSettings = DrawdocStore.StoreSettings
/// ``DrawdocStore/StoreEvent``: one change, as the store's journal tells it.
package typealias StoreEvent = DrawdocStore.StoreEvent
/// ``DrawdocStore/ChangeFollower``: reads the journal's new events.
package typealias ChangeFollower = DrawdocStore.ChangeFollower
/// ``DrawdocStore/AccessRecords``: the paired devices, pairing codes and shared links.
package typealias AccessRecords = DrawdocStore.AccessRecords
/// ``DrawdocStore/AccessStamp``: whether the access records changed since they were read.
package typealias AccessStamp = DrawdocStore.AccessStamp
/// ``DrawdocStore/PairedDevice``: a device paired with the store.
package typealias PairedDevice = DrawdocStore.PairedDevice
/// ``DrawdocStore/SharedLink``: a view or edit link to a drawing.
package typealias SharedLink = DrawdocStore.SharedLink
/// ``DrawdocJSON/JSONValue``: a JSON value, what every JSON answer and output is made of.
package typealias JSONValue = DrawdocJSON.JSONValue
/// ``DrawdocJSON/JSONDecodingError``: why a JSON file is not a drawing.
package typealias JSONDecodingError = DrawdocJSON.JSONDecodingError
/// ``DrawdocSVG/SVGDecodingError``: why an SVG file is not a drawing.
package typealias SVGDecodingError = DrawdocSVG.SVGDecodingError
/// ``Drawdoc/ForeignDrawing``: any file read as a drawing, the one way in of `drawdoc save`,
/// `convert` and `validate` and of the app's import, and the fuzz target's.
package typealias ForeignDrawing = Drawdoc.ForeignDrawing
