/* The tight floor: PassFloor.swift's pass in C over flat arrays (TightFloor.h
 * says what it is and what it leaves out). Based on the team's port
 * (../shared/floors/passfloor.c), made a library: one floor per tf_floor
 * rather than globals, PassFloor's settle reorder and list relayout written
 * out rather than aborted on, and no GNU extension.
 *
 * Unchecked accesses, and the invariants that make them safe:
 * - Every id stored in a table (a definition, node, view, parent slot, list,
 *   attribute slot) was handed out by this file as the table's length when
 *   the entry was appended, and entries are never removed, so every stored
 *   id indexes its table. Ids coming in through the API (a component, node,
 *   slot, child index) are the caller's to keep in range, as the ids
 *   tf_define, tf_make_node and tf_child returned.
 * - A pointer into a table is held only while that table cannot grow:
 *   views, parents and the attribute columns (attached, shown, sources) grow
 *   only in create() and parent_slot(), and no pointer into them is held
 *   across either call; a pool's or parent's buffers grow only in create()
 *   and release(), which take their pointers afresh. Definitions, nodes and
 *   lists grow only while a tree is built (tf_define, tf_make_node, tf_set),
 *   never in a pass, so a pass keeps pointers into them.
 * - A ring index is taken modulo the ring's length only when the window is
 *   not empty (a step of at least the window's length, which an empty window
 *   always is, remounts every row without one).
 */
#include "TightFloor.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t Value;
#define TEMPLATE ((Value)1 << 63)
/* No `set` value in this slot. */
#define UNSET UINT64_MAX
#define EVENT_BUFFER 4096

/* A growable buffer: `n` elements of `a`, room for `cap`. */
#define BUFFER(T) struct { T *a; int64_t n, cap; }
#define PUSH(v, x) do { \
        if ((v).n == (v).cap) (v).a = grow((v).a, &(v).cap, sizeof *(v).a); \
        (v).a[(v).n++] = (x); \
    } while (0)

/* Doubles a buffer's room; out of memory ends the process, as Swift's arrays do. */
static void *grow(void *elements, int64_t *capacity, size_t size) {
    int64_t room = *capacity ? 2 * *capacity : 4;
    void *grown = realloc(elements, (size_t)room * size);
    if (!grown) abort();
    *capacity = room;
    return grown;
}

typedef BUFFER(int32_t) Int32s;
typedef BUFFER(int64_t) Int64s;
typedef BUFFER(Value) Values;
typedef BUFFER(uint8_t) Flags;

/* A component type; its attributes and children are ranges of the flat
   tables (attribute_ids/default_values, child_types). Its id is its key. */
typedef struct {
    int32_t key, first_attribute, attribute_count, first_child, child_count;
    int has_list;
    tf_list_shape list;
} Definition;

/* The views of one key in one parent, with the pass's cursor (a list
   host's free cells: a stack, the top last). */
typedef struct {
    int32_t key;
    Int32s views;
    int64_t cursor, stamp;
} Pool;
typedef BUFFER(Pool) Pools;

/* A view: fixed size, one entry of one table. */
typedef struct {
    int32_t parent, key;
    uint8_t hidden, has_attached;
    /* Its attributes' slots in attached, shown and sources. */
    int32_t base;
    /* Its entry in parents, once it is a parent (-1 before). */
    int32_t as_parent;
    /* Stamps of the pass that took or visited it; when this pass took it. */
    int64_t taken, visited, sequence;
    /* The instance that took it last (a take by another, or of a hidden view, is a reuse). */
    int64_t owner;
} View;

/* What a view holds as a parent. */
typedef struct {
    Int32s subviews;
    Pools pools;
    /* As a list host: free cells per key. */
    Pools waiting;
    /* Subviews this pass took in subview order so far; misordered once one came out of order. */
    int64_t in_order;
    int misordered;
} Parent;

/* A mounted instance outside lists: children a range of node_children, `set`
   values a range of set_values (-1: none). */
