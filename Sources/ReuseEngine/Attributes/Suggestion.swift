/// The candidate closest to a mistyped name, for "did you mean" hints.
///
/// Edit distance, ties broken by the candidates' order, so hints are stable.
/// Returns `nil` when nothing is close enough to be a plausible typo.
public func closestName(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased())
    var bestName: String?
    var bestDistance = Int.max
    for candidate in candidates {
        let distance = editDistance(target, Array(candidate.lowercased()))
        if distance < bestDistance { (bestName, bestDistance) = (candidate, distance) }
    }
    let limit = max(1, min(3, target.count / 3 + 1))
    return bestDistance <= limit ? bestName : nil
}

/// Levenshtein distance over characters.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
