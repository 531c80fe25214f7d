// kwallet5-harness: the lab's small driver of KDE's real KWallet backend (libkwalletbackend5,
// KDE Frameworks 5.103 on Debian 12). Built and run by labbook.wallet.peer.Kwallet5 (see its
// package javadoc); usable by hand too:
//
//   kwallet5-harness check
//   kwallet5-harness encode-name PATH
//   kwallet5-harness dump  --scratch DIR WALLET        < password line
//   kwallet5-harness write --scratch DIR WALLET        < password line, then folder/entry lines, then "end"
//   kwallet5-harness sweep --scratch DIR WALLET --max N --step S [--checkpoints A,B,..] [--repeats R]
//                          [--fdatasync on|off]       < password line
//   kwallet5-harness serve --scratch DIR WALLET [--fdatasync on|off]
//                                                      < password line, then commands (add N | sync | quit)
//   write, sweep and serve also take --fail-saves-after N (for the lab's tests: see rename() below).
//
// Rules it keeps:
//  - The password comes on stdin (first line: "password =BASE64"), never in argv.
//  - It writes only inside the scratch folder DIR: WALLET must be in it, and HOME, TMPDIR and
//    every XDG folder point into it (the backend keeps the PBKDF2 salt of a wallet at
//    $XDG_DATA_HOME/kwalletd/<encodeWalletName(wallet path)>.salt, and creates one when none is there).
//    For dump, the caller copies the wallet (and its salt, under that name) into DIR first.
//  - Every failure is one line on stderr, "kwallet5-harness: ...", and a non-zero exit:
//    2 usage, 3 open() refused the wallet (its return code, translated), 4 a sync failed,
//    5 bad input on stdin, 6 a wallet file the harness will not touch, 7 the scratch folder.
//
// Tokens on stdin and stdout: "-" is null; otherwise "=" followed by base64 of the bytes (so an
// empty value is "="). Names and keys (QString) are given as their UTF-16BE code units, so every
// QString, even one with a lone surrogate, round-trips exactly.
//
//   dump's stdout:  header MAJOR MINOR CIPHER HASH   (the file's bytes 12..15, two hex digits each)
//                   folder NAME
//                   entry KEY TYPE VALUE             (TYPE the integer code; VALUE the raw QByteArray)
//                   end FOLDERS ENTRIES
//   write's stdin:  the same folder and entry lines, then "end"; its stdout "wrote FILE_BYTES".
//   sweep's stdout: sync ENTRIES REPEAT SYNC_NS CPU_NS FILE_BYTES FDATASYNCS, one line per timed
//                   sync (FDATASYNCS: the calls QSaveFile made in it; made, or skipped when off).
//   serve:          replies "ready FILE_BYTES", then "added ENTRIES" to "add N", the sync line
//                   (repeat 0) to "sync", "bye" to "quit" (or at the end of stdin).
//
// The seed's entries (sweep, serve): a random 20-character key (letters and digits) and 50 random
// bytes stored as the value of a Password entry, all in folder "benchmark"; only sync() is timed,
// on CLOCK_MONOTONIC (wall) and CLOCK_PROCESS_CPUTIME_ID (CPU). The sizes: 1, then every STEP up
// to MAX, plus the checkpoints; REPEATS syncs at each checkpoint, one elsewhere. A sync of the
// real backend includes QSaveFile's fdatasync (as shipped: "--fdatasync on", the default).

#include "kwallet5_backend.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace
{
const char *const PROGRAM = "kwallet5-harness";

// --fdatasync off (sweep, serve): see fdatasync() below.
bool g_fdatasync = true;
long long g_fdatasyncCalls = 0;
// --fail-saves-after N (write, sweep, serve; for the lab's tests): see rename() below.
long long g_savesBeforeFailing = -1;
} // namespace

// QSaveFile completes each save by renaming its temporary file over the wallet. With
// "--fail-saves-after N", every rename after the first N fails with EIO, as on a failing disk:
// the lab's tests use it to drive the backend's failed-save path, which no input can reach.
extern "C" int rename(const char *from, const char *to)
{
    if (g_savesBeforeFailing == 0) {
        errno = EIO;
        return -1;
    }
    if (g_savesBeforeFailing > 0) {
        g_savesBeforeFailing--;
    }
    return int(::syscall(SYS_rename, from, to));
}

