/// The candidate closest to a mistyped name, for "did you mean" hints.
///
/// Edit distance, ties broken by the candidates' order, so hints are stable.
/// Returns `nil` when nothing is close enough to be a plausible typo.
///
/// Bounded: names longer than ``longestSuggestedName`` get no suggestion,
/// and candidates whose length differs by more than the allowed distance
/// are skipped unread, so a huge unknown name costs one pass over the
/// candidates, not a product of lengths.
public func closestName(to name: String, in candidates: some Sequence<String>) -> String? {
    guard name.utf8.count <= longestSuggestedName * 4 else { return nil }
    let target = Array(name.lowercased())
    guard target.count <= longestSuggestedName else { return nil }
    let limit = max(1, min(3, target.count / 3 + 1))
    var bestName: String?
    var bestDistance = Int.max
    for candidate in candidates {
        // A length difference alone costs that many edits.
        guard candidate.utf8.count + limit >= target.count else { continue }
        let other = Array(candidate.lowercased())
        guard abs(other.count - target.count) <= limit else { continue }
        let distance = editDistance(target, other)
        if distance < bestDistance { (bestName, bestDistance) = (candidate, distance) }
    }
    return bestDistance <= limit ? bestName : nil
}

/// Names longer than this (in characters) get no "did you mean" hint.
public let longestSuggestedName = 64

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
