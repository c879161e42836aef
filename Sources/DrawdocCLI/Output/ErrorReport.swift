import DrawdocEditing
import DrawdocHTTP
import DrawdocTLS
import DrawdocModel
import DrawdocRaster
import DrawdocSync

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
    case let error as SyncError:
      switch error {
      case .gitMissing, .unreachable: status = .unavailable
      case .notADrawdocStore: status = .dataError
      case .noRemote: status = .usage
      case .busy, .remoteKeptMoving: status = .temporaryFailure
      case .git: status = .ioError
      case .store(let error): status = Self.status(of: error)
      }
      message = error.description
      pointsToHelp = error.isNoRemote ? "drawdoc sync --help" : nil
    case let error as StoreError:
      status = Self.status(of: error)
      message = error.description
      pointsToHelp = nil
    case let error as FileDrawingError:
      switch error {
      case .notFound: status = .noInput
      case .notADrawing: status = .dataError
      case .readOnlyFile, .readOnlyFolder: status = .cannotCreate
      case .locked: status = .temporaryFailure
      case .unreadable, .io: status = .ioError
      }
      message = error.description
      pointsToHelp = nil
    case let error as AccessError:
      switch error {
      case .noSuchDevice, .noSuchLink: status = .noInput
      case .unknownPairingCode, .pairingCodeUsed, .pairingCodeExpired, .invalidDeviceName,
        .deviceNameTaken:
        status = .usage
      }
      message = error.description
      pointsToHelp = nil
    case let error as FileNotInStore:
      status = .usage
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
    case let error as ForeignDrawing.EmbeddedDrawingError:
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
    case let error as TLSError:
      // A certificate or key that cannot be used, or an authority that cannot be kept.
      status = .dataError
      message = error.description
      pointsToHelp = nil
    case let error as NetworkSideError:
      status = .unavailable
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

  /// The exit status of a store's error.
  private static func status(of error: StoreError) -> ExitStatus {
    switch error {
    case .noSuchDrawing, .inTrash, .notInTrash, .noSuchVersion: return .noInput
    case .nothingToStep: return .notFound
    case .ambiguousTitle, .invalidSetting: return .usage
    case .damagedDrawing, .damagedFile: return .dataError
    case .locked, .conflict: return .temporaryFailure
    case .readOnly: return .cannotCreate
    case .io, .eventsNoLongerKept, .journalRestarted: return .ioError
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