// Qt's QSaveFile, which the backend saves through, calls fdatasync() before its rename, as
// shipped. This definition in the executable interposes on libc's for every library the harness
// loads, so that the harness can count those calls and, with "--fdatasync off", skip them: the
// same sync without the wait for the disk, as KDE4's KSaveFile (the seed's) did by default.
extern "C" int fdatasync(int fd)
{
    g_fdatasyncCalls++;
    if (!g_fdatasync) {
        return 0;
    }
    return int(::syscall(SYS_fdatasync, fd));
}

namespace
{

enum Exit {
    OK = 0,
    USAGE = 2,
    OPEN_FAILED = 3,
    SYNC_FAILED = 4,
    BAD_INPUT = 5,
    BAD_WALLET_FILE = 6,
    BAD_SCRATCH = 7,
};

struct Failure {
    int exit;
    std::string message;
};

[[noreturn]] void fail(int exit, const std::string &message)
{
    throw Failure{exit, message};
}

std::string str(const QString &s)
{
    return s.toStdString();
}

// What open()'s return codes mean, from reading the backend's open and Blowfish reader (v5.103).
std::string openCodeMeaning(int rc)
{
    switch (rc) {
    case -255:
        return "the wallet is already open";
    case -2:
        return "cannot open or create the file";
    case -3:
        return "not a KWallet file (wrong magic bytes)";
    case -4:
        return "unsupported format version";
    case -41:
        return "unknown cipher or hash in the header";
    case -42:
        return "unknown encryption scheme";
    case -43:
        return "damaged hash section";
    case -5:
        return "truncated: the encrypted part is not a whole number of 8-byte blocks";
    case -6:
        return "decryption error";
    case -7:
        return "file structure error: nothing to decrypt";
    case -8:
        return "SHA-1 digest mismatch after decrypting: a damaged file (or, rarely, a wrong password)";
    case -9:
        return "wrong password or a KDE4-era wallet (the length field is wrong after decrypting)";
    default:
        return "unknown return code";
    }
}

std::string syncCodeMeaning(int rc)
{
    switch (rc) {
    case -255:
        return "the wallet is not open";
    case -1:
        return "cannot open the temporary file";
    case -2:
        return "encryption error (no key)";
    case -3:
        return "the wallet file vanished, or no random data";
    case -4:
        return "write error (or no cipher type set)";
    default:
        return "unknown return code";
    }
}

// ---- tokens -------------------------------------------------------------------------------------

std::string bytesToken(const QByteArray &b)
{
    if (b.isNull()) {
        return "-";
    }
    return "=" + b.toBase64().toStdString();
}

std::string stringToken(const QString &s)
{
    if (s.isNull()) {
        return "-";
    }
    QByteArray units;
    units.reserve(s.size() * 2);
    for (QChar c : s) {
        units.append(char(c.unicode() >> 8));
        units.append(char(c.unicode() & 0xFF));
    }
    return "=" + units.toBase64().toStdString();
}

QByteArray tokenBytes(const std::string &token, const std::string &where)
{
    if (token == "-") {
        return QByteArray();
    }
    if (token.empty() || token[0] != '=') {
        fail(BAD_INPUT, where + ": expected '-' or '=' followed by base64");
    }
    auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromStdString(token.substr(1)),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        fail(BAD_INPUT, where + ": not valid base64");
    }
    QByteArray b = *decoded;
    if (b.isNull()) {
        b = QByteArray(""); // "=" is the empty value, not null
    }
    return b;
}

QString tokenString(const std::string &token, const std::string &where)
{
    if (token == "-") {
        return QString();
    }
    QByteArray units = tokenBytes(token, where);
    if (units.size() % 2 != 0) {
        fail(BAD_INPUT, where + ": UTF-16BE text must have an even number of bytes");
    }
    QString s(units.size() / 2, Qt::Uninitialized);
    for (int i = 0; i < s.size(); i++) {
        s[i] = QChar(ushort((uchar(units[2 * i]) << 8) | uchar(units[2 * i + 1])));
    }
    return s;
}

std::vector<std::string> split(const std::string &line)
{
    std::vector<std::string> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') {
            i++;
        }
        size_t j = i;
        while (j < line.size() && line[j] != ' ') {
            j++;
        }
        if (j > i) {
            out.push_back(line.substr(i, j - i));
        }
        i = j;
    }
    return out;
}

