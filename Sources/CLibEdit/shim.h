/*
 * shim.h — the slice of libedit (native <histedit.h> API, not the readline
 * compatibility layer) that reuse-shell uses.
 *
 * el_set, el_get and history are C-variadic, which Swift cannot call, so each
 * operation we need gets a small non-variadic `static inline` wrapper with a
 * fixed signature. Everything else (el_init, el_gets, el_line, el_insertstr,
 * el_reset, el_end, ...) is already non-variadic and is used directly.
 */
#ifndef REUSE_SHELL_CLIBEDIT_SHIM_H
#define REUSE_SHELL_CLIBEDIT_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <sys/select.h>

/* Prompt callback: returns the NUL-terminated prompt to draw. */
typedef char *(*rs_prompt_fn)(EditLine *);
/* Editor function bound to a key (see rs_el_addfn); returns a CC_* code. */
typedef unsigned char (*rs_editor_fn)(EditLine *, int);

/* ---- Line editor ------------------------------------------------------- */

/* EL_PROMPT: the function that produces the prompt. */
static inline int rs_el_set_prompt(EditLine *el, rs_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}

/* EL_PROMPT_ESC: as EL_PROMPT, but characters between two `ignore` chars
 * are sent to the terminal without being counted as visible (for colour
 * escape sequences). */
static inline int rs_el_set_prompt_esc(EditLine *el, rs_prompt_fn fn, char ignore) {
    return el_set(el, EL_PROMPT_ESC, fn, ignore);
}

/* EL_EDITOR: "emacs" or "vi". */
static inline int rs_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/* EL_SIGNAL: non-zero lets libedit install its own handlers while el_gets
 * runs (restores the tty on SIGINT/SIGTSTP/..., resizes on SIGWINCH), and
 * re-raises the signal to the previously installed handler. Each of its
 * handlers uninstalls itself when it runs; only the built-in read function
 * re-installs them. */
static inline int rs_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/* EL_GETCFN: the function el_gets calls to read one character from the
 * terminal, instead of libedit's built-in blocking read(2). It stores the
 * (wide) character in *ch and returns 1, returns 0 at end of file, or -1 on
 * error with errno set (el_gets then returns NULL with count -1 and that
 * errno). EL_BUILTIN_GETCFN (NULL) restores the built-in one. */
static inline int rs_el_set_getcfn(EditLine *el, el_rfunc_t fn) {
    return el_set(el, EL_GETCFN, fn);
}

/* EL_PREP_TERM: non-zero puts the terminal in libedit's edit (raw) mode,
 * zero restores the mode it found (cooked). */
static inline int rs_el_prep_term(EditLine *el, int edit) {
    return el_set(el, EL_PREP_TERM, edit);
}

/* EL_REFRESH: redraw the prompt and the line being edited. */
static inline int rs_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

/* EL_HIST: use `h` (created by rs_history_init) for the history commands. */
static inline int rs_el_set_hist(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/* EL_ADDFN: register a named editor function that keys can be bound to. */
static inline int rs_el_addfn(EditLine *el, const char *name, const char *help,
                              rs_editor_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

/* EL_BIND: bind one key sequence (e.g. "^I") to a command name. */
static inline int rs_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

/* EL_CLIENTDATA: an opaque pointer for callbacks to find their owner. */
static inline int rs_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *rs_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0)
        return NULL;
    return data;
}

/* The C stdio streams for el_init. (Swift 6 rejects the mutable globals
 * `stdin`/`stdout`/`stderr` as not concurrency-safe, so fetch them here.)
 * 0 = stdin, 1 = stdout, anything else = stderr. */
static inline FILE *rs_stdio(int which) {
    return which == 0 ? stdin : which == 1 ? stdout : stderr;
}

/* ---- Waiting for input -------------------------------------------------- */

/* Blocks until `fd` or `wake_fd` is readable (or at end of file, hung up or
 * failed: a read then says which). Returns a bit set, 1 for `fd` and 2 for
 * `wake_fd`, or -1 with errno set (EINTR when a signal handler ran).
 * poll(2), except on Apple systems, whose poll does not support devices such
 * as terminals; select(2) there. */
static inline int rs_wait_readable(int fd, int wake_fd) {
#ifdef __APPLE__
    fd_set set;
    FD_ZERO(&set);
    FD_SET(fd, &set);
    FD_SET(wake_fd, &set);
    if (select((fd > wake_fd ? fd : wake_fd) + 1, &set, NULL, NULL, NULL) < 0)
        return -1;
    return (FD_ISSET(fd, &set) ? 1 : 0) | (FD_ISSET(wake_fd, &set) ? 2 : 0);
#else
    struct pollfd fds[2] = {{fd, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    if (poll(fds, 2, -1) < 0)
        return -1;
    return (fds[0].revents ? 1 : 0) | (fds[1].revents ? 2 : 0);
#endif
}

/* ---- History ----------------------------------------------------------- */
/* The int-returning calls give the libedit result: >= 0 on success, -1 on
 * failure. */

static inline History *rs_history_init(void) { return history_init(); }
static inline void rs_history_end(History *h) { history_end(h); }

static inline int rs_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

/* H_SETUNIQUE: non-zero drops a line equal to the previous entry. */
static inline int rs_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

/* H_ENTER: append a line as the newest entry. */
static inline int rs_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

/* H_LOAD / H_SAVE: read or (over)write a history file. */
static inline int rs_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}

static inline int rs_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

#endif /* REUSE_SHELL_CLIBEDIT_SHIM_H */
