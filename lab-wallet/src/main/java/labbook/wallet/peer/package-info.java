/**
 * The real peer's driver: KDE's real KWallet backend, {@code KWallet::Backend} from Debian 12's
 * {@code libkwalletbackend5-5} (KDE Frameworks 5.103), the very class the seed's 2009 benchmark timed, driven by a
 * small C++ harness.
 *
 * <h2>The harness</h2>
 *
 * {@code lab-wallet/src/main/cpp/kwallet5_harness.cpp} (with the lab's own declarations of the backend's members in
 * {@code kwallet5_backend.h}: the library ships no header) is built on first use, with {@code g++ -O2} against Qt5Core
 * and {@code -lkwalletbackend5}, into {@code lab-wallet/target/kwallet5/kwallet5-harness}; it is rebuilt when a source
 * file or the build command changes (a SHA-256 stamp beside it). It needs the Debian packages
 * {@link labbook.wallet.peer.Kwallet5#packages()}: {@code libkwalletbackend5-5 libkf5wallet-dev qtbase5-dev g++
 * pkg-config}; when one is missing, {@link labbook.wallet.peer.Kwallet5#unavailableReason()} (and every call) gives one
 * line ending in the {@code apt-get install} that adds them.
 *
 * <p>Every run of the harness (and of dpkg-query, pkg-config, g++ and mkfifo) goes through {@link labbook.core.Peer},
 * so its CPU time is measured as gpg's and git's are. Each run gets a scratch folder of its own (HOME, TMPDIR and the
 * XDG folders point into it; no session bus), and the harness refuses to write a wallet anywhere else. The backend
 * reads a wallet's PBKDF2 salt from {@code $XDG_DATA_HOME/kwalletd/<encoded wallet path>.salt}
 * ({@link labbook.wallet.peer.Kwallet5#saltFileName}), and creates one there when there is none, so the driver copies
 * the wallet into the scratch folder and the lab's {@code <name>.salt} beside it to that name; the user's files are
 * only read.
 *
 * <h2>The API</h2>
 *
 * <pre>{@code
 * // availability (tests: assumeTrue(Kwallet5.available(), Kwallet5.unavailableReason().orElse("")))
 * boolean Kwallet5.available()
 * Optional<String> Kwallet5.unavailableReason()
 * String Kwallet5.version()                      // "5.103.0-1": dpkg-query of libkwalletbackend5-5, for run.json
 *
 * // interop
 * WalletContents Kwallet5.dump(Path wallet, byte[] password)            // salt: <name>.salt beside it, if present
 * WalletContents Kwallet5.dump(Path wallet, Path salt, byte[] password) // salt null: none
 * Kwallet5.Opened Kwallet5.open(Path wallet, Path salt, byte[] password, Path scratchParent) // + header bytes
 * void Kwallet5.write(WalletContents contents, byte[] password, Path target)  // target + <name>.salt beside it
 *   // a refusal is a Kwallet5Exception (a LabException): one line, e.g.
 *   // "x.kwl: real KWallet (kwallet5) cannot open it: -9: wrong password or a KDE4-era wallet (...)",
 *   // with openCode() = -9 and harnessExit() = 3
 *
 * // the seed's benchmark, in one harness run
 * List<SyncTiming> Kwallet5.sweep(SweepPlan plan, boolean fdatasync, Path scratchParent)
 * SweepPlan.seed(int max, int repeats)           // steps of 100, the seed's checkpoints (and max)
 * SyncTiming(entries, repeat, syncMs, cpuMs, fileBytes, fdatasyncs)
 *
 * // the same, interleaved with Java variants step by step (one long-lived harness)
 * Kwallet5Session Kwallet5.session(boolean fdatasync, Path scratchParent)
 *   int add(int n)              // n seed entries, made in the harness, not timed
 *   SyncTiming sync(int repeat) // one Backend::sync(), timed in the harness
 *   void close()                // then peerResult(): the whole session as Peer measured it
 * }</pre>
 *
 * <h2>How the experiments use it</h2>
 *
 * sync-sweep's variant {@code kwallet5} ({@link labbook.wallet.experiments.syncsweep.SweepLoop}) and the experiment
 * {@code kwallet5-interop} ({@link labbook.wallet.experiments.interop.InteropChecks}, through {@code dump},
 * {@code open} and {@code write}) are built on this API; sync-sweep as follows. Start the session next to the Java
 * wallets (same scratch folder, same disk) after {@code run.peer(Kwallet5.BACKEND_PACKAGE, Kwallet5.version())}; at
 * each size add the same number of entries to every variant, then per repeat time each Java variant and call
 * {@code kw.sync(r)}, alternating which goes first; write a row with {@code variant = "kwallet5"}, {@code entries},
 * {@code repeat}, {@code file_bytes = t.fileBytes()}, {@code sync_ms = t.syncMs()}, {@code sync_cpu_ms = t.cpuMs()}
 * (the cipher-alone columns have no counterpart in the backend: leave them empty, or time the lab's
 * {@code BlowfishCodec} on the same byte count). While a session is open, no other {@link labbook.core.Peer} run may
 * start (it would wait for the session to end): fetch versions first, and do not fork the {@code -Xint} JVM in the same
 * loop (sync-sweep runs its forked kde4-c1 and kde4-xint loops after the session has closed). sync-sweep uses
 * {@code fdatasync = false}.
 *
 * <p><b>Compare like with like.</b> The backend saves through Qt's QSaveFile, which calls {@code fdatasync} before its
 * rename: {@code fdatasync = true} is KWallet as shipped and compares with the lab's {@code kf5-fdatasync} variant;
 * {@code fdatasync = false} (the harness interposes on {@code fdatasync} and skips it) compares with {@code kde4} and
 * {@code kf5}, and with the seed's KSaveFile, which did not sync. {@link labbook.wallet.peer.SyncTiming#fdatasyncs()}
 * shows the calls made. The seed's entries are the lab's: 20 random letters and digits as the key, 50 random bytes as a
 * Password value, one folder "benchmark", so file sizes match the Java variants' byte for byte.
 *
 * <h2>Findings the tests record</h2>
 *
 * Real KF5 5.103 refuses every KDE4-era wallet (the lab's kde4 writer and the fixtures openwall, blank_pass, python5
 * and the 4.14 hybrid) with rc -9 and opens kwallet-with-salt.kwl as the lab reads it; every kf5 wallet the lab writes
 * opens identically, and every wallet the backend writes reads back identically in the lab (same bytes count, same hash
 * section). One exception, a backend bug: an entry of type Unknown (0) or Unused (0xFFFF), which the lab keeps, makes
 * the backend's reader lose every entry after it (it skips the entry without reading its value).
 *
 * <p>{@code labbook.wallet.cli.Kwallet5SweepCommand} prints the loop's medians at the seed's checkpoints.
 */
package labbook.wallet.peer;
