/*
 * jni-zlib: gpg's raw deflate on the system zlib, for labbook.filecrypt.pgp.JniZlib on JDK 17-21.
 *
 * Why JNI there: the JDK's Deflater always opens a 32 KiB window, and the foreign-function API of those JDKs is an
 * incubator module (JDK 17's jdk.incubator.foreign), whose use makes every JVM print "WARNING: Using incubator
 * modules" on stderr before the lab's code runs. JDK 22 and later call zlib through the final java.lang.foreign.
 *
 * A handle (a jlong) owns one z_stream and its input and output buffers of CHUNK bytes each, so that the Java side
 * copies bytes in and out the way its foreign-function bindings do. Any thread may use a handle, one at a time.
 * Functions return zlib's own codes; init returns 0 when it could not allocate or initialise (its code in rc[0]).
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

#define CHUNK (1 << 16)

typedef struct {
    z_stream stream;
    unsigned char in[CHUNK];
    unsigned char out[CHUNK];
} handle_t;

static handle_t *of(jlong h) { return (handle_t *)(intptr_t)h; }

JNIEXPORT jstring JNICALL Java_labbook_filecrypt_pgp_JniZlib_zlibVersion(JNIEnv *env, jclass cls) {
    (void)cls;
    return (*env)->NewStringUTF(env, zlibVersion());
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_bufferSize(JNIEnv *env, jclass cls) {
    (void)env;
    (void)cls;
    return CHUNK;
}

JNIEXPORT jlong JNICALL Java_labbook_filecrypt_pgp_JniZlib_init(JNIEnv *env, jclass cls, jint level, jint windowBits,
                                                                jintArray rc) {
    (void)cls;
    handle_t *h = calloc(1, sizeof(handle_t));
    jint code = Z_MEM_ERROR;
    if (h != NULL) {
        code = deflateInit2(&h->stream, level, Z_DEFLATED, -windowBits, 8, Z_DEFAULT_STRATEGY);
        if (code != Z_OK) {
            free(h);
            h = NULL;
        }
    }
    (*env)->SetIntArrayRegion(env, rc, 0, 1, &code);
    return (jlong)(intptr_t)h;
}

JNIEXPORT jobject JNICALL Java_labbook_filecrypt_pgp_JniZlib_inputBuffer(JNIEnv *env, jclass cls, jlong h) {
    (void)cls;
    return (*env)->NewDirectByteBuffer(env, of(h)->in, CHUNK);
}

JNIEXPORT void JNICALL Java_labbook_filecrypt_pgp_JniZlib_copyIn(JNIEnv *env, jclass cls, jlong h, jbyteArray b,
                                                                 jint off, jint n) {
    (void)cls;
    (*env)->GetByteArrayRegion(env, b, off, n, (jbyte *)of(h)->in);
}

JNIEXPORT void JNICALL Java_labbook_filecrypt_pgp_JniZlib_setInput(JNIEnv *env, jclass cls, jlong h, jint n) {
    (void)env;
    (void)cls;
    of(h)->stream.next_in = of(h)->in;
    of(h)->stream.avail_in = (uInt)n;
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_deflate(JNIEnv *env, jclass cls, jlong h, jint flush) {
    (void)env;
    (void)cls;
    of(h)->stream.next_out = of(h)->out;
    of(h)->stream.avail_out = CHUNK;
    return deflate(&of(h)->stream, flush);
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_availIn(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    return (jint)of(h)->stream.avail_in;
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_availOut(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    return (jint)of(h)->stream.avail_out;
}

JNIEXPORT void JNICALL Java_labbook_filecrypt_pgp_JniZlib_copyOut(JNIEnv *env, jclass cls, jlong h, jbyteArray dst,
                                                                  jint n) {
    (void)cls;
    (*env)->SetByteArrayRegion(env, dst, 0, n, (const jbyte *)of(h)->out);
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_reset(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    return deflateReset(&of(h)->stream);
}

JNIEXPORT jint JNICALL Java_labbook_filecrypt_pgp_JniZlib_setDictionary(JNIEnv *env, jclass cls, jlong h, jint n) {
    (void)env;
    (void)cls;
    return deflateSetDictionary(&of(h)->stream, of(h)->in, (uInt)n);
}

JNIEXPORT void JNICALL Java_labbook_filecrypt_pgp_JniZlib_end(JNIEnv *env, jclass cls, jlong h) {
    (void)env;
    (void)cls;
    deflateEnd(&of(h)->stream);
    free(of(h));
}
