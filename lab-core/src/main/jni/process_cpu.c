/*
 * process-cpu: the kernel's CPU time of the JVM that loads this library (getrusage RUSAGE_SELF) and of its children
 * waited for (RUSAGE_CHILDREN), to the microsecond, for labbook.core.ProcessCpu.
 *
 * Why native code: the JDK reads a process's user and system time from /proc/self/stat or times(2), both in clock
 * ticks (10 ms); getrusage reports the same counters from the scheduler's nanosecond count of running time.
 *
 * rusage(who, out): who 0 is this process, 1 its children waited for; out[0] is user, out[1] system time, in
 * microseconds. Returns the errno of a failed getrusage, 0 on success.
 */
#include <errno.h>
#include <jni.h>
#include <sys/resource.h>

JNIEXPORT jint JNICALL Java_labbook_core_ProcessCpu_rusage(JNIEnv *env, jclass cls, jint who, jlongArray out) {
    (void)cls;
    struct rusage usage;
    if (getrusage(who == 0 ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage) != 0) {
        return errno;
    }
    jlong micros[2] = {
        (jlong)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec,
        (jlong)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec,
    };
    (*env)->SetLongArrayRegion(env, out, 0, 2, micros);
    return 0;
}
