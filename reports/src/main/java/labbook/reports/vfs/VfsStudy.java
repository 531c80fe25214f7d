package labbook.reports.vfs;

import java.util.List;
import java.util.Map;
import labbook.core.ResultsSchema;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.ExperimentChart;
import labbook.reports.study.PageText;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import labbook.vfs.VfsSchemas;
import tech.tablesaw.api.Table;

/** Piggin and Axboe's store-free path walking: a cached git diff, serial and parallel, and a model of the dcache. */
public final class VfsStudy implements Study {
    /** The claims, for code and tests; the page shows their prose. */
    public enum Id implements Claim.Id {
        /** A git diff time per 100 runs ({@code about}: "serial elapsed", "parallel system", ...). */
        GIT_DIFF_TIME,
        PARALLEL_FASTER,
        SYS_NO_BLOWUP,
        MODEL_SCALES
    }

    @Override
    public String id() {
        return VfsSchemas.STUDY;
    }

    @Override
    public List<ResultsSchema> schemas() {
        return VfsSchemas.ALL;
    }

    @Override
    public List<ResultsSchema> summarisedOnly() {
        return List.of(VfsSchemas.STAT_WALK_GIT);
    }

    @Override
    public List<Seed> seeds() {
        return List.of(VfsData.VFS_GIT_DIFF, VfsData.VFS_AXBOE, VfsData.VFS_TREE);
    }

    @Override
    public PageText text() {
        return new PageText(
                "Store-free path walking: cached git diff, serial and parallel",
                "It is a cached git diff workload in a linux kernel tree. I actually ran it in a loop 100 times [...] "
                        + "then I ran parallel and serial configs (PreloadIndex = true/false). [...] sys time, auch...",
                "Nick Piggin, \"[rfc][patch] store-free path walking\", and Jens Axboe's reply, linux-kernel "
                        + "mailing list, "
                        + "8 Oct 2009 (lists.openwall.net/linux-kernel/2009/10/08/)");
    }

    @Override
    public List<Claim> claims(Results results) {
        List<Claim> claims = new java.util.ArrayList<>(new VfsClaims().claims(results));
        claims.addAll(new KernelProfileClaims().claims(results));
        return claims;
    }

    @Override
    public List<StudyChart> charts() {
        return List.of(
                ExperimentChart.of(GitDiffChart.NAME, VfsSchemas.GIT_DIFF, GitDiffChart::draw),
                ExperimentChart.of(NormalisedChart.NAME, VfsSchemas.GIT_DIFF, NormalisedChart::draw),
                ExperimentChart.of(KernelProfileChart.NAME, VfsSchemas.KERNEL_PROFILE, KernelProfileChart::draw),
                ExperimentChart.of(ModelScalingChart.NAME, VfsSchemas.DCACHE_MODEL, ModelScalingChart::draw),
                ExperimentChart.of(StatWalkChart.NAME, VfsSchemas.STAT_WALK, StatWalkChart::draw));
    }

    @Override
    public List<String> headlines() {
        return List.of(GitDiffChart.NAME, ModelScalingChart.NAME);
    }

    @Override
    public Map<String, Table> analyses(Results results) {
        return VfsAnalyses.of(results);
    }
}
