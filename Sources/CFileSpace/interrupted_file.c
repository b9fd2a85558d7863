#include "interrupted_file.h"

#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const int ending_signals[] = { SIGINT, SIGTERM, SIGHUP };
enum { ending_signal_count = sizeof ending_signals / sizeof ending_signals[0] };

/// The path to remove, empty when none; read by the handler.
static char held_path[PATH_MAX];
static int handlers_installed;

static void remove_and_end(int signal_number) {
    if (held_path[0] != '\0') unlink(held_path);
    struct sigaction usual;
    memset(&usual, 0, sizeof usual);
    usual.sa_handler = SIG_DFL;
    sigaction(signal_number, &usual, NULL);
    // Blocked while the handler runs: delivered, and fatal, as it returns.
    raise(signal_number);
}

static void sigset_of_ending_signals(sigset_t *set) {
    sigemptyset(set);
    for (int index = 0; index < ending_signal_count; index++) sigaddset(set, ending_signals[index]);
}

static void install_handlers(void) {
    struct sigaction handler;
    memset(&handler, 0, sizeof handler);
    handler.sa_handler = remove_and_end;
    sigset_of_ending_signals(&handler.sa_mask);
    for (int index = 0; index < ending_signal_count; index++) {
        struct sigaction current;
        // `nohup`, or a shell's background job, ignores some: they stay ignored.
        if (sigaction(ending_signals[index], NULL, &current) == 0 && current.sa_handler == SIG_IGN) continue;
        sigaction(ending_signals[index], &handler, NULL);
    }
    handlers_installed = 1;
}

int busylife_make_temporary_file(char *template_path) {
    if (strlen(template_path) >= sizeof held_path) return mkstemp(template_path);
    // A signal this thread takes waits until the file's name is noted.
    sigset_t ending, previous;
    sigset_of_ending_signals(&ending);
    pthread_sigmask(SIG_BLOCK, &ending, &previous);
    if (!handlers_installed) install_handlers();
    int fd = mkstemp(template_path);
    if (fd >= 0) strcpy(held_path, template_path);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return fd;
}

void busylife_forget_temporary_file(void) {
    sigset_t ending, previous;
    sigset_of_ending_signals(&ending);
    pthread_sigmask(SIG_BLOCK, &ending, &previous);
    held_path[0] = '\0';
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}