typedef struct { int32_t component, view, first_child, child_count, first_value, list; } Node;

/* A list's window: the cells of its visible rows, a ring from head. */
typedef struct {
    int64_t offset, head;
    Int32s cells;
} ListState;

typedef struct { uint8_t kind; int32_t view; int64_t instance; } Event;

/* A settled view to sort by when it was taken. */
typedef struct { int64_t sequence; int32_t view; } Taken;

struct tf_floor {
    BUFFER(Definition) definitions;
    Int32s attribute_ids;
    Values default_values;
    Int32s child_types;
    Flags has_unapplicator;
    BUFFER(Node) nodes;
    Int32s node_children;
    Values set_values;
    BUFFER(ListState) lists;
    Int32s roots;
    BUFFER(View) views;
    BUFFER(Parent) parents;
    Values attached, shown;
    Int64s sources;
    int64_t stamp, takes;
    Int32s visited;
    BUFFER(Taken) reorder;
    int32_t buffered;
    int64_t counts[TF_KIND_COUNT];
    /* Last, and never zeroed: only the `buffered` first are ever written before read. */
    Event events[EVENT_BUFFER];
};

static inline void record(tf_floor *f, tf_kind kind, int32_t view, int64_t instance) {
    if (f->buffered == EVENT_BUFFER) f->buffered = 0;
    Event *event = &f->events[f->buffered++];
    event->kind = (uint8_t)kind;
    event->view = view;
    event->instance = instance;
    f->counts[kind]++;
}

static const View fresh_view = { -1, -1, 0, 0, 0, -1, 0, 0, 0, INT64_MIN };

/* MARK: Catalogue and tree */

tf_floor *tf_create(void) {
    tf_floor *f = malloc(sizeof *f);
    if (!f) return NULL;
    /* Everything but the event buffer zeroed (64 KB a floor otherwise). */
    memset(f, 0, offsetof(tf_floor, events));
    PUSH(f->views, fresh_view);   /* view 0: the root */
    return f;
}

static void free_pools(Pools *pools) {
    for (int64_t i = 0; i < pools->n; i++) free(pools->a[i].views.a);
    free(pools->a);
}

void tf_destroy(tf_floor *f) {
    if (!f) return;
    for (int64_t i = 0; i < f->parents.n; i++) {
        free(f->parents.a[i].subviews.a);
        free_pools(&f->parents.a[i].pools);
        free_pools(&f->parents.a[i].waiting);
    }
    for (int64_t i = 0; i < f->lists.n; i++) free(f->lists.a[i].cells.a);
    free(f->definitions.a); free(f->attribute_ids.a); free(f->default_values.a); free(f->child_types.a);
    free(f->has_unapplicator.a); free(f->nodes.a); free(f->node_children.a); free(f->set_values.a);
    free(f->lists.a); free(f->roots.a); free(f->views.a); free(f->parents.a); free(f->attached.a);
    free(f->shown.a); free(f->sources.a); free(f->visited.a); free(f->reorder.a);
    free(f);
}

int32_t tf_define(tf_floor *f, int32_t attribute_count, const int32_t *attribute_ids, const uint64_t *default_values,
                  int32_t child_count, const int32_t *child_types, const tf_list_shape *list) {
    Definition d;
    memset(&d, 0, sizeof d);
    d.key = (int32_t)f->definitions.n;
    d.first_attribute = (int32_t)f->attribute_ids.n;
    d.attribute_count = attribute_count;
    d.first_child = (int32_t)f->child_types.n;
    d.child_count = child_count;
    if (list) { d.has_list = 1; d.list = *list; }
    for (int32_t i = 0; i < attribute_count; i++) {
        while (f->has_unapplicator.n <= attribute_ids[i]) PUSH(f->has_unapplicator, 0);
        PUSH(f->attribute_ids, attribute_ids[i]);
        PUSH(f->default_values, default_values[i]);
    }
    for (int32_t i = 0; i < child_count; i++) PUSH(f->child_types, child_types[i]);
    PUSH(f->definitions, d);
    return d.key;
}

