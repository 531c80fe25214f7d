package labbook.filecrypt.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import labbook.core.LabException;

/**
 * MP3 files of speech: passages of GCIDE (the module's embedded English text, {@link QuickCorpus}) read aloud by
 * {@code espeak-ng} into a WAV file and encoded by the real {@code lame} at its {@code -V 2} preset (VBR ~190 kbit/s,
 * the usual setting for ripping music). VBR because a constant bit rate pads the silences between words with bits that
 * deflate finds (about 18 % smaller here), which real music files do not have.
 *
 * <p>Sizes: speech at {@code -V 2} is about 1 MB per 1,300 bytes of text. Full: 10 files of 3.0 to 4.2 MB (37.8 MB), as
 * the seed's "ten mp3 files that ranged in size from 3.5MB to 4.3MB". Quick: the first of them alone (3.8 MB), not
 * more, smaller files: the claims read a run's CPU per file, and each gpg process's own start (10-20 ms) weighs on a 1
 * MB file as it did not on the seed's, which put quick mode's "GPG Default costs 2.7 x crypto Default" ratio below full
 * mode's by a third, at the claim's threshold. Passage {@code i} starts at byte 500,000 + 900,000 i of the 10 MB head,
 * from the next line on, and keeps whole lines.
 */
final class Mp3Plan {
    static final List<String> PACKAGES = List.of("espeak-ng", "lame");
    static final int QUICK_FILES = 1;
    static final int FULL_FILES = 10;
    /** Each passage's text: a file of the seed's size. */
    static final int TEXT_BYTES = 5_000;

    static final String LAME_PRESET = "-V 2";
    private static final long FIRST_OFFSET = 500_000;
    private static final long STEP = 900_000;

    private Mp3Plan() {}

    static CorpusPlan of(String size, int files, int textBytes) {
        Path gcide = QuickCorpus.materialize().largest();
        List<Recipe> recipes = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            long offset = FIRST_OFFSET + STEP * i;
            byte[] text = passage(gcide, offset, textBytes);
            String name = String.format(Locale.ROOT, "gcide-passage-%02d.mp3", i + 1);
            String from = "GCIDE, the first 10,000,000 bytes (module resource " + QuickCorpus.RESOURCE + ", SHA-256 "
                    + QuickCorpus.SHA256.substring(0, 12) + "...): " + text.length + " bytes of whole lines from byte "
                    + offset
                    + ", text SHA-256 " + Corpus.sha256(text);
            String command = "espeak-ng -v en -f passage.txt -w passage.wav; lame --quiet " + LAME_PRESET
                    + " passage.wav " + name;
            String licence = "the text's: GCIDE, GNU GPL version 2 or later (see the module README); spoken by "
                    + "espeak-ng, encoded by lame";
            recipes.add(new Recipe(name, PACKAGES, from, command, licence, (target, work) -> {
                Path txt = work.resolve("passage.txt");
                Path wav = work.resolve("passage.wav");
                Files.write(txt, text);
                Commands.run(
                        List.of("espeak-ng", "-v", "en", "-f", txt.toString(), "-w", wav.toString()),
                        work.resolve("espeak-ng.log"));
                List<String> lame = new ArrayList<>(List.of("lame", "--quiet"));
                lame.addAll(List.of(LAME_PRESET.split(" ")));
                lame.addAll(List.of(wav.toString(), target.toString()));
                Commands.run(lame, work.resolve("lame.log"));
            }));
        }
        return new CorpusPlan(BinaryType.MP3, size, PACKAGES, recipes);
    }

    /**
     * About {@code bytes} bytes of whole lines of {@code text}, from the first line that starts after {@code offset}.
     */
    static byte[] passage(Path text, long offset, int bytes) {
        byte[] window = new byte[bytes + 4096];
        int n;
        try (InputStream in = Files.newInputStream(text)) {
            in.skipNBytes(offset);
            n = in.readNBytes(window, 0, window.length);
        } catch (IOException e) {
            throw LabException.cannot("read", text, e);
        }
        int start = 0;
        while (start < n && window[start] != '\n') {
            start++;
        }
        start++;
        int end = Math.min(n, start + bytes);
        while (end > start && window[end - 1] != '\n') {
            end--;
        }
        if (end <= start) {
            throw new LabException("no whole line of " + text + " in " + bytes + " bytes from " + offset);
        }
        return Arrays.copyOfRange(window, start, end);
    }
}
