import Support
import Requests

/// The last search before a name is given up: the positions between the coarse candidates.
extension Placer {
    /// The step of the fine search, pixels.
    public static let fineStep = 1.0

    /// The most fine candidates per stretch the fine search tries (the best by score: nearest the stretch's
    /// middle, least turn, fewest roads crossed), so that a name left out in a crowded place costs a
    /// bounded few layouts more.
    public static let fineCandidates = 24

    /// The most fine candidates per stretch a label moved aside by the repair tries (the repair may move
    /// one label for each of its candidate positions: a bound keeps it a fraction of the first pass).
    public static let fineMoveCandidates = 16

    /// For each path of a name still without a label, in placing order: the best ``fineCandidates``
    /// candidates of every stretch at ``fineStep`` (of those the first pass did not try: it stepped by
    /// ``PlacerOptions/step``), best first, until one passes every test. A road whose only free or straight-enough room lies between two
    /// coarse candidates gets its label there (a label 3 px along can clear a crossing street's label,
    /// or leave a bend out). Each position counts against the candidate budget; nothing is done when
    /// ``PlacerOptions/step`` is already as fine.
    static func searchFinely(_ prepared: [PlacerRun.Prepared?], order: [Int], first: inout [Int?], run: inout PlacerRun) throws(SceneError) {
        guard run.options.step > fineStep else { return }
        var labelledGroups = Set(run.placed.indices.filter { !run.removedLabels.contains($0) }.map { run.placed[$0].group })
        for i in order where first[i] == nil {
            guard let p = prepared[i], !labelledGroups.contains(p.request.groupKey) else { continue }
            if let d = Deadline.passed { throw SceneError("", d.message) }
            for k in p.slotOrder {
                let tried = Set(run.candidates(p, slot: k).map(\.c))
                let fine = run.candidates(p, slot: k, step: fineStep).filter { !tried.contains($0.c) }.prefix(fineCandidates)
                guard !fine.isEmpty, run.place(p, slot: k, offsets: Array(fine)) == nil else { continue }
                first[i] = k
                for r in p.job.requests { run.labelled.insert(r) }
                labelledGroups.insert(p.request.groupKey)
                break
            }
        }
    }
}

extension PlacerRun {
    /// Places `p`'s label in the first stretch (in ``Prepared/slotOrder``) with a free position among its
    /// candidates, then among its best ``Placer/fineMoveCandidates`` fine ones (every ``Placer/fineStep``);
    /// returns the stretch, or `nil` when none has one.
    mutating func placeAnywhere(_ p: Prepared) -> Int? {
        if let k = p.slotOrder.first(where: { place(p, slot: $0) == nil }) { return k }
        guard options.step > Placer.fineStep else { return nil }
        return p.slotOrder.first { k in
            let tried = Set(candidates(p, slot: k).map(\.c))
            let fine = candidates(p, slot: k, step: Placer.fineStep).filter { !tried.contains($0.c) }.prefix(Placer.fineMoveCandidates)
            return !fine.isEmpty && place(p, slot: k, offsets: Array(fine)) == nil
        }
    }
}
