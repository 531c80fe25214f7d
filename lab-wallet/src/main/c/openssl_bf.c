// openssl-bf: OpenSSL's Blowfish (the system libcrypto, Debian's libssl3), the fastest Blowfish on the
// machine, as the reference for the lab's own, and OpenSSL's PBKDF2-HMAC-SHA512, which makes the Blowfish
// key of a KF5-era wallet. Built and run by labbook.wallet.peer.OpensslBlowfish; usable by hand too:
//
//   openssl-bf check                      the published vector: prints "ok", or exits 3
//   openssl-bf speed MODE BYTES REPEATS   MODE cbc or ecb over a buffer of BYTES random bytes, REPEATS
//                                         times after one untimed pass; one line per repeat:
//                                         "MODE BYTES NS" (CLOCK_MONOTONIC around one BF_cbc_encrypt
//                                         call, or around the loop of BF_ecb_encrypt over the blocks,
//                                         which is what EVP's bf-ecb runs)
//   openssl-bf cbc KEYBYTES               stdin's first KEYBYTES bytes are the key (never in argv); the
//                                         rest, whole 8-byte blocks, in CBC with an all-zero IV
//                                         (KWallet's cipher 3) to stdout
//   openssl-bf pbkdf2 ITERATIONS REPEATS  PKCS5_PBKDF2_HMAC with SHA-512 on a KF5 wallet's sizes (a 28-byte
//                                         password, a 56-byte salt, a 56-byte key), REPEATS times after one
//                                         untimed pass; one line per repeat: "pbkdf2 ITERATIONS NS"
//   openssl-bf pbkdf2-key ITERATIONS SALTBYTES KEYBYTES
//                                         stdin's first SALTBYTES bytes are the salt and the rest the password
//                                         (never in argv); the PBKDF2-HMAC-SHA512 key to stdout
//
// It uses the low-level BF_* functions, which OpenSSL 3 keeps (deprecated) and which need no legacy
// provider; EVP's bf-cbc in the legacy provider runs the same code. Every failure is one line on
// stderr, "openssl-bf: ...", and a non-zero exit: 2 usage, 3 a wrong answer, 4 bad input, 5 out of memory.

#define _POSIX_C_SOURCE 199309L // clock_gettime
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/blowfish.h>
#include <openssl/evp.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int fail(int code, const char *what)
{
    fprintf(stderr, "openssl-bf: %s\n", what);
    return code;
}

static long parse(const char *text, long min, long max)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || *text == '\0' || *end != '\0' || v < min || v > max) {
        return -1;
    }
    return v;
}

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// Eric Young's first vector: key and plaintext all zero give 4E F9 97 45 61 98 DD 78.
static int check(void)
{
    static const unsigned char expected[8] = {0x4E, 0xF9, 0x97, 0x45, 0x61, 0x98, 0xDD, 0x78};
    unsigned char key[8] = {0}, in[8] = {0}, out[8];
    BF_KEY ks;
    BF_set_key(&ks, sizeof key, key);
    BF_ecb_encrypt(in, out, &ks, BF_ENCRYPT);
    if (memcmp(out, expected, 8) != 0) {
        return fail(3, "BF_ecb_encrypt gives the wrong answer for the all-zero vector");
    }
    puts("ok");
    return 0;
}

static void encrypt_ecb(const unsigned char *in, unsigned char *out, long bytes, const BF_KEY *ks)
{
    for (long i = 0; i < bytes; i += 8) {
        BF_ecb_encrypt(in + i, out + i, ks, BF_ENCRYPT);
    }
}

static int speed(int ecb, long bytes, long repeats)
{
    unsigned char *in = malloc(bytes), *out = malloc(bytes);
    if (in == NULL || out == NULL) {
        return fail(5, "cannot allocate the buffers");
    }
    unsigned int x = 2463534242u; // xorshift: random bytes, the same on every run
    for (long i = 0; i < bytes; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        in[i] = (unsigned char)x;
    }
    unsigned char key[20];
    memcpy(key, in, sizeof key);
    BF_KEY ks;
    BF_set_key(&ks, sizeof key, key);
    unsigned char iv[8];
    memset(iv, 0, sizeof iv);
    for (long r = -1; r < repeats; r++) { // repeat -1 is the warm-up: caches, page faults
        memset(iv, 0, sizeof iv);
        long long t0 = now_ns();
        if (ecb) {
            encrypt_ecb(in, out, bytes, &ks);
        } else {
            BF_cbc_encrypt(in, out, bytes, &ks, iv, BF_ENCRYPT);
        }
        long long t1 = now_ns();
        if (r >= 0) {
            printf("%s %ld %lld\n", ecb ? "ecb" : "cbc", bytes, t1 - t0);
        }
    }
    fflush(stdout);
    free(in);
    free(out);
    return ferror(stdout) ? fail(4, "cannot write the timings") : 0;
}

