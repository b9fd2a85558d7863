#ifndef BUSYLIFE_INTERRUPTED_FILE_H
#define BUSYLIFE_INTERRUPTED_FILE_H

/// `mkstemp(template)`, and the file it makes removed should SIGINT, SIGTERM
/// or SIGHUP end the process before `busylife_forget_temporary_file`: the
/// handler unlinks it and the process then dies of the signal as it would
/// have (a signal ignored when busylife started stays ignored). One file at
/// a time: a run replaces one `-o` file. A signal handler may call only
/// async-signal-safe functions, which Swift code cannot promise; hence C.
int busylife_make_temporary_file(char *template_path);

/// The temporary file is no longer ours to remove (renamed into place, or
/// removed already).
void busylife_forget_temporary_file(void);

#endif
