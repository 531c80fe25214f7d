// The parts of KWallet's backend library (Debian 12: libkwalletbackend5-5, KDE Frameworks 5.103)
// that the harness calls. The library ships no header for them, so these are the lab's own
// declarations, written after reading the class as KDE documents it: the kwallet repository at
// tag v5.103.0, src/runtime/kwalletd/backend/kwalletbackend.h and kwalletentry.h. Nothing here is
// copied from those files; only the signatures (which the linker matches by their mangled names)
// and, where an inline member of the real class needs it, the position of a data member.
//
// Two traps, both checked against the library with `nm -DC`:
//  - A C++ mangled name does not include the return type. Entry::value() returns a
//    `const QByteArray &`; declared by value, it links and then reads garbage.
//  - Backend::setFolder() is inline in the real header: it assigns the member that follows the
//    name, the path and two flags. So the first members below are laid out as in the real class.
//    The rest of the object (ref count, entry and hash maps, password hashes, cipher type, a
//    GpgME::Key) is opaque here; its size is not exported, so the declared tail leaves plenty of
//    room, and only the library's own constructor and destructor ever touch it.
#ifndef LABBOOK_KWALLET5_BACKEND_H
#define LABBOOK_KWALLET5_BACKEND_H

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <kwallet.h> // KWallet::Wallet::EntryType (libkf5wallet-dev): Unknown 0, Password 1, Stream 2, Map 3

namespace KWallet
{
// The backend's cipher choice for a wallet it creates; a new wallet must be given BLOWFISH before
// open(), or its first sync finds no writer for "unknown" and fails.
enum BackendCipherType {
    BACKEND_CIPHER_UNKNOWN = 0,
    BACKEND_CIPHER_BLOWFISH = 1,
};

// One stored item. The harness makes these on its stack, so the whole object is declared.
class Entry
{
public:
    Entry();
    ~Entry();

    const QString &key() const;
    const QByteArray &value() const; // by reference: see the note at the top
    void setKey(const QString &key);
    void setValue(const QByteArray &value);
    Wallet::EntryType type() const;
    void setType(Wallet::EntryType type);

private:
    Entry(const Entry &) = delete;
    Entry &operator=(const Entry &) = delete;

    QString key_;
    QByteArray value_;
    Wallet::EntryType type_;
    unsigned char spare_[16]; // room to spare: never touched by the library
};

// A wallet file: open (or create), folders of entries, sync (rewrite the whole file).
// The WId arguments are window ids for dialogs; 0 means none.
class Backend
{
public:
    Backend(const QString &name, bool isPath);
    ~Backend();

    // 0 when open; negative codes otherwise (the harness translates them).
    int open(const QByteArray &password, WId window);
    int close(bool save);
    int sync(WId window);

    void setCipherType(BackendCipherType type);

    QStringList folderList() const;
    bool createFolder(const QString &folder);
    void setFolder(const QString &folder)
    {
        folder_ = folder; // inline in the real class: the reason the members below keep their places
    }

    QList<Entry *> entriesList() const; // the current folder's entries, owned by the backend
    void writeEntry(Entry *entry); // copies it into the current folder

    // The file-name encoding of a wallet name (here: its path) that the PBKDF2 salt file is named by.
    static QString encodeWalletName(const QString &name);
    // Where the backend keeps wallets and their salt files: $XDG_DATA_HOME/kwalletd here.
    static QString getSaveLocation();

private:
    Backend(const Backend &) = delete;
    Backend &operator=(const Backend &) = delete;

    void *d_;
    QString name_;
    QString path_;
    bool open_;
    bool useNewHash_;
    QString folder_;
    alignas(8) unsigned char rest_[1024]; // the members after folder_, opaque; far more than they need
};

} // namespace KWallet

#endif