int32_t tf_make_node(tf_floor *f, int32_t component) {
    int32_t id = (int32_t)f->nodes.n;
    Definition d = f->definitions.a[component];
    Node node = { component, -1, (int32_t)f->node_children.n, d.child_count, -1, -1 };
    if (d.has_list) {
        ListState state;
        memset(&state, 0, sizeof state);
        node.list = (int32_t)f->lists.n;
        PUSH(f->lists, state);
    }
    PUSH(f->nodes, node);
    for (int32_t i = 0; i < d.child_count; i++) PUSH(f->node_children, -1);
    for (int32_t i = 0; i < d.child_count; i++) {
        int32_t child = tf_make_node(f, f->child_types.a[d.first_child + i]);
        f->node_children.a[node.first_child + i] = child;
    }
    return id;
}

void tf_add_root(tf_floor *f, int32_t node) { PUSH(f->roots, node); }

int32_t tf_child(const tf_floor *f, int32_t node, int32_t index) {
    return f->node_children.a[f->nodes.a[node].first_child + index];
}

void tf_set(tf_floor *f, int32_t node, int32_t slot, uint64_t value) {
    if (f->nodes.a[node].first_value < 0) {
        f->nodes.a[node].first_value = (int32_t)f->set_values.n;
        int32_t count = f->definitions.a[f->nodes.a[node].component].attribute_count;
        for (int32_t i = 0; i < count; i++) PUSH(f->set_values, UNSET);
    }
    f->set_values.a[f->nodes.a[node].first_value + slot] = value;
}

int64_t tf_count(const tf_floor *f, tf_kind kind) { return f->counts[kind]; }

int32_t tf_buffered_events(const tf_floor *f) { return f->buffered; }

/* MARK: Passes */

/* The instances of a row (its cell and what mounts in it) by the row alone. */
static inline int64_t row_instance(int64_t row) { return -1 - row; }

/* `view`'s parent tables, made at its first child. Grows parents. */
static inline int32_t parent_slot(tf_floor *f, int32_t view) {
    if (f->views.a[view].as_parent < 0) {
        Parent parent;
        memset(&parent, 0, sizeof parent);
        f->views.a[view].as_parent = (int32_t)f->parents.n;
        PUSH(f->parents, parent);
    }
    return f->views.a[view].as_parent;
}

static inline void visit(tf_floor *f, int32_t parent) {
    View *v = &f->views.a[parent];
    if (v->visited == f->stamp) return;
    v->visited = f->stamp;
    if (v->as_parent >= 0) {
        f->parents.a[v->as_parent].in_order = 0;
        f->parents.a[v->as_parent].misordered = 0;
    }
    PUSH(f->visited, parent);
}

/* Counts `view` taken, and whether its parent's subviews still follow the take order. */
static inline void take(tf_floor *f, int32_t view, Parent *p) {
    View *v = &f->views.a[view];
    v->taken = f->stamp;
    v->sequence = ++f->takes;
    int64_t position = p->in_order;
    if (position < p->subviews.n && p->subviews.a[position] == view) p->in_order = position + 1;
    else p->misordered = 1;
}

static int32_t create(tf_floor *f, int32_t component, int32_t key, int32_t parent, int64_t instance) {
    int32_t view = (int32_t)f->views.n;
    int32_t count = f->definitions.a[component].attribute_count;
    View v = fresh_view;
    v.parent = parent;
    v.key = key;
    v.base = (int32_t)f->attached.n;
    PUSH(f->views, v);
    for (int32_t i = 0; i < count; i++) { PUSH(f->attached, 0); PUSH(f->shown, 0); PUSH(f->sources, 0); }
    int32_t slot = parent_slot(f, parent);   /* may move parents: before the pointer is taken */
    Parent *p = &f->parents.a[slot];
    PUSH(p->subviews, view);
    int64_t index = 0;
    while (index < p->pools.n && p->pools.a[index].key != key) index++;
    if (index < p->pools.n) {
        Pool *pool = &p->pools.a[index];
        PUSH(pool->views, view);
        pool->cursor = pool->views.n;
        pool->stamp = f->stamp;
    } else {
        Pool pool;
        memset(&pool, 0, sizeof pool);
        pool.key = key;
        PUSH(pool.views, view);
        pool.cursor = 1;
        pool.stamp = f->stamp;
        PUSH(p->pools, pool);
    }
    take(f, view, p);
    f->views.a[view].owner = instance;
    record(f, TF_CREATE, view, instance);
    return view;
}

