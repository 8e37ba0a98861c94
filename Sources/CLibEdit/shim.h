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
#include <signal.h>

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
 * re-raises the signal to the previously installed handler. */
static inline int rs_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
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
