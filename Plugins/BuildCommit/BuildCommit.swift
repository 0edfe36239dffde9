import Foundation
import PackagePlugin

/// Writes `BuildCommit.swift` (the git commit of the package's checkout) before each build of the target that uses it.
///
/// A prebuild command: `/bin/sh` asks git for `HEAD` and rewrites the file only when the commit
/// changed, so a build at the same commit recompiles nothing. Outside a git checkout (a source
/// archive) the commit is `unknown`.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated", isDirectory: true)
        let script = """
            mkdir -p "$2"
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || true)
            [ -n "$commit" ] || commit=unknown
            text="/// The git commit this binary was built from (\\`unknown\\` outside a git checkout), written by the BuildCommit plugin.
            package enum BuildCommit { package static let id = \\"$commit\\" }"
            if [ "$(cat "$2/BuildCommit.swift" 2>/dev/null)" != "$text" ]; then printf '%s\\n' "$text" > "$2/BuildCommit.swift"; fi
            """
        return [.prebuildCommand(displayName: "Stamp the git commit into \(target.name)",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "build-commit", context.package.directoryURL.path, output.path],
                                 outputFilesDirectory: output)]
    }
}