bool readLine(std::string &line)
{
    if (!std::getline(std::cin, line)) {
        return false;
    }
    if (!line.empty() && line.back() == '\r') {
        line.pop_back();
    }
    return true;
}

QByteArray readPassword()
{
    std::string line;
    if (!readLine(line)) {
        fail(BAD_INPUT, "stdin: expected the password line first (\"password =BASE64\"), got nothing");
    }
    std::vector<std::string> t = split(line);
    if (t.size() != 2 || t[0] != "password") {
        fail(BAD_INPUT, "stdin: the first line must be \"password =BASE64\"");
    }
    QByteArray pw = tokenBytes(t[1], "stdin: password");
    if (pw.isNull()) {
        pw = QByteArray("");
    }
    return pw;
}

// ---- the scratch folder -------------------------------------------------------------------------

struct Scratch {
    QString dir; // canonical
};

void makeDir(const QString &path, bool privateDir)
{
    if (!QDir().mkpath(path)) {
        fail(BAD_SCRATCH, "cannot create " + str(path));
    }
    if (privateDir) {
        ::chmod(QFile::encodeName(path).constData(), 0700);
    }
}

// Points HOME, TMPDIR and the XDG folders into the scratch folder before the backend runs, and
// gives it no session bus: the backend then has nowhere else to write.
Scratch enterScratch(const std::string &arg)
{
    QFileInfo info(QString::fromStdString(arg));
    if (arg.empty() || !info.isDir()) {
        fail(BAD_SCRATCH, "scratch folder " + arg + ": no such folder");
    }
    Scratch s{info.canonicalFilePath()};
    const struct {
        const char *var;
        const char *sub;
        bool privateDir;
    } places[] = {
        {"HOME", "home", true},
        {"XDG_DATA_HOME", "data", true},
        {"XDG_CONFIG_HOME", "config", true},
        {"XDG_CACHE_HOME", "cache", true},
        {"XDG_STATE_HOME", "state", true},
        {"XDG_RUNTIME_DIR", "runtime", true},
        {"TMPDIR", "tmp", true},
    };
    for (const auto &p : places) {
        QString path = s.dir + "/" + p.sub;
        makeDir(path, p.privateDir);
        ::setenv(p.var, QFile::encodeName(path).constData(), 1);
    }
    QByteArray noBus = "unix:path=" + QFile::encodeName(s.dir + "/runtime/no-session-bus");
    ::setenv("DBUS_SESSION_BUS_ADDRESS", noBus.constData(), 1);
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    return s;
}

// The wallet's absolute path, which must lie inside the scratch folder (its folder must exist).
QString walletInScratch(const Scratch &scratch, const std::string &arg)
{
    QFileInfo info(QString::fromStdString(arg));
    QFileInfo parent(info.absolutePath());
    if (!parent.isDir()) {
        fail(BAD_WALLET_FILE, arg + ": its folder does not exist");
    }
    QString dir = parent.canonicalFilePath();
    if (dir != scratch.dir && !dir.startsWith(scratch.dir + "/")) {
        fail(BAD_WALLET_FILE, arg + ": outside the scratch folder " + str(scratch.dir) + " (the harness writes nowhere else)");
    }
    if (info.isSymLink()) {
        fail(BAD_WALLET_FILE, arg + ": is a symbolic link");
    }
    return dir + "/" + info.fileName();
}

void requireNew(const QString &wallet)
{
    if (QFileInfo::exists(wallet) || QFileInfo(wallet).isSymLink()) {
        fail(BAD_WALLET_FILE, str(wallet) + ": already exists (the harness only creates new wallets)");
    }
}

// The backend treats a missing file or one under 60 bytes as no wallet and creates a new one in
// its place: dump refuses those before calling it. It also refuses GPG wallets (cipher byte 2),
// which would start gpg.
QByteArray existingWalletHeader(const QString &wallet)
{
    QFileInfo info(wallet);
    if (!info.exists()) {
        fail(BAD_WALLET_FILE, str(wallet) + ": no such file");
    }
    if (!info.isFile()) {
        fail(BAD_WALLET_FILE, str(wallet) + ": not a regular file");
    }
    if (info.size() < 60) {
        fail(BAD_WALLET_FILE, str(wallet) + ": " + std::to_string(info.size())
                 + " bytes; KWallet treats a file under 60 bytes as no wallet and would create a new one in its place");
    }
    QFile f(wallet);
    if (!f.open(QIODevice::ReadOnly)) {
        fail(BAD_WALLET_FILE, str(wallet) + ": cannot read it");
    }
    QByteArray head = f.read(16);
    if (head.size() == 16 && head.startsWith(QByteArray("KWALLET\n\r\0\r\n", 12)) && head.at(14) == char(2)) {
        fail(BAD_WALLET_FILE, str(wallet) + ": a GPG-encrypted wallet (cipher 2); the harness does not open those");
    }
    return head;
}

