package labbook.filecrypt.experiments;

import java.nio.file.Path;
import labbook.core.ExperimentCommand;
import labbook.core.LabOptions;
import picocli.CommandLine.Mixin;

/** An experiment over the text corpus (level-sweep, directory-runs): the lab's options and the corpus options. */
public abstract class CorpusExperiment extends ExperimentCommand {
    @Mixin
    protected CorpusOptions corpusOptions = new CorpusOptions();

    /**
     * {@code command} as the study's {@code all} runs it: {@code all}'s lab options and {@code --enwik8}, every other
     * option its default.
     */
    public static <T extends CorpusExperiment> T withOptionsOf(LabOptions lab, Path enwik8, T command) {
        return enwik8 == null
                ? ExperimentCommand.withOptionsOf(lab, command)
                : ExperimentCommand.withOptionsOf(lab, command, "--enwik8", enwik8.toString());
    }
}
