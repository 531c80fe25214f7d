package labbook.reports.chart;

import labbook.reports.wallet.WalletStudy;

/** A planted violation for LayeringTest: a chart-layer class that reads a study's unit, which the rule must catch. */
final class PlantedStudyChart {
    private PlantedStudyChart() {}

    static String study() {
        return new WalletStudy().id();
    }
}
