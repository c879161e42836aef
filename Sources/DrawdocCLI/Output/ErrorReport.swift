import DrawdocHTTP
import DrawdocJSON
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocStore

/// The one place that turns an error into its exit status and the text a user reads.
struct ErrorReport {
  /// The exit status, one of those docs/format.md lists.
  let status: ExitStatus
  /// What went wrong and what would be right.
  let message: String
  /// Whether a pointer to `--help` helps.
  let pointsToHelp: String?

  /// Classifies an error thrown by a command.
  ///
  /// - Parameter error: The error.
  init(_ error: any Error) {
    switch error {
    case let error as CommandLineError:
      status = .usage
      message = error.description
      pointsToHelp = error.command.map { "drawdoc \($0) --help" } ?? "drawdoc --help"
    case let error as SVGDecodingError:
      switch error {
      case .fileNotFound: status = .noInput
      case .unreadableFile: status = .ioError
      default: status = .dataError
      }
      message = error.description
      pointsToHelp = nil
    case let error as InputFileError:
      switch error {
      case .notFound: status = .noInput
      case .unreadable: status = .ioError
      }
      message = error.description
      pointsToHelp = nil
    case let error as StoreError:
      switch error {
      case .noSuchDrawing, .inTrash, .notInTrash, .noSuchVersion: status = .noInput
      case .nothingToStep: status = .notFound
      case .ambiguousTitle, .invalidSetting: status = .usage
      case .damagedDrawing: status = .dataError
      case .locked, .conflict: status = .temporaryFailure
      case .readOnly: status = .cannotCreate
      case .io, .eventsNoLongerKept, .journalRestarted: status = .ioError
      }
      message = error.description
      pointsToHelp = nil
    case let error as NoSuchDrawingOrFile:
      status = .noInput
      message = error.description
      pointsToHelp = nil
    case let error as VersionOfFile:
      status = .usage
      message = error.description
      pointsToHelp = nil
    case let error as FileContentError:
      status = .dataError
      message = error.description
      pointsToHelp = nil
    case let error as EmbeddedDrawingError:
      status = .dataError
      message = error.description
      pointsToHelp = nil
    case let error as StrictImportRefusal:
      status = .dataError
      message = error.description
      pointsToHelp = nil
    case let error as GitSetupError:
      switch error {
      case .gitMissing: status = .unavailable
      case .notARepository: status = .noInput
      case .gitFailed, .unreadable: status = .ioError
      case .unwritable: status = .cannotCreate
      }
      message = error.description
      pointsToHelp = nil
    case let error as HTTPServerError:
      status = .ioError
      message = error.description
      pointsToHelp = nil
    case let error as JSONDecodingError:
      status = .dataError
      message = error.description
      pointsToHelp = nil
    case let error as OutputError:
      status = .cannotCreate
      message = error.description
      pointsToHelp = nil
    case let error as RasterError:
      switch error {
      case .invalidScale, .imageTooLarge: status = .usage
      case .notPNG, .malformedPNG, .missingText, .decompressedTooLarge, .decompressionFailed:
        status = .dataError
      case .pixelBufferMismatch, .compressionFailed: status = .ioError
      }
      message = error.description
      pointsToHelp = nil
    case let error as ModelError:
      switch error {
      case .noSuchRectangle: status = .noInput
      default: status = .usage
      }
      message = error.description
      pointsToHelp = nil
    default:
      status = .ioError
      message = "\(error)"
      pointsToHelp = nil
    }
  }

  /// Writes `Error: …` and, for usage errors, where to find help.
  ///
  /// - Parameter sink: Standard error.
  func write(to sink: some OutputSink) {
    sink.writeLine("Error: \(message)")
    if let pointsToHelp { sink.writeLine("See '\(pointsToHelp)'.") }
  }
}
