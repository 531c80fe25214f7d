/*
 * timed-exec: runs a command as its own child and reports what the kernel counted for that child alone
 * (wait4's rusage: user and system CPU time, to the microsecond) and its wall time, in a file the caller names.
 *
 *   timed-exec FIGURES_FILE COMMAND [ARG...]
 *
 * Why a helper: a JVM reaps the children it starts itself (its process reaper thread calls waitpid), so it cannot call
 * wait4 on them, and the "children waited for" counters of /proc/self/stat that it can read come in clock ticks
 * (10 ms). This program is the command's parent instead, and the JVM only reads the figures it leaves.
 *
 * The command inherits stdin, stdout, stderr, the working folder and the environment, and is found on PATH as a
 * shell would find it. FIGURES_FILE is written once the command has ended, one "key value" per line:
 *   exit N | signal N              how the command ended
 *   user_us N, system_us N         its CPU time, and that of the processes it waited for (as GNU time reports it)
 *   wall_ns N                      from just before the fork to the end of the wait (CLOCK_MONOTONIC)
 * or, when the command could not be started, "exec_failed ERRNO MESSAGE".
 *
 * Exit status: the command's own; 128 + N when signal N ended it (what a shell and Java report); 127 when it could not
 * start; 125 when this program itself failed (its reason on stderr).
 *
 * Signals: SIGTERM, SIGINT, SIGHUP and SIGQUIT sent to this program are passed on to the command, which then ends as
 * it would have; if this program dies (SIGKILL), the kernel sends SIGKILL to the command too (PR_SET_PDEATHSIG), so
 * killing it kills the command.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { EXIT_CANNOT_START = 127, EXIT_HELPER_FAILED = 125 };

static const int FORWARDED[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};
#define FORWARDED_COUNT (sizeof FORWARDED / sizeof FORWARDED[0])

static volatile pid_t command_pid = 0;

static void forward(int sig) {
    if (command_pid > 0) {
        kill(command_pid, sig);
    }
}

static void fail(const char *what) {
    fprintf(stderr, "timed-exec: %s: %s\n", what, strerror(errno));
    exit(EXIT_HELPER_FAILED);
}

static long long nanos(const struct timespec *t) {
    return (long long) t->tv_sec * 1000000000LL + t->tv_nsec;
}

static long long micros(const struct timeval *t) {
    return (long long) t->tv_sec * 1000000LL + t->tv_usec;
}

/* The command's side of the fork: dies with this program, gets the signals back as they were, becomes the command. */
static void become_command(char **argv, pid_t parent, int report_fd, const sigset_t *mask_before) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) {
        _exit(EXIT_HELPER_FAILED); /* the parent is already gone: nobody would wait for the command */
    }
    for (size_t i = 0; i < FORWARDED_COUNT; i++) {
        signal(FORWARDED[i], SIG_DFL);
    }
    sigprocmask(SIG_SETMASK, mask_before, NULL);
    execvp(argv[0], argv);
    int why = errno;
    ssize_t ignored = write(report_fd, &why, sizeof why);
    (void) ignored;
    _exit(EXIT_CANNOT_START);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: timed-exec FIGURES_FILE COMMAND [ARG...]\n");
        return EXIT_HELPER_FAILED;
    }
    const char *figures = argv[1];
    int exec_report[2]; /* the command's errno when execvp fails; closed unread by a successful exec */
    if (pipe2(exec_report, O_CLOEXEC) != 0) {
        fail("pipe");
    }
    /* block the forwarded signals until the command's pid is known, so none arrives with nowhere to go */
    sigset_t forwarded, before;
    sigemptyset(&forwarded);
    struct sigaction pass_on;
    memset(&pass_on, 0, sizeof pass_on);
    pass_on.sa_handler = forward;
    for (size_t i = 0; i < FORWARDED_COUNT; i++) {
        sigaddset(&forwarded, FORWARDED[i]);
        sigaction(FORWARDED[i], &pass_on, NULL);
    }
    sigprocmask(SIG_BLOCK, &forwarded, &before);

    pid_t self = getpid();
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        fail("fork");
    }
    if (pid == 0) {
        close(exec_report[0]);
        become_command(argv + 2, self, exec_report[1], &before);
    }
    command_pid = pid;
    sigprocmask(SIG_SETMASK, &before, NULL);
    close(exec_report[1]);

    int exec_errno = 0;
    ssize_t n;
    do {
        n = read(exec_report[0], &exec_errno, sizeof exec_errno);
    } while (n < 0 && errno == EINTR);
    if (n != (ssize_t) sizeof exec_errno) {
        exec_errno = 0; /* end of file: the exec succeeded */
    }
    close(exec_report[0]);

    int status;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            fail("wait4");
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);

    FILE *out = fopen(figures, "w");
    if (out == NULL) {
        fail(figures);
    }
    int code;
    if (exec_errno != 0) {
        fprintf(out, "exec_failed %d %s\n", exec_errno, strerror(exec_errno));
        code = EXIT_CANNOT_START;
    } else if (WIFSIGNALED(status)) {
        fprintf(out, "signal %d\n", WTERMSIG(status));
        code = 128 + WTERMSIG(status);
    } else {
        fprintf(out, "exit %d\n", WEXITSTATUS(status));
        code = WEXITSTATUS(status);
    }
    fprintf(out, "user_us %lld\nsystem_us %lld\nwall_ns %lld\n", micros(&usage.ru_utime), micros(&usage.ru_stime),
            nanos(&end) - nanos(&start));
    if (fclose(out) != 0) {
        fail(figures);
    }
    return code;
}
