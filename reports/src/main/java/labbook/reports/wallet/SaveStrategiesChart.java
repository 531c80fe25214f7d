package labbook.reports.wallet;

import static labbook.wallet.WalletSchemas.ENTRIES;
import static labbook.wallet.WalletSchemas.SAVE_MS;
import static labbook.wallet.WalletSchemas.STRATEGY;

import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/** The cost of making one new entry durable, per save strategy, against wallet size. */
public final class SaveStrategiesChart {
    /** The chart's name: its anchor on the study's page, its file name and its key in {@code Explore.chart}. */
    public static final String NAME = "save-strategies";

    static Optional<XYChart> draw(Results results, List<Labelled<Table>> saves) {
        XYChart chart = ChartStyle.xy(
                "Making one new entry durable: cost per save strategy",
                "entries already in the wallet",
                "save time (ms, median)");
        for (var save : saves) {
            Table medians =
                    Summaries.medians(WalletData.bySize(save.value()), SAVE_MS.name(), STRATEGY.name(), ENTRIES.name());
            for (String strategy : Summaries.distinct(medians, STRATEGY.name())) {
                Table v = Summaries.rowsOf(medians, STRATEGY.name(), strategy);
                ChartStyle.line(ChartStyle.add(
                        chart,
                        ChartStyle.name(strategy, results, save.root()),
                        v.numberColumn(ENTRIES.name()).asDoubleArray(),
                        v.numberColumn(SAVE_MS.name()).asDoubleArray()));
            }
        }
        double maxX = saves.stream()
                .mapToDouble(s -> s.value().numberColumn(ENTRIES.name()).max())
                .max()
                .orElse(1);
        ChartStyle.guide(
                ChartStyle.add(chart, "16 ms (one frame)", new double[] {0, maxX}, new double[] {
                    WalletData.FRAME_MS, WalletData.FRAME_MS
                }),
                ChartStyle.SEED_LIGHT);
        return Optional.of(chart);
    }
}
