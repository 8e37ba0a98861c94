extension Int {
    /// `self + other`, or `Int.max` / `Int.min` where that would overflow:
    /// counts a user can make huge (rows times subtree sizes) saturate, never trap.
    public func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self * other`, or `Int.max` / `Int.min` where that would overflow.
    public func multipliedSaturated(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? ((self < 0) == (other < 0) ? .max : .min) : product
    }
}
