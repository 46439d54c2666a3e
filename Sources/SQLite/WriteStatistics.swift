/// Counts of the writer's work, to see how well group commit shares commits.
public struct WriteStatistics: Hashable, Sendable {
    /// Transactions committed.
    public var commits = 0
    /// `write` calls whose changes were committed.
    public var committedWrites = 0

    /// Committed writes per commit (1 when nothing was grouped).
    public var writesPerCommit: Double { commits == 0 ? 0 : Double(committedWrites) / Double(commits) }
}
