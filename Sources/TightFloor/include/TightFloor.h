/* The tight floor (issue 38): PassFloor's algorithm in C, over flat arrays.
 *
 * The same algorithm and events as Sources/reuse-bench/PassFloor.swift (the
 * seed document's theodolite pass written minimally over integer ids): a
 * full pass walks the tree of components; every instance takes the next view
 * of its key from its parent's pool (positionally; a new view when the pool
 * runs out; a hidden one shown), compares the configuration it asks for with
 * the one attached to the view, skips it when equal, else unapplies what has
 * an unapplicator and applies every attribute (the view's property and its
 * source written); each visited parent is settled (views nobody took hidden,
 * subviews put in take order). A list keeps a ring of cells for its window; a
 * scroll step releases the rows that leave (cell hidden, pushed on its key's
 * stack in the host) and mounts the rows that enter (the top cell of the key
 * popped and shown, or a new one; configured; its children mounted into it by
 * the same walk). Every event is 16 bytes in a reused buffer of 4,096,
 * counted per kind. reuse-bench checks its counts against the engine's on the
 * workloads it measures (a mismatch exits 1), and TightFloorTests on small ones.
 *
 * What it leaves out, against PassFloor: reference counting (no array or
 * object is retained or released), bounds checks (every index is trusted, see
 * TightFloor.c for the invariants that make that safe), copy-on-write checks
 * and nested Swift arrays (a parent's subviews, pools and waiting stacks are
 * plain growable buffers reached by pointer). Against the engine, everything
 * beyond the pass: other strategies, history, paths and names for people, why.
 *
 * Plain C99, one thread: a floor is used by one thread at a time. Nothing
 * here is thread-safe, and nothing needs to be.
 */
#ifndef TIGHT_FLOOR_H
#define TIGHT_FLOOR_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A floor: its definitions, its tree of instances and its views. */
typedef struct tf_floor tf_floor;

/* The kinds of event, counted per kind (PassFloor.Kind's order). */
typedef enum {
    TF_CREATE, TF_REUSE, TF_UNHIDE, TF_HIDE, TF_APPLY, TF_UNAPPLY, TF_SKIP, TF_KIND_COUNT
} tf_kind;

/* A list component: `rows` rows seen `viewport` at a time, each a `cell`
   (a definition's id). */
typedef struct {
    int64_t rows;
    int64_t viewport;
    int32_t cell;
} tf_list_shape;

/* An empty floor (the root view made); NULL when memory runs out. */
tf_floor *tf_create(void);
void tf_destroy(tf_floor *floor);

/* Defines a component type; its id, which is also its pool key. A value is
   PassFloor.Value: a constant's id, or, with bit 63 set, a `{i}` template's
   id shifted left by 32, the row then filled into the low 32 bits (compared,
   never formatted). `list` is NULL for a plain component. Arrays are copied. */
int32_t tf_define(tf_floor *floor, int32_t attribute_count, const int32_t *attribute_ids,
                  const uint64_t *default_values, int32_t child_count, const int32_t *child_types,
                  const tf_list_shape *list);

/* Makes the instance tree of `component` (a list keeps its rows in its ring); its root node. */
int32_t tf_make_node(tf_floor *floor, int32_t component);
/* Mounts `node` at the root from the next pass on. */
void tf_add_root(tf_floor *floor, int32_t node);
/* The `index`th child node of `node`. */
int32_t tf_child(const tf_floor *floor, int32_t node, int32_t index);
/* `set` on a node: its attribute in `slot` takes `value` from the next pass on. */
void tf_set(tf_floor *floor, int32_t node, int32_t slot, uint64_t value);

/* A full pass over the tree from its roots. */
void tf_full_pass(tf_floor *floor);
/* The same full pass under another name, for the pass that builds a
   workload: callgrind then counts the passes a measurement repeats
   (tf_full_pass) apart from the one that mounts it. */
void tf_mount(tf_floor *floor);
/* A scroll step: `list` (a node) moves by `delta` rows; only the rows that
   leave and enter are touched. */
void tf_scroll(tf_floor *floor, int32_t list, int64_t delta);

/* Events of `kind` recorded since the floor was made. */
int64_t tf_count(const tf_floor *floor, tf_kind kind);
/* Events in the reused buffer (what a benchmark folds into its checksum). */
int32_t tf_buffered_events(const tf_floor *floor);

#ifdef __cplusplus
}
#endif

#endif
