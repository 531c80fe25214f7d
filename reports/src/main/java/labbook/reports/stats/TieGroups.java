package labbook.reports.stats;

/**
 * Sorted values in groups of equal ones, as a rank test ranks them: each group's size and its mid-rank doubled (a group
 * at ranks first+1 .. first+size has mid-rank first + (size + 1) / 2, a half for an even size), so rank sums are whole
 * numbers an exact distribution can be indexed by.
 */
final class TieGroups {
    private final double[] sorted;
    private final int[] sizes;
    private final int[] doubledRanks;
    private final int count;

    private TieGroups(double[] sorted, int[] sizes, int[] doubledRanks, int count) {
        this.sorted = sorted;
        this.sizes = sizes;
        this.doubledRanks = doubledRanks;
        this.count = count;
    }

    /** The groups of {@code sorted} (ascending, no NaN). */
    static TieGroups of(double[] sorted) {
        int n = sorted.length;
        int[] sizes = new int[n];
        int[] doubledRanks = new int[n];
        int groups = 0;
        for (int first = 0; first < n; ) {
            int last = first;
            while (last + 1 < n && sorted[last + 1] == sorted[first]) {
                last++;
            }
            sizes[groups] = last - first + 1;
            doubledRanks[groups] = first + 1 + last + 1;
            groups++;
            first = last + 1;
        }
        return new TieGroups(sorted, sizes, doubledRanks, groups);
    }

    int count() {
        return count;
    }

    int size(int group) {
        return sizes[group];
    }

    int doubledRank(int group) {
        return doubledRanks[group];
    }

    /** The doubled mid-rank of a value among the sorted ones. */
    int doubledRankOf(double value) {
        int g = 0;
        int start = 0;
        while (sorted[start] != value) {
            start += sizes[g++];
        }
        return doubledRanks[g];
    }
}
