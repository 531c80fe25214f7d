package labbook.reports.wallet;

import static labbook.wallet.WalletResults.ENTRIES;
import static labbook.wallet.WalletResults.SYNC_MS;
import static labbook.wallet.WalletResults.VARIANT;

import java.util.List;
import java.util.Optional;
import labbook.reports.chart.ChartStyle;
import labbook.reports.results.Results;
import labbook.reports.results.Results.Labelled;
import labbook.reports.stats.Summaries;
import labbook.reports.study.ExperimentChart;
import labbook.wallet.WalletResults;
import org.knowm.xchart.XYChart;
import tech.tablesaw.api.Table;

/** Sync time against entries per variant (medians of the repeats), the seed's points overlaid. */
public final class SyncTimeChart extends ExperimentChart<XYChart> {
    public SyncTimeChart() {
        super("sync-time", WalletResults.SYNC_SWEEP);
    }


    @Override
    protected Optional<XYChart> draw(Results results, List<Labelled<Table>> sweeps) {
        XYChart chart = ChartStyle.xy("KWallet sync(): time against entries (compiled variants; -Xint has its own chart)",
                "entries", "sync time (ms, median)");
        for (var sweep : sweeps) {
            Table medians = Summaries.medians(sweep.value(), SYNC_MS.name(), VARIANT.name(), ENTRIES.name());
            for (String variant : Summaries.distinct(medians, VARIANT.name())) {
                if (!variant.equals(WalletData.INTERPRETED_VARIANT)) {
                    line(chart, ChartStyle.name(variant, results, sweep.root()), Summaries.rowsOf(medians, VARIANT.name(), variant));
                }
            }
        }
        addSeed(chart);
        return Optional.of(chart);
    }

    /** Medians of sync time against entries as one line. */
    static void line(XYChart chart, String name, Table medians) {
        ChartStyle.line(ChartStyle.add(chart, name, medians.numberColumn(ENTRIES.name()).asDoubleArray(),
                medians.numberColumn(SYNC_MS.name()).asDoubleArray()));
    }

    /** The seed's Release and DebugFull points, in grey. */
    static void addSeed(XYChart chart) {
        Table seed = WalletData.KWALLET_SYNC.table();
        for (String build : new String[] {"Release", "DebugFull"}) {
            Table b = Summaries.rowsOf(seed, WalletData.BUILD, build);
            ChartStyle.seedPoints(ChartStyle.add(chart, "seed 2009, " + build + " (Q6600)",
                    b.numberColumn(ENTRIES.name()).asDoubleArray(), b.numberColumn(SYNC_MS.name()).asDoubleArray()),
                    build.equals("Release"));
        }
    }
}
