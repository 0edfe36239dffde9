import CopyDeck
import Foundation
import PaywallCore
import TerminalUI

/// The files a copy QA command reads: a team catalog, a `.storekit` file, a remote config and themes.
public struct CopyQAInputs: Sendable {
    public var copyPath: String?
    public var storekitPath: String?
    public var configPath: String?
    public var matrix: SweepMatrix

    public init(copyPath: String? = nil, storekitPath: String? = nil, configPath: String? = nil, matrix: SweepMatrix = SweepMatrix()) {
        self.copyPath = copyPath
        self.storekitPath = storekitPath
        self.configPath = configPath
        self.matrix = matrix
    }

    /// Loads every file and theme; throws `CopyQAError` naming the file and what is wrong.
    public func sweep() throws -> CopySweep {
        var team: StringCatalog?
        if let copyPath {
            do { team = try StringCatalog.load(contentsOf: URL(fileURLWithPath: copyPath)) } catch { throw CopyQAError("\(error)") }
        }
        let plans = try storekitPath.map(PlanSource.load(storekitPath:)) ?? PlanSource()
        var config = RemoteConfig.default
        if let configPath {
            guard let data = FileManager.default.contents(atPath: configPath) else {
                throw CopyQAError("\(configPath): cannot read the remote-config file")
            }
            do { config = try RemoteConfig.decode(from: data, path: configPath) } catch { throw CopyQAError("\(error)") }
        }
        var themes: [String: Theme] = [:]
        for name in matrix.themes {
            do { themes[name] = try Theme.load(nameOrPath: name, themesDirectory: nil) } catch { throw CopyQAError("\(error)") }
        }
        return CopySweep(team: team, states: ScreenStates(config: config, plans: plans), themes: themes)
    }

    /// Sweeps and checks; the report lists the team catalog's missing and unused keys when there is one.
    public func check() throws -> CheckReport {
        let sweep = try sweep()
        return CopyCheck.run(sweep, matrix: matrix, origin: copyPath)
    }
}

/// `copy check` as a function: sweep, count, and compare a team catalog's keys with the app's.
public enum CopyCheck {
    public static func run(_ sweep: CopySweep, matrix: SweepMatrix, origin: String? = nil) -> CheckReport {
        let combinations = matrix.combinations
        let (findings, rendered) = sweep.runCounting(combinations)
        let team = sweep.fallback == nil ? nil : TeamCatalogKeys(team: sweep.primary, origin: origin ?? "team catalog", appKeys: sweep.appKeys)
        return CheckReport(combinations: combinations.count, screensRendered: rendered, findings: findings, teamCatalog: team)
    }
}
