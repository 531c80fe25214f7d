package labbook.reports.filecrypt;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import labbook.core.ResultsSchema;
import labbook.filecrypt.FilecryptSchemas;
import labbook.filecrypt.corpus.BinaryType;
import labbook.filecrypt.corpus.FolderTypes;
import labbook.reports.results.Results;
import labbook.reports.study.Claim;
import labbook.reports.study.ExperimentChart;
import labbook.reports.study.PageText;
import labbook.reports.study.Seed;
import labbook.reports.study.Study;
import labbook.reports.study.StudyChart;
import labbook.reports.study.Target;
import tech.tablesaw.api.Table;

/** The crypto tool's OpenPGP compression-versus-speed study: gpg's level, time against size. */
public final class FilecryptStudy implements Study {
    /** The seed's claims, for code and tests; the page shows their prose. */
    public enum Id implements Claim.Id {
        /** The seed's rule picks -z 1 ({@code about}: "100 MB", "10 MB", "1 MB"). */
        MIN_TIME_X_SIZE,
        /**
         * The seed's rule by wall time, for bcpg compressing on several threads, on the seed's largest size (100 MB:
         * full mode only): which level it picks.
         */
        MIN_WALL_TIME_X_SIZE,
        /** Output size at a level ({@code about}: "1 MB -z 7"). */
        SIZE_AT_LEVEL,
        /** CPU time at a level ({@code about}: "1 MB -z 7"). */
        CPU_AT_LEVEL,
        MEAN_SIZE_GPG_DEFAULT,
        MEAN_SIZE_CRYPTO_DEFAULT,
        /** A directory run's CPU total ({@code about}: the run). */
        DIRECTORY_CPU,
        /** A directory run takes less CPU than GPG Default ({@code about}: the run). */
        LESS_CPU_THAN_GPG_DEFAULT,
        /** A directory run's mean size as it recorded it ({@code about}: the run). */
        DIRECTORY_MEAN_SIZE,
        SPEED_OVERHEAD,
        /**
         * On a folder of files compressed already, crypto Default costs about what --speed does ({@code about}: mp3,
         * pdf, png).
         */
        BINARY_DEFAULT_AS_SPEED,
        /**
         * On such a folder, GPG Default's CPU over crypto Default's, against the seed's ratio ({@code about}: the
         * type).
         */
        BINARY_GPG_DEFAULT_COST,
        /** On such a folder, compression keeps almost every byte ({@code about}: the type). */
        BINARY_COMPRESSION_GAIN,
        /** No file of such a folder is text/* to libmagic, so none goes to -z 1 ({@code about}: the type). */
        BINARY_SENT_TO_Z1
    }

    /**
     * The lab's own targets for bcpg and its command line, and the measurement shown beside them: none is the seed's.
     */
    public enum TargetId implements Target.Id {
        /** The command line's start-up, {@code encrypt --help}, against its CPU-time goal. */
        STARTUP_CPU,
        /**
         * bcpg's whole command at -z 6 over gpg's CPU time (largest file): a measurement beside the start-up, no goal.
         */
        WHOLE_COMMAND_CPU,
        /** bcpg's in-process decryption CPU time over gpg's at every level (largest file), against its goal. */
        DECRYPT_CPU
    }

    @Override
    public String id() {
        return FilecryptSchemas.STUDY;
    }

    @Override
    public List<ResultsSchema> schemas() {
        return FilecryptSchemas.ALL;
    }

    @Override
    public List<ResultsSchema> summarisedOnly() {
        return List.of(FilecryptSchemas.PIPELINE_VARIANTS);
    }

    @Override
    public List<Seed> seeds() {
        return List.of(FilecryptData.CRYPTO_LEVELS, FilecryptData.CRYPTO_DIRECTORY);
    }

