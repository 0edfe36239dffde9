import Foundation

/// Finds the tapes `paywall-sim play TAPE|DIR …` should run.
public enum TapeDiscovery {
    /// Each argument that is a folder expands to the `.tape` files under it (recursively, sorted,
    /// skipping `goldens` folders, hidden entries and include-only fragments whose name starts with `_`);
    /// files are kept as given, in order.
    public static func tapes(in arguments: [String], fileManager: FileManager = .default) -> [String] {
        var result: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                result.append(argument)
                continue
            }
            result += tapes(inFolder: argument, fileManager: fileManager)
        }
        return result
    }

    private static func tapes(inFolder folder: String, fileManager: FileManager) -> [String] {
        guard let names = try? fileManager.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") && name != "goldens" {
            let path = TapePaths.join(folder, name)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += tapes(inFolder: path, fileManager: fileManager)
            } else if name.hasSuffix(".tape"), !name.hasPrefix("_") {
                found.append(path)
            }
        }
        return found
    }
}
