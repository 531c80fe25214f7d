package labbook.reports.vfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.vfs.experiments.kernelprofile.KernelCategory;
import org.knowm.xchart.CategoryChart;
import tech.tablesaw.api.Table;

/**
 * System time per lookup on the real kernel, split by where it went (perf's samples by category), serial beside
 * parallel, for git diff and the Java stat walk: the measured counterpart of Axboe's table and the dentry model.
 */
public final class KernelProfileChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "kernel-profile";

    @SuppressWarnings("EnumOrdinal") // one series per category, in the enum's order
    static Optional<CategoryChart> draw(Results results, List<Labelled<Table>> profiles) {
        List<String> names = new ArrayList<>();
        List<List<Double>> byCategory = new ArrayList<>();
        for (int c = 0; c < KernelCategory.values().length; c++) {
            byCategory.add(new ArrayList<>());
        }
        for (var profile : profiles) {
            for (KernelProfileData.Workload w : KernelProfileData.workloads(profile.root())) {
                names.add(ChartStyle.name(w.name() + " (" + w.threads() + ")", results, profile.root()));
                for (KernelCategory c : KernelCategory.values()) {
                    byCategory.get(c.ordinal()).add(w.perLookupUs(c));
                }
            }
        }
        if (names.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = ChartStyle.bars(
                "Real kernel: system time per lookup by where perf's samples fell",
                "workload (threads)",
                "us of system time per lookup");
        chart.getStyler().setStacked(true);
        chart.getStyler().setXAxisLabelRotation(20);
        for (KernelCategory c : KernelCategory.values()) {
            chart.addSeries(c.label(), names, ChartStyle.bars(byCategory.get(c.ordinal())));
        }
        return Optional.of(chart);
    }
}
