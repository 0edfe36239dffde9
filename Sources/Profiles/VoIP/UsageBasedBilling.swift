import Foundation

/// Seed 003's overage billing: minutes and data over the plan, at the plan's rates.
public enum UsageBasedBilling {
    /// A plan's included usage and overage rates (USD).
    public struct UsageRate: Hashable, Sendable {
        public var tierName: String
        /// `Int.max` for unlimited.
        public var includedMinutes: Int
        /// Per minute over the allowance.
        public var overageRate: Decimal
        public var dataIncludedGB: Double
        /// Per GB over the data allowance.
        public var dataOverageRate: Decimal

        public init(tierName: String, includedMinutes: Int, overageRate: Decimal, dataIncludedGB: Double, dataOverageRate: Decimal) {
            self.tierName = tierName
            self.includedMinutes = includedMinutes
            self.overageRate = overageRate
            self.dataIncludedGB = dataIncludedGB
            self.dataOverageRate = dataOverageRate
        }

        /// The rates of each tier: minutes from `minuteAllowance`; data 1, 5, 20 and 100 GB;
        /// $0.05, $0.03, $0 and $0 a minute; $2.00, $1.50, $1.00 and $0.50 a GB.
        public static func forTier(_ tier: SubscriptionTier) -> UsageRate {
            let (minuteRate, data, dataRate): (Int, Double, Int) = switch tier {
            case .free: (5, 1, 200)
            case .basic: (3, 5, 150)
            case .premium: (0, 20, 100)
            case .business: (0, 100, 50)
            }
            return UsageRate(tierName: tier.rawValue, includedMinutes: tier.minuteAllowance.includedMinutes,
                             overageRate: Decimal(minuteRate) / 100, dataIncludedGB: data,
                             dataOverageRate: Decimal(dataRate) / 100)
        }
    }

    /// The bill's parts, for the usage screen's lines.
    public struct Bill: Hashable, Sendable {
        public var overageMinutes: Int
        public var minutesCharge: Decimal
        public var overageGB: Decimal
        public var dataCharge: Decimal
        public var total: Decimal { minutesCharge + dataCharge }
    }

    /// The overage total, exactly as the seed computes it (no rounding).
    public static func calculateMonthlyBill(usage: MonthlyUsage, plan: UsageRate) -> Decimal {
        itemize(usage: usage, plan: plan).total
    }

    /// The bill in parts. Data amounts go through their decimal text, so 6.2 GB over 5 GB is exactly 1.2.
    /// `bonusMinutes` (earned from ads this month) are included like the plan's own minutes.
    public static func itemize(usage: MonthlyUsage, plan: UsageRate, bonusMinutes: Int = 0) -> Bill {
        var bill = Bill(overageMinutes: 0, minutesCharge: 0, overageGB: 0, dataCharge: 0)
        // Saturating: an unlimited plan counts its included minutes as Int.max.
        let (sum, overflow) = plan.includedMinutes.addingReportingOverflow(max(0, bonusMinutes))
        let included = overflow ? Int.max : sum
        if usage.totalMinutes > included {
            bill.overageMinutes = usage.totalMinutes - included
            bill.minutesCharge = Decimal(bill.overageMinutes) * plan.overageRate
        }
        if usage.totalDataGB > plan.dataIncludedGB {
            bill.overageGB = decimal(usage.totalDataGB) - decimal(plan.dataIncludedGB)
            bill.dataCharge = bill.overageGB * plan.dataOverageRate
        }
        return bill
    }

    /// The usage screen's bill lines: `voip.bill.minutes` [count, rate, charge] and `voip.bill.data`
    /// [GB, rate, charge] when there is overage, then `voip.bill.total` [total], or only `voip.bill.none`.
    /// `format` turns an amount into the storefront's currency text.
    public static func lines(for bill: Bill, plan: UsageRate, format: (Decimal) -> String) -> [CopyLine] {
        var lines: [CopyLine] = []
        if bill.overageMinutes > 0 {
            lines.append(CopyLine("voip.bill.minutes", .integer(bill.overageMinutes), .string(format(plan.overageRate)),
                                  .string(format(bill.minutesCharge))))
        }
        if bill.overageGB > 0 {
            lines.append(CopyLine("voip.bill.data", .string("\(bill.overageGB)"), .string(format(plan.dataOverageRate)),
                                  .string(format(bill.dataCharge))))
        }
        lines.append(lines.isEmpty ? CopyLine("voip.bill.none") : CopyLine("voip.bill.total", .string(format(bill.total))))
        return lines
    }

    private static func decimal(_ value: Double) -> Decimal {
        Decimal(string: "\(value)", locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }
}
