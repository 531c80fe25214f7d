package labbook.vfs.experiments.kernelprofile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import labbook.core.LabException;

/**
 * Reads what {@code perf script -F comm,tid,period,ip,sym,dso} prints for call-graph samples: a line "COMM TID PERIOD"
 * (a thread's name may hold spaces), then one tab-indented line per frame, innermost first, "ADDRESS SYMBOL (DSO)",
 * then a blank line.
 */
public final class PerfScript {
    /** Kernel text lies in the top half of the 64-bit address space (x86-64's canonical upper half). */
    private static final long KERNEL_SPACE = 0xffff800000000000L;

    /** One stack frame: the function (perf's "[unknown]" when it has no symbol) and its object. */
    public record Frame(String symbol, String dso, boolean kernel) {}

    /** One sample: the thread it was taken in and its frames, innermost first. */
    public record Sample(String comm, long tid, long period, List<Frame> frames) {
        /** Whether the sample was taken in the kernel: its innermost frame is kernel code. */
        public boolean inKernel() {
            return !frames.isEmpty() && frames.get(0).kernel();
        }

        /** The kernel frames' symbols, innermost first. */
        public List<String> kernelFrames() {
            return frames.stream().filter(Frame::kernel).map(Frame::symbol).toList();
        }
    }

    private PerfScript() {}

    /** Every sample of {@code file}, in order. */
    public static void read(Path file, Consumer<Sample> each) {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            read(r, file.toString(), each);
        } catch (IOException e) {
            throw LabException.cannot("read perf script's samples in", file, e);
        }
    }

    /** Every sample read from {@code reader} ({@code name} names it in errors: "NAME:LINE: ..."). */
    public static void read(Reader reader, String name, Consumer<Sample> each) throws IOException {
        BufferedReader r = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        String[] header = null;
        List<Frame> frames = new ArrayList<>();
        int number = 0;
        for (String line; (line = r.readLine()) != null; ) {
            number++;
            if (line.isBlank()) {
                if (header != null) {
                    each.accept(sample(header, frames));
                    header = null;
                    frames = new ArrayList<>();
                }
            } else if (Character.isWhitespace(line.charAt(0))) {
                if (header == null) {
                    throw new LabException(name + ":" + number + ": a stack frame outside a sample: " + line.strip());
                }
                frames.add(frame(line.strip(), name, number));
            } else {
                if (header != null) {
                    each.accept(sample(header, frames));
                    frames = new ArrayList<>();
                }
                header = header(line.strip(), name, number);
            }
        }
        if (header != null) {
            each.accept(sample(header, frames));
        }
    }

    private static Sample sample(String[] header, List<Frame> frames) {
        return new Sample(header[0], Long.parseLong(header[1]), Long.parseLong(header[2]), List.copyOf(frames));
    }

    /** "COMM TID PERIOD": parsed from the right, since a thread's name may hold spaces. */
    private static String[] header(String line, String name, int number) {
        String[] words = line.split("\\s+");
        if (words.length < 3 || !isNumber(words[words.length - 1]) || !isNumber(words[words.length - 2])) {
            throw new LabException(name + ":" + number + ": not a sample's first line (COMM TID PERIOD): " + line);
        }
        int tidAt = line.lastIndexOf(words[words.length - 2], line.lastIndexOf(words[words.length - 1]) - 1);
        return new String[] {line.substring(0, tidAt).strip(), words[words.length - 2], words[words.length - 1]};
    }

    /** "ADDRESS SYMBOL (DSO)"; a C++ symbol may hold spaces and parentheses, the DSO is the last parenthesis. */
    private static Frame frame(String line, String name, int number) {
        int space = line.indexOf(' ');
        int open = line.lastIndexOf(" (");
        if (space < 0 || open < 0 || open < space || !line.endsWith(")")) {
            throw new LabException(name + ":" + number + ": not a stack frame (ADDRESS SYMBOL (DSO)): " + line);
        }
        long address;
        try {
            address = Long.parseUnsignedLong(line.substring(0, space), 16);
        } catch (NumberFormatException e) {
            throw new LabException(name + ":" + number + ": '" + line.substring(0, space) + "' is not an address");
        }
        String symbol = open > space ? line.substring(space + 1, open).strip() : "";
        String dso = line.substring(open + 2, line.length() - 1);
        boolean kernel = Long.compareUnsigned(address, KERNEL_SPACE) >= 0 || dso.equals("[kernel.kallsyms]");
        return new Frame(symbol.isEmpty() ? "[unknown]" : symbol, dso, kernel);
    }

    private static boolean isNumber(String word) {
        return !word.isEmpty() && word.chars().allMatch(Character::isDigit);
    }
}
