package labbook.core;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The last step of every "write a temp file, then rename it over the target" save in the lab (results CSVs, run.json,
 * wallets, decrypted output): readers see the old file or the new one, never a part of either.
 */
public final class AtomicFiles {
    private AtomicFiles() {}

    /**
     * Renames {@code temp} over {@code target} in one step. The temp file must be in the target's folder (same file
     * system); where the file system cannot rename atomically, a plain replace is the best it offers.
     */
    public static void replace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
