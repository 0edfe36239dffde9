import Foundation

// `swift run embed-resources [--check]` from the package root: rewrites the generated Swift files
// that embed Themes/ (or, with --check, exits 1 naming each one that is stale).
// `--trim-unifont FILE` first writes Scripts/data/unifont.hex from a whole Unifont .hex.
var arguments = Array(CommandLine.arguments.dropFirst())
let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
if let flag = arguments.firstIndex(of: "--trim-unifont") {
    guard flag + 1 < arguments.count else {
        FileHandle.standardError.write(Data("embed-resources: --trim-unifont needs a file, expected /usr/share/unifont/unifont.hex\n".utf8))
        exit(64)
    }
    do {
        let text = try UnifontTableWriter(root: root).trimmed(fromFullFont: URL(fileURLWithPath: arguments[flag + 1]))
        try Data(text.utf8).write(to: root.appendingPathComponent(UnifontTableWriter.source), options: .atomic)
        print("\(UnifontTableWriter.source): written")
    } catch {
        FileHandle.standardError.write(Data("embed-resources: \(error)\n".utf8))
        exit(2)
    }
    arguments.removeSubrange(flag...(flag + 1))
}
let check = arguments.contains("--check")
if let unknown = arguments.first(where: { $0 != "--check" }) {
    FileHandle.standardError.write(Data("embed-resources: unknown argument \(unknown); usage: embed-resources [--check] [--trim-unifont UNIFONT.hex]\n".utf8))
    exit(64)
}
do {
    var stale = 0
    for output in try ResourceEmbedder(root: root).outputs() {
        let url = root.appendingPathComponent(output.path)
        guard (try? String(contentsOf: url, encoding: .utf8)) != output.text else { continue }
        stale += 1
        if check {
            print("\(output.path): stale; run `swift run embed-resources` after editing Themes/ or Scripts/data/*.tsv")
        } else {
            try Data(output.text.utf8).write(to: url, options: .atomic)
            print("\(output.path): written")
        }
    }
    if check && stale > 0 { exit(1) }
} catch {
    FileHandle.standardError.write(Data("embed-resources: \(error)\n".utf8))
    exit(2)
}