/* Positional vend: the next view of `key` in `parent`'s pool this pass, or a new one. */
static inline int32_t vend(tf_floor *f, int32_t key, int32_t component, int32_t parent, int64_t instance) {
    visit(f, parent);
    int32_t slot = parent_slot(f, parent);   /* may move parents: before the pointer is taken */
    Parent *p = &f->parents.a[slot];
    for (int64_t i = 0; i < p->pools.n; i++) {
        Pool *pool = &p->pools.a[i];
        if (pool->key != key) continue;
        if (pool->stamp != f->stamp) { pool->stamp = f->stamp; pool->cursor = 0; }
        int64_t cursor = pool->cursor;
        if (cursor < pool->views.n) {
            pool->cursor = cursor + 1;
            int32_t view = pool->views.a[cursor];
            take(f, view, p);
            View *v = &f->views.a[view];
            int was_hidden = v->hidden;
            if (was_hidden || v->owner != instance) record(f, TF_REUSE, view, instance);
            v->owner = instance;
            if (was_hidden) { v->hidden = 0; record(f, TF_UNHIDE, view, instance); }
            return view;
        }
        break;
    }
    return create(f, component, key, parent, instance);
}

/* The value an instance asks for in `slot`: its `set` value, else the
   definition's; a template gets the row in its low bits. */
static inline Value requested(const tf_floor *f, const Definition *d, int32_t values, int32_t slot, int64_t row) {
    Value value = f->default_values.a[d->first_attribute + slot];
    if (values >= 0 && f->set_values.a[values + slot] != UNSET) value = f->set_values.a[values + slot];
    return (value & TEMPLATE) ? (value | (Value)(uint32_t)row) : value;
}

/* Skip an equal configuration; else unapply, apply every attribute, attach. */
static inline void configure(tf_floor *f, int32_t view, const Definition *d, int32_t values, int64_t row, int64_t instance) {
    int64_t base = f->views.a[view].base;
    int32_t count = d->attribute_count;
    if (f->views.a[view].has_attached) {
        int equal = 1;
        for (int32_t s = 0; s < count; s++) {
            if (f->attached.a[base + s] != requested(f, d, values, s, row)) { equal = 0; break; }
        }
        if (equal) { record(f, TF_SKIP, view, instance); return; }
        for (int32_t s = 0; s < count; s++) {
            if (f->has_unapplicator.a[f->attribute_ids.a[d->first_attribute + s]]) {
                f->shown.a[base + s] = 0;
                record(f, TF_UNAPPLY, view, instance);
            }
        }
    }
    for (int32_t s = 0; s < count; s++) {
        Value value = requested(f, d, values, s, row);
        f->shown.a[base + s] = value;
        f->sources.a[base + s] = instance;
        f->attached.a[base + s] = value;
        record(f, TF_APPLY, view, instance);
    }
    f->views.a[view].has_attached = 1;
}

/* The children of a component inside a row (no `set` values: rows come and go). */
static void mount_children(tf_floor *f, const Definition *d, int32_t parent, int64_t row) {
    visit(f, parent);
    int64_t instance = row_instance(row);
    for (int32_t i = 0; i < d->child_count; i++) {
        int32_t component = f->child_types.a[d->first_child + i];
        const Definition *child = &f->definitions.a[component];
        int32_t view = vend(f, child->key, component, parent, instance);
        configure(f, view, child, -1, row, instance);
        mount_children(f, child, view, row);
    }
}