static int cbc(long keybytes)
{
    unsigned char key[56];
    if (fread(key, 1, (size_t)keybytes, stdin) != (size_t)keybytes) {
        return fail(4, "stdin ends before the key");
    }
    BF_KEY ks;
    BF_set_key(&ks, (int)keybytes, key);
    memset(key, 0, sizeof key);
    static unsigned char in[65536], out[65536];
    unsigned char iv[8] = {0};
    size_t got;
    while ((got = fread(in, 1, sizeof in, stdin)) > 0) {
        if (got % 8 != 0) {
            return fail(4, "the input is not a whole number of 8-byte blocks");
        }
        BF_cbc_encrypt(in, out, (long)got, &ks, iv, BF_ENCRYPT);
        if (fwrite(out, 1, got, stdout) != got) {
            return fail(4, "cannot write the output");
        }
    }
    if (ferror(stdin)) {
        return fail(4, "cannot read the input");
    }
    return fflush(stdout) == 0 ? 0 : fail(4, "cannot write the output");
}

static int pbkdf2_speed(long iterations, long repeats)
{
    static const char password[] = "correct horse battery staple"; // 28 bytes, as KeyDerivationBenchmark's
    unsigned char salt[56], key[56];
    for (int i = 0; i < 56; i++) {
        salt[i] = (unsigned char)(i * 37 + 11);
    }
    for (long r = -1; r < repeats; r++) { // repeat -1 is the warm-up
        long long t0 = now_ns();
        if (PKCS5_PBKDF2_HMAC(password, (int)strlen(password), salt, sizeof salt, (int)iterations, EVP_sha512(),
                              sizeof key, key) != 1) {
            return fail(3, "PKCS5_PBKDF2_HMAC failed");
        }
        long long t1 = now_ns();
        if (r >= 0) {
            printf("pbkdf2 %ld %lld\n", iterations, t1 - t0);
        }
    }
    fflush(stdout);
    return ferror(stdout) ? fail(4, "cannot write the timings") : 0;
}

static int pbkdf2_key(long iterations, long saltbytes, long keybytes)
{
    static unsigned char in[65536];
    unsigned char key[1024];
    size_t got = fread(in, 1, sizeof in, stdin);
    if (ferror(stdin) || got == sizeof in) {
        return fail(4, "cannot read the salt and password (at most 64 KiB)");
    }
    if (got < (size_t)saltbytes) {
        return fail(4, "stdin ends before the salt");
    }
    int ok = PKCS5_PBKDF2_HMAC((const char *)in + saltbytes, (int)(got - (size_t)saltbytes), in, (int)saltbytes,
                               (int)iterations, EVP_sha512(), (int)keybytes, key);
    memset(in, 0, got);
    if (ok != 1) {
        return fail(3, "PKCS5_PBKDF2_HMAC failed");
    }
    if (fwrite(key, 1, (size_t)keybytes, stdout) != (size_t)keybytes || fflush(stdout) != 0) {
        return fail(4, "cannot write the key");
    }
    memset(key, 0, sizeof key);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "check") == 0) {
        return check();
    }
    if (argc == 5 && strcmp(argv[1], "speed") == 0) {
        int ecb = strcmp(argv[2], "ecb") == 0;
        long bytes = parse(argv[3], 8, 1L << 30), repeats = parse(argv[4], 1, 100000);
        if ((!ecb && strcmp(argv[2], "cbc") != 0) || bytes < 0 || bytes % 8 != 0 || repeats < 0) {
            return fail(2, "speed MODE BYTES REPEATS: MODE cbc or ecb, BYTES a multiple of 8 up to 1 GiB, "
                           "REPEATS 1 to 100000");
        }
        return speed(ecb, bytes, repeats);
    }
    if (argc == 3 && strcmp(argv[1], "cbc") == 0) {
        long keybytes = parse(argv[2], 1, 56);
        if (keybytes < 0) {
            return fail(2, "cbc KEYBYTES: a Blowfish key is 1 to 56 bytes");
        }
        return cbc(keybytes);
    }
    if (argc == 4 && strcmp(argv[1], "pbkdf2") == 0) {
        long iterations = parse(argv[2], 1, 100000000), repeats = parse(argv[3], 1, 100000);
        if (iterations < 0 || repeats < 0) {
            return fail(2, "pbkdf2 ITERATIONS REPEATS: ITERATIONS 1 to 100000000, REPEATS 1 to 100000");
        }
        return pbkdf2_speed(iterations, repeats);
    }
    if (argc == 5 && strcmp(argv[1], "pbkdf2-key") == 0) {
        long iterations = parse(argv[2], 1, 100000000), saltbytes = parse(argv[3], 0, 4096),
             keybytes = parse(argv[4], 1, 1024);
        if (iterations < 0 || saltbytes < 0 || keybytes < 0) {
            return fail(2, "pbkdf2-key ITERATIONS SALTBYTES KEYBYTES: ITERATIONS 1 to 100000000, SALTBYTES 0 to "
                           "4096, KEYBYTES 1 to 1024");
        }
        return pbkdf2_key(iterations, saltbytes, keybytes);
    }
    return fail(2, "usage: openssl-bf check | speed cbc|ecb BYTES REPEATS | cbc KEYBYTES < key and blocks | "
                   "pbkdf2 ITERATIONS REPEATS | pbkdf2-key ITERATIONS SALTBYTES KEYBYTES < salt and password");
}
