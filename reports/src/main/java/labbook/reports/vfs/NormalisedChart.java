package labbook.reports.vfs;

import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import org.knowm.xchart.CategoryChart;
import tech.tablesaw.api.Table;

/** Axboe's normalised table (2.6.32-rc3 serial = 1.00) beside ours (today's serial = 1.00). */
public final class NormalisedChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "normalised";

    static Optional<CategoryChart> draw(Results results, List<Labelled<Table>> diffs) {
        List<VfsData.Normalised> rows = VfsData.normalisedRows(results);
        if (rows.size() <= 4) {
            return Optional.empty();
        }
        CategoryChart chart = ChartStyle.bars(
                "Normalised to serial = 1.00 (2009: old kernel serial; today: our serial)",
                "configuration",
                "relative to serial");
        chart.getStyler().setXAxisLabelRotation(30);
        List<String> names = rows.stream().map(VfsData.Normalised::name).toList();
        chart.addSeries(
                "real",
                names,
                ChartStyle.bars(rows.stream().map(VfsData.Normalised::real).toList()));
        chart.addSeries(
                "user",
                names,
                ChartStyle.bars(rows.stream().map(VfsData.Normalised::user).toList()));
        chart.addSeries(
                "sys",
                names,
                ChartStyle.bars(rows.stream().map(VfsData.Normalised::sys).toList()));
        return Optional.of(chart);
    }
}