long long fileBytes(const QString &path)
{
    struct stat st;
    if (::stat(QFile::encodeName(path).constData(), &st) != 0) {
        return -1;
    }
    return (long long)st.st_size;
}

// ---- the backend --------------------------------------------------------------------------------

void openOrFail(KWallet::Backend &backend, const QByteArray &password, const QString &wallet)
{
    int rc = backend.open(password, 0);
    if (rc != 0) {
        fail(OPEN_FAILED, "open " + str(wallet) + " failed: rc " + std::to_string(rc) + ": " + openCodeMeaning(rc));
    }
}

// The salt file the backend keeps beside a wallet it was given by path.
QString saltFile(const QString &wallet)
{
    return KWallet::Backend::getSaveLocation() + "/" + KWallet::Backend::encodeWalletName(wallet) + ".salt";
}

// A new wallet: the cipher type first, or its first sync fails. open() creates the file, draws
// the wallet's PBKDF2 salt and syncs once. The backend's Blowfish refuses a weak key, and about
// one salt in 40,000 makes one: every sync of that wallet then fails (rc -2), and open() says -2.
// KWallet would fail the same way on a desktop; the harness draws a new salt by creating the
// wallet once more (the wallet and its salt file are its own, just made), and says so on stderr.
std::unique_ptr<KWallet::Backend> createWallet(const QByteArray &password, const QString &wallet)
{
    for (int attempt = 1;; attempt++) {
        auto backend = std::make_unique<KWallet::Backend>(wallet, true);
        backend->setCipherType(KWallet::BACKEND_CIPHER_BLOWFISH);
        int rc = backend->open(password, 0);
        if (rc == 0) {
            return backend;
        }
        if (rc != -2 || attempt == 2) {
            fail(OPEN_FAILED, "open " + str(wallet) + " failed: rc " + std::to_string(rc) + ": " + openCodeMeaning(rc));
        }
        backend.reset();
        QString salt = saltFile(wallet);
        std::fprintf(stderr, "%s: note: the first sync of new wallet %s failed (rc -2: a weak key from its salt, or a write error); creating it once more with a new salt\n",
                     PROGRAM, str(wallet).c_str());
        if (!QFile::remove(wallet) || (QFileInfo::exists(salt) && !QFile::remove(salt))) {
            fail(BAD_SCRATCH, "cannot remove the failed new wallet " + str(wallet) + " or its salt " + str(salt));
        }
    }
}

void syncOrFail(KWallet::Backend &backend, const QString &wallet)
{
    int rc = backend.sync(0);
    if (rc != 0) {
        fail(SYNC_FAILED, "sync of " + str(wallet) + " failed: rc " + std::to_string(rc) + ": " + syncCodeMeaning(rc));
    }
}