    @Override
    public PageText text() {
        return new PageText(
                "crypto: gpg compression level, time against size",
                "I elected to minimize the encryption time x file size product in order to achieve a balanced "
                        + "approach to text file handling in crypto. Across each of these tested file sizes, "
                        + "that occurred at the -z 1 "
                        + "compression level.",
                "Christopher Simpkins, crypto v1.1.0 (2014), documentation page \"Text File Benchmarks\" and "
                        + "its charts "
                        + "(chrissimpkins.github.io/crypto); chart readings are approximate");
    }

    @Override
    public List<Claim> claims(Results results) {
        List<Claim> claims = new ArrayList<>();
        var sweeps = results.tables(FilecryptSchemas.LEVEL_SWEEP);
        if (sweeps.isEmpty()) {
            claims.add(Claim.of(Id.MIN_TIME_X_SIZE, "", "time x size is smallest at -z 1 for every file size")
                    .seed("-z 1 (100, 10, 1 MB)"));
        }
        LevelClaims levels = new LevelClaims();
        sweeps.forEach(sweep -> claims.addAll(levels.of(sweep)));
        DirectoryClaims directories = new DirectoryClaims();
        results.tables(FilecryptSchemas.DIRECTORY_RUNS).forEach(dir -> claims.addAll(directories.of(dir)));
        for (String type : FolderTypes.BINARY) {
            BinaryDirectoryClaims binary = new BinaryDirectoryClaims(type);
            results.tables(FilecryptSchemas.DIRECTORY_RUNS).forEach(dir -> claims.addAll(binary.of(dir)));
        }
        return claims;
    }

    @Override
    public List<Target> targets(Results results) {
        List<Target> targets = new ArrayList<>();
        var startups = results.tables(FilecryptSchemas.CLI_STARTUP);
        startups.forEach(s -> targets.add(CommandLineCost.startup(s.value(), s.label())));
        if (startups.isEmpty()) {
            targets.add(CommandLineCost.startupNotRun());
        }
        // the whole command sits beside the start-up of the same root, which is most of its fixed cost
        for (var sweep : results.tables(FilecryptSchemas.LEVEL_SWEEP)) {
            Optional<Table> startup = startups.stream()
                    .filter(s -> s.root().equals(sweep.root()))
                    .map(Results.Labelled::value)
                    .findFirst();
            targets.add(CommandLineCost.wholeCommand(sweep.value(), startup, sweep.label()));
        }
        var decrypts = results.tables(FilecryptSchemas.LEVEL_DECRYPT);
        decrypts.forEach(d -> targets.add(DecryptLevels.target(DecryptLevels.levels(d.value()), d.label())));
        if (decrypts.isEmpty()) {
            targets.add(DecryptLevels.notRun());
        }
        return targets;
    }

    @Override
    public List<StudyChart> charts() {
        return List.of(
                LevelsChart.of(FilecryptData.FileChoice.LARGEST),
                LevelsChart.of(FilecryptData.FileChoice.MIDDLE),
                LevelsChart.of(FilecryptData.FileChoice.ONE_MB),
                DirectoryRunsChart.of(FolderTypes.TEXT),
                DirectoryRunsChart.of(BinaryType.MP3.id()),
                DirectoryRunsChart.of(BinaryType.PDF.id()),
                DirectoryRunsChart.of(BinaryType.PNG.id()),
                ExperimentChart.of(TimeTimesSizeChart.NAME, FilecryptSchemas.LEVEL_SWEEP, TimeTimesSizeChart::draw),
                ExperimentChart.of(BandwidthChart.NAME, FilecryptSchemas.LEVEL_SWEEP, BandwidthChart::draw),
                ExperimentChart.of(ParetoChart.NAME, FilecryptSchemas.LEVEL_SWEEP, ParetoChart::draw));
    }

    @Override
    public List<String> headlines() {
        return List.of(LevelsChart.name(FilecryptData.FileChoice.LARGEST), TimeTimesSizeChart.NAME);
    }

    @Override
    public Map<String, Table> analyses(Results results) {
        return FilecryptAnalyses.of(results);
    }
}