/* The top free cell of `key` in a list host (-1: none). */
static inline int32_t pop_waiting(tf_floor *f, int32_t key, int32_t host) {
    int32_t slot = f->views.a[host].as_parent;
    if (slot < 0) return -1;
    Parent *p = &f->parents.a[slot];
    for (int64_t i = 0; i < p->waiting.n; i++) {
        Pool *stack = &p->waiting.a[i];
        if (stack->key == key) return stack->views.n ? stack->views.a[--stack->views.n] : -1;
    }
    return -1;
}

/* A row that left: its cell hidden and pushed on its key's stack. */
static inline void release(tf_floor *f, int32_t cell, int32_t host) {
    f->views.a[cell].hidden = 1;
    record(f, TF_HIDE, cell, 0);
    int32_t key = f->views.a[cell].key;
    int32_t slot = parent_slot(f, host);   /* may move parents: before the pointer is taken */
    Parent *p = &f->parents.a[slot];
    for (int64_t i = 0; i < p->waiting.n; i++) {
        if (p->waiting.a[i].key == key) { PUSH(p->waiting.a[i].views, cell); return; }
    }
    Pool stack;
    memset(&stack, 0, sizeof stack);
    stack.key = key;
    PUSH(stack.views, cell);
    PUSH(p->waiting, stack);
}

/* A row's cell: the top waiting cell of its key, or a new one; configured; its children mounted. */
static int32_t mount_row(tf_floor *f, int64_t row, const tf_list_shape *shape, int32_t host) {
    const Definition *d = &f->definitions.a[shape->cell];
    int64_t instance = row_instance(row);
    int32_t cell = pop_waiting(f, d->key, host);
    if (cell >= 0) {
        View *v = &f->views.a[cell];
        v->taken = f->stamp;
        v->owner = instance;
        record(f, TF_REUSE, cell, instance);
        v->hidden = 0;
        record(f, TF_UNHIDE, cell, instance);
    } else {
        cell = create(f, shape->cell, d->key, host, instance);
    }
    configure(f, cell, d, -1, row, instance);
    mount_children(f, d, cell, row);
    return cell;
}

static int compare_taken(const void *a, const void *b) {
    int64_t x = ((const Taken *)a)->sequence, y = ((const Taken *)b)->sequence;
    return (x > y) - (x < y);
}

/* Each visited parent: views nobody took hidden, subviews in take order. */
static void settle(tf_floor *f) {
    for (int64_t i = 0; i < f->visited.n; i++) {
        int32_t slot = f->views.a[f->visited.a[i]].as_parent;
        if (slot < 0 || f->parents.a[slot].subviews.n == 0) continue;
        Parent *p = &f->parents.a[slot];
        int64_t taken = p->in_order;
        int misordered = p->misordered;
        for (int64_t position = 0; position < p->subviews.n; position++) {
            View *v = &f->views.a[p->subviews.a[position]];
            if (v->taken == f->stamp) {
                /* A view taken after one nobody took: out of order. */
                if (position >= taken) misordered = 1;
                continue;
            }
            if (!v->hidden) { v->hidden = 1; record(f, TF_HIDE, p->subviews.a[position], 0); }
        }
        if (misordered) {
            /* Taken views first, in the order they were taken, then the rest in subview order. */
            f->reorder.n = 0;
            for (int64_t position = 0; position < p->subviews.n; position++) {
                int32_t view = p->subviews.a[position];
                if (f->views.a[view].taken == f->stamp) {
                    Taken entry = { f->views.a[view].sequence, view };
                    PUSH(f->reorder, entry);
                }
            }
            /* Sequences are distinct (one per take), so the sort's instability never shows. */
            if (f->reorder.n > 1) qsort(f->reorder.a, (size_t)f->reorder.n, sizeof *f->reorder.a, compare_taken);
            /* The untaken ones packed at the end, from the back (the write index never
               passes the read index), then the taken ones in front. */
            int64_t write = p->subviews.n;
            for (int64_t read = p->subviews.n - 1; read >= 0; read--) {
                int32_t view = p->subviews.a[read];
                if (f->views.a[view].taken != f->stamp) p->subviews.a[--write] = view;
            }
            for (int64_t k = 0; k < f->reorder.n; k++) p->subviews.a[k] = f->reorder.a[k].view;
        }
    }
}

