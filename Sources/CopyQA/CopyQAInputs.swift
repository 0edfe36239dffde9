import CopyDeck
import Foundation
import PaywallFoundation
import SimRuntime
import PaywallCore
import Profiles
import PaywallScreens
import TerminalKit

/// The files a copy QA command reads: a team catalog, a `.storekit` file, a remote config and themes.
public struct CopyQAInputs: Sendable {
    public var copyPath: String?
    public var storekitPath: String?
    public var configPath: String?
    /// An app profile (`chat`, `voip`, `templates` or a profile file): its deck, catalog, config and screens.
    public var profile: String?
    public var matrix: SweepMatrix

    public init(copyPath: String? = nil, storekitPath: String? = nil, configPath: String? = nil, profile: String? = nil,
                matrix: SweepMatrix = SweepMatrix()) {
        self.profile = profile
        self.copyPath = copyPath
        self.storekitPath = storekitPath
        self.configPath = configPath
        self.matrix = matrix
    }

    /// Loads every file and theme; throws `Diagnostic` naming the file and what is wrong.
    public func sweep() throws -> CopySweep {
        var team: StringCatalog?
        if let copyPath {
            do { team = try StringCatalog.load(contentsOf: URL(fileURLWithPath: copyPath)) } catch { throw Diagnostic(wrapping: error) }
        }
        let setup = try StateWorkspace.profile(profile, baseDirectory: FileManager.default.currentDirectoryPath)
        let plans = try storekitPath.map(PlanSource.load(storekitPath:)) ?? PlanSource(catalog: StateWorkspace.catalog(storekit: nil, profile: setup))
        let config = try StateWorkspace.config(file: configPath, profile: setup)
        var themes: [String: Theme] = [:]
        for name in matrix.themes {
            do { themes[name] = try Theme.load(nameOrPath: name, themesDirectory: nil) } catch { throw Diagnostic(wrapping: error) }
        }
        var states = ScreenStates(config: config, plans: plans)
        if let profile {
            for locale in matrix.locales {
                do {
                    states.profileStates[locale] = try ProfileScreenSampler.states(
                        profile: profile, baseDirectory: FileManager.default.currentDirectoryPath, locale: locale,
                        now: states.now, timeZone: states.timeZone)
                } catch { throw Diagnostic(wrapping: error) }
            }
        }
        var sweep = CopySweep(team: setup?.copy(overlaidWith: team) ?? team, states: states, themes: themes)
        sweep.guidelineFindings = setup?.findings ?? []
        sweep.comparesTeamKeys = team != nil
        sweep.teamCatalog = team
        sweep.copyKeys = setup?.profile.copyKeys ?? [:]
        sweep.checksBuiltInCopy = team == nil
        return sweep
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
        var (parts, rendered) = sweep.runInParts(combinations)
        if let first = combinations.first {
            parts.append(sweep.guidelineFindings.map { finding in
                Finding(severity: finding.severity == .error ? .error : .warning, kind: .guideline, screen: "applePay",
                        state: finding.productID ?? "", combination: first, key: finding.messageKey, text: finding.message,
                        message: "Guideline \(finding.guideline): \(finding.message)")
            })
        }
        let origin = origin ?? "team catalog"
        let team = sweep.fallback == nil || !sweep.comparesTeamKeys ? nil
            : TeamCatalogKeys(team: sweep.primary, origin: origin, appKeys: sweep.appKeys, copyKeys: sweep.copyKeys,
                              raw: sweep.teamCatalog)
        // The team's file in its own right, for the languages swept.
        let lint = sweep.teamCatalog.map { raw in
            LintReport.FileReport(file: origin, catalog: raw, linter: CatalogLinter(languages: matrix.locales))
        }
        // A placeholder or plural defect the lint reports (with its file and line) is the one the
        // screens show too: reported once, by the lint.
        func linted(_ rule: LintRule) -> Set<String> {
            Set((lint?.findings ?? []).filter { $0.rule == rule }.map { "\($0.key)\u{1F}\($0.language ?? "")" })
        }
        let placeholders = linted(.placeholders), plurals = linted(.pluralForms)
        if !placeholders.isEmpty || !plurals.isEmpty {
            parts = parts.map { part in
                part.filter { finding in
                    let id = "\(finding.key ?? "")\u{1F}\(finding.combination.locale)"
                    switch finding.kind {
                    case .specifierMismatch: return !placeholders.contains(id)
                    case .unresolvedPlaceholder where finding.message.hasPrefix("plural form"): return !plurals.contains(id)
                    case .unresolvedPlaceholder: return !placeholders.contains(id)
                    default: return true
                    }
                }
            }
        }
        return CheckReport(combinations: combinations.count, screensRendered: rendered, findingsInParts: parts, teamCatalog: team,
                           teamLint: lint)
    }
}