long long nanos(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

// The seed's entries, with random data from /dev/urandom as the seed's loop read it.
class SeedEntries
{
public:
    SeedEntries()
        : random_(std::fopen("/dev/urandom", "rb"))
    {
        if (random_ == nullptr) {
            fail(BAD_SCRATCH, "cannot read /dev/urandom");
        }
    }
    ~SeedEntries()
    {
        std::fclose(random_);
    }

    void add(KWallet::Backend &backend, int n)
    {
        static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        unsigned char bytes[70];
        for (int i = 0; i < n; i++) {
            if (std::fread(bytes, 1, sizeof bytes, random_) != sizeof bytes) {
                fail(BAD_SCRATCH, "short read from /dev/urandom");
            }
            QString key(20, Qt::Uninitialized);
            for (int k = 0; k < 20; k++) {
                key[k] = QLatin1Char(alphabet[bytes[k] % 62]);
            }
            KWallet::Entry entry;
            entry.setType(KWallet::Wallet::Password);
            entry.setKey(key);
            entry.setValue(QByteArray(reinterpret_cast<const char *>(bytes + 20), 50));
            backend.writeEntry(&entry);
        }
    }

private:
    std::FILE *random_;
};

const QString FOLDER = QStringLiteral("benchmark");

// One timed sync: the seed measured only this call.
void timedSync(KWallet::Backend &backend, const QString &wallet, long long entries, int repeat)
{
    long long calls0 = g_fdatasyncCalls;
    long long c0 = nanos(CLOCK_PROCESS_CPUTIME_ID);
    long long t0 = nanos(CLOCK_MONOTONIC);
    int rc = backend.sync(0);
    long long t1 = nanos(CLOCK_MONOTONIC);
    long long c1 = nanos(CLOCK_PROCESS_CPUTIME_ID);
    if (rc != 0) {
        fail(SYNC_FAILED, "sync of " + str(wallet) + " failed: rc " + std::to_string(rc) + ": " + syncCodeMeaning(rc));
    }
    std::printf("sync %lld %d %lld %lld %lld %lld\n", entries, repeat, t1 - t0, c1 - c0, fileBytes(wallet),
                g_fdatasyncCalls - calls0);
    std::fflush(stdout);
}

// ---- subcommands --------------------------------------------------------------------------------

int dump(const Scratch &scratch, const std::string &walletArg)
{
    QString wallet = walletInScratch(scratch, walletArg);
    QByteArray head = existingWalletHeader(wallet);
    QByteArray password = readPassword();
    KWallet::Backend backend(wallet, true);
    openOrFail(backend, password, wallet);
    // the whole dump is made before anything is printed: a failure prints no partial output
    std::string out;
    char hex[32];
    std::snprintf(hex, sizeof hex, "header %02x %02x %02x %02x\n", uchar(head.at(12)), uchar(head.at(13)), uchar(head.at(14)), uchar(head.at(15)));
    out += hex;
    long long folders = 0;
    long long entries = 0;
    for (const QString &folder : backend.folderList()) {
        out += "folder " + stringToken(folder) + "\n";
        folders++;
        backend.setFolder(folder);
        for (const KWallet::Entry *e : backend.entriesList()) {
            out += "entry " + stringToken(e->key()) + " " + std::to_string(int(e->type())) + " " + bytesToken(e->value()) + "\n";
            entries++;
        }
    }
    out += "end " + std::to_string(folders) + " " + std::to_string(entries) + "\n";
    backend.close(false);
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
    return OK;
}

int write(const Scratch &scratch, const std::string &walletArg)
{
    QString wallet = walletInScratch(scratch, walletArg);
    requireNew(wallet);
    QByteArray password = readPassword();
    // read everything first: bad input creates no wallet
    struct Item {
        bool folder;
        QString name;
        int type;
        QByteArray value;
    };
    std::vector<Item> items;
    std::string line;
    bool ended = false;
    long lineNo = 1;
    bool haveFolder = false;
    while (readLine(line)) {
        lineNo++;
        std::string where = "stdin line " + std::to_string(lineNo);
        std::vector<std::string> t = split(line);
        if (t.empty()) {
            continue;
        }
        if (t[0] == "end" && t.size() == 1) {
            ended = true;
            break;
        }
        if (t[0] == "folder" && t.size() == 2) {
            items.push_back({true, tokenString(t[1], where + ": folder name"), 0, QByteArray()});
            haveFolder = true;
        } else if (t[0] == "entry" && t.size() == 4) {
            if (!haveFolder) {
                fail(BAD_INPUT, where + ": an entry before any folder line");
            }
            char *endp = nullptr;
            errno = 0;
            long type = std::strtol(t[2].c_str(), &endp, 10);
            if (errno != 0 || endp == t[2].c_str() || *endp != '\0' || type < INT32_MIN || type > INT32_MAX) {
                fail(BAD_INPUT, where + ": entry type '" + t[2] + "' is not an integer");
            }
            items.push_back({false, tokenString(t[1], where + ": key"), int(type), tokenBytes(t[3], where + ": value")});
        } else {
            fail(BAD_INPUT, where + ": expected \"folder NAME\", \"entry KEY TYPE VALUE\" or \"end\"");
        }
    }
    if (!ended) {
        fail(BAD_INPUT, "stdin: ended without the \"end\" line");
    }
    std::unique_ptr<KWallet::Backend> created = createWallet(password, wallet);
    KWallet::Backend &backend = *created;
    for (const Item &item : items) {
        if (item.folder) {
            backend.createFolder(item.name);
            backend.setFolder(item.name);
        } else {
            KWallet::Entry entry;
            entry.setKey(item.name);
            entry.setType(KWallet::Wallet::EntryType(item.type));
            entry.setValue(item.value);
            backend.writeEntry(&entry);
        }
    }
    syncOrFail(backend, wallet);
    backend.close(false);
    std::printf("wrote %lld\n", fileBytes(wallet));
    return OK;
}

struct SweepPlan {
    long long max = 10000;
    long long step = 100;
    std::set<long long> checkpoints;
    int repeats = 1;
};

int sweep(const Scratch &scratch, const std::string &walletArg, const SweepPlan &plan)
{
    QString wallet = walletInScratch(scratch, walletArg);
    requireNew(wallet);
    QByteArray password = readPassword();
    std::set<long long> sizes{1};
    for (long long n = plan.step; n <= plan.max; n += plan.step) {
        sizes.insert(n);
    }
    for (long long c : plan.checkpoints) {
        if (c >= 1 && c <= plan.max) {
            sizes.insert(c);
        }
    }
    std::unique_ptr<KWallet::Backend> created = createWallet(password, wallet);
    KWallet::Backend &backend = *created;
    backend.createFolder(FOLDER);
    backend.setFolder(FOLDER);
    SeedEntries seed;
    long long have = 0;
    for (long long size : sizes) {
        seed.add(backend, int(size - have));
        have = size;
        int repeats = plan.checkpoints.count(size) ? plan.repeats : 1;
        for (int r = 0; r < repeats; r++) {
            timedSync(backend, wallet, have, r);
        }
    }
    backend.close(false);
    return OK;
}

int serve(const Scratch &scratch, const std::string &walletArg)
{
    QString wallet = walletInScratch(scratch, walletArg);
    requireNew(wallet);
    QByteArray password = readPassword();
    std::unique_ptr<KWallet::Backend> created = createWallet(password, wallet);
    KWallet::Backend &backend = *created;
    backend.createFolder(FOLDER);
    backend.setFolder(FOLDER);
    SeedEntries seed;
    long long have = 0;
    std::printf("ready %lld\n", fileBytes(wallet));
    std::fflush(stdout);
    std::string line;
    while (readLine(line)) {
        std::vector<std::string> t = split(line);
        if (t.empty()) {
            continue;
        }
        if (t[0] == "add" && t.size() == 2) {
            char *endp = nullptr;
            long n = std::strtol(t[1].c_str(), &endp, 10);
            if (endp == t[1].c_str() || *endp != '\0' || n < 0 || n > 10000000) {
                fail(BAD_INPUT, "serve: add needs a count, 0..10000000");
            }
            seed.add(backend, int(n));
            have += n;
            std::printf("added %lld\n", have);
            std::fflush(stdout);
        } else if (t[0] == "sync" && t.size() == 1) {
            timedSync(backend, wallet, have, 0);
        } else if (t[0] == "quit" && t.size() == 1) {
            break;
        } else {
            fail(BAD_INPUT, "serve: unknown command (expected add N, sync or quit)");
        }
    }
    backend.close(false);
    std::printf("bye\n");
    std::fflush(stdout);
    return OK;
}

long long number(const std::string &option, const std::string &value, long long min, long long max)
{
    char *endp = nullptr;
    errno = 0;
    long long n = std::strtoll(value.c_str(), &endp, 10);
    if (errno != 0 || endp == value.c_str() || *endp != '\0' || n < min || n > max) {
        fail(USAGE, "invalid value for " + option + ": '" + value + "' (" + std::to_string(min) + ".." + std::to_string(max) + ")");
    }
    return n;
}

const char *const USAGE_TEXT =
    "usage: kwallet5-harness check | encode-name PATH\n"
    "       kwallet5-harness dump|write --scratch DIR WALLET\n"
    "       kwallet5-harness serve --scratch DIR WALLET [--fdatasync on|off]\n"
    "       kwallet5-harness sweep --scratch DIR WALLET --max N --step S [--checkpoints A,B,..] [--repeats R] [--fdatasync on|off]\n"
    "The password is the first line on stdin: \"password =BASE64\". See the source's header comment.\n";

int run(int argc, char **argv)
{
    if (argc < 2) {
        fail(USAGE, "no subcommand (check, encode-name, dump, write, sweep, serve)");
    }
    std::string command = argv[1];
    if (command == "--help" || command == "-h") {
        std::fputs(USAGE_TEXT, stdout);
        return OK;
    }
    if (command == "check") {
        std::printf("ok Qt %s\n", qVersion());
        return OK;
    }
    if (command == "encode-name") {
        if (argc != 3) {
            fail(USAGE, "encode-name takes one PATH");
        }
        std::printf("%s\n", str(KWallet::Backend::encodeWalletName(QString::fromStdString(argv[2]))).c_str());
        return OK;
    }
    if (command != "dump" && command != "write" && command != "sweep" && command != "serve") {
        fail(USAGE, "unknown subcommand '" + command + "' (check, encode-name, dump, write, sweep, serve)");
    }
    std::string scratchArg;
    std::string walletArg;
    SweepPlan plan;
    bool haveMax = false;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto value = [&](const std::string &option) -> std::string {
            if (i + 1 >= argc) {
                fail(USAGE, option + " needs a value");
            }
            return argv[++i];
        };
        if (a == "--scratch") {
            scratchArg = value(a);
        } else if ((command == "sweep" || command == "serve") && a == "--fdatasync") {
            std::string v = value(a);
            if (v != "on" && v != "off") {
                fail(USAGE, "invalid value for --fdatasync: '" + v + "' (on or off)");
            }
            g_fdatasync = v == "on";
        } else if (command != "dump" && a == "--fail-saves-after") {
            g_savesBeforeFailing = number(a, value(a), 0, 100000000);
        } else if (command == "sweep" && a == "--max") {
            plan.max = number(a, value(a), 1, 100000000);
            haveMax = true;
        } else if (command == "sweep" && a == "--step") {
            plan.step = number(a, value(a), 1, 100000000);
        } else if (command == "sweep" && a == "--repeats") {
            plan.repeats = int(number(a, value(a), 1, 100000));
        } else if (command == "sweep" && a == "--checkpoints") {
            std::string list = value(a);
            size_t start = 0;
            while (start <= list.size()) {
                size_t comma = list.find(',', start);
                std::string item = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                if (!item.empty()) {
                    plan.checkpoints.insert(number(a, item, 1, 100000000));
                }
                if (comma == std::string::npos) {
                    break;
                }
                start = comma + 1;
            }
        } else if (!a.empty() && a[0] == '-') {
            fail(USAGE, "unknown option '" + a + "' for " + command);
        } else if (walletArg.empty()) {
            walletArg = a;
        } else {
            fail(USAGE, "one WALLET only");
        }
    }
    if (scratchArg.empty()) {
        fail(USAGE, command + " needs --scratch DIR");
    }
    if (walletArg.empty()) {
        fail(USAGE, command + " needs a WALLET path");
    }
    if (command == "sweep" && !haveMax) {
        fail(USAGE, "sweep needs --max N");
    }
    Scratch scratch = enterScratch(scratchArg);
    // The backend reports a failed sync by a desktop notification (KNotification), whose QPixmap
    // aborts the process unless a QGuiApplication exists. With the offscreen platform none needs a
    // display; the notification goes nowhere (no session bus), and sync() returns its code.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int qtArgc = 1;
    static char qtName[] = "kwallet5-harness";
    static char *qtArgv[] = {qtName, nullptr};
    QGuiApplication app(qtArgc, qtArgv);
    // The backend's save location (its salts) is $XDG_DATA_HOME/<application name>, less a final
    // "5": named as KDE's daemon is, the harness keeps them where a desktop does.
    QCoreApplication::setApplicationName(QStringLiteral("kwalletd5"));
    if (command == "dump") {
        return dump(scratch, walletArg);
    }
    if (command == "write") {
        return write(scratch, walletArg);
    }
    if (command == "sweep") {
        return sweep(scratch, walletArg, plan);
    }
    return serve(scratch, walletArg);
}

} // namespace

int main(int argc, char **argv)
{
    try {
        return run(argc, argv);
    } catch (const Failure &f) {
        std::fflush(stdout);
        std::fprintf(stderr, "%s: %s\n", PROGRAM, f.message.c_str());
        return f.exit;
    } catch (const std::exception &e) {
        std::fflush(stdout);
        std::fprintf(stderr, "%s: %s\n", PROGRAM, e.what());
        return 1;
    }
}