static inline void begin(tf_floor *f) {
    f->stamp++;
    f->visited.n = 0;
}

/* One instance outside lists and its subtree. */
static void mount(tf_floor *f, int32_t node, int32_t parent) {
    Node instance = f->nodes.a[node];
    const Definition *d = &f->definitions.a[instance.component];
    int32_t view = vend(f, d->key, instance.component, parent, node);
    configure(f, view, d, instance.first_value, 0, node);
    f->nodes.a[node].view = view;
    /* A list host is no plain parent: its cells come and go by rows. */
    if (!d->has_list) visit(f, view);
    for (int32_t i = 0; i < instance.child_count; i++) mount(f, f->node_children.a[instance.first_child + i], view);
    if (!d->has_list) return;
    const tf_list_shape *shape = &d->list;
    ListState *state = &f->lists.a[instance.list];
    if (state->cells.n == 0) {
        int64_t last = shape->rows - shape->viewport;
        if (state->offset > last) state->offset = last;
        if (state->offset < 0) state->offset = 0;
        int64_t end = state->offset + shape->viewport < shape->rows ? state->offset + shape->viewport : shape->rows;
        for (int64_t row = state->offset; row < end; row++) {
            int32_t cell = mount_row(f, row, shape, view);
            PUSH(state->cells, cell);
        }
    } else {
        /* A relayout: every visible row configured again on its cell. */
        const Definition *cell = &f->definitions.a[shape->cell];
        int64_t count = state->cells.n;
        for (int64_t index = 0; index < count; index++) {
            int64_t row = state->offset + (index - state->head + count) % count;
            configure(f, state->cells.a[index], cell, -1, row, row_instance(row));
            mount_children(f, cell, state->cells.a[index], row);
        }
    }
}

static void pass(tf_floor *f) {
    begin(f);
    for (int64_t i = 0; i < f->roots.n; i++) mount(f, f->roots.a[i], 0);
    settle(f);
}

void tf_full_pass(tf_floor *f) { pass(f); }

void tf_mount(tf_floor *f) { pass(f); }

void tf_scroll(tf_floor *f, int32_t list, int64_t delta) {
    Node node = f->nodes.a[list];
    const Definition *d = &f->definitions.a[node.component];
    if (node.list < 0 || !d->has_list) return;
    const tf_list_shape *shape = &d->list;
    begin(f);
    int32_t host = node.view;
    ListState *state = &f->lists.a[node.list];
    int64_t offset = state->offset + delta;
    if (offset > shape->rows - shape->viewport) offset = shape->rows - shape->viewport;
    if (offset < 0) offset = 0;
    int64_t moved = offset - state->offset, count = state->cells.n;
    if ((moved < 0 ? -moved : moved) >= count) {
        for (int64_t i = 0; i < count; i++) release(f, state->cells.a[i], host);
        for (int64_t i = 0; i < count; i++) state->cells.a[i] = mount_row(f, offset + i, shape, host);
        state->head = 0;
    } else if (moved > 0) {
        for (int64_t step = 0; step < moved; step++) {
            int64_t slot = (state->head + step) % count;
            release(f, state->cells.a[slot], host);
            state->cells.a[slot] = mount_row(f, state->offset + count + step, shape, host);
        }
        state->head = (state->head + moved) % count;
    } else if (moved < 0) {
        for (int64_t step = 0; step < -moved; step++) {
            int64_t slot = (state->head + count - 1 - step) % count;
            release(f, state->cells.a[slot], host);
            state->cells.a[slot] = mount_row(f, state->offset - 1 - step, shape, host);
        }
        state->head = (state->head + count + moved) % count;
    }
    state->offset = offset;
    settle(f);
}
