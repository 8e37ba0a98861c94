// Lists every symbol reference the compiler recorded in an index store, one
// per line: USR, tab, file, tab, line, tab, column, tab, name. Only units
// whose main file is under the given prefix are read (the package's folder;
// check.py keeps its Sources/ and Tests/, not the dependencies checked out
// under .build). Used by .ci/availability/check.py.
//
//   references STORE_PATH SOURCE_PREFIX
#include <indexstore/indexstore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct walk {
    indexstore_t store;
    const char *prefix;
    const char *file; // the main file of the unit being read
    int failed;
};

static void put(indexstore_string_ref_t text) { fwrite(text.data, 1, text.length, stdout); }

// Reports a reader that could not be made, marks the walk failed, and stops it.
static bool failed(struct walk *walk, indexstore_error_t error, const char *otherwise) {
    fprintf(stderr, "references: %s\n", error ? indexstore_error_get_description(error) : otherwise);
    if (error) indexstore_error_dispose(error);
    walk->failed = 1;
    return false;
}

static bool occurrence(void *context, indexstore_occurrence_t occurrence) {
    struct walk *walk = context;
    indexstore_symbol_role_t roles = indexstore_occurrence_get_roles(occurrence);
    if (!(roles & (INDEXSTORE_SYMBOL_ROLE_REFERENCE | INDEXSTORE_SYMBOL_ROLE_CALL))) return true;
    indexstore_symbol_t symbol = indexstore_occurrence_get_symbol(occurrence);
    unsigned line = 0, column = 0;
    indexstore_occurrence_get_line_col(occurrence, &line, &column);
    put(indexstore_symbol_get_usr(symbol));
    printf("\t%s\t%u\t%u\t", walk->file, line, column);
    put(indexstore_symbol_get_name(symbol));
    putchar('\n');
    return true;
}

static bool dependency(void *context, indexstore_unit_dependency_t dependency) {
    struct walk *walk = context;
    if (indexstore_unit_dependency_get_kind(dependency) != INDEXSTORE_UNIT_DEPENDENCY_RECORD) return true;
    indexstore_string_ref_t name = indexstore_unit_dependency_get_name(dependency);
    char *record = strndup(name.data, name.length);
    indexstore_error_t error = NULL;
    indexstore_record_reader_t reader = indexstore_record_reader_create(walk->store, record, &error);
    free(record);
    if (!reader) return failed(walk, error, "unreadable record");
    indexstore_record_reader_occurrences_apply_f(reader, walk, occurrence);
    indexstore_record_reader_dispose(reader);
    return true;
}

static bool unit(void *context, indexstore_string_ref_t unit_name) {
    struct walk *walk = context;
    char *name = strndup(unit_name.data, unit_name.length);
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t reader = indexstore_unit_reader_create(walk->store, name, &error);
    free(name);
    if (!reader) return failed(walk, error, "unreadable unit");
    indexstore_string_ref_t main_file = indexstore_unit_reader_get_main_file(reader);
    size_t prefix = strlen(walk->prefix);
    if (main_file.length >= prefix && strncmp(main_file.data, walk->prefix, prefix) == 0) {
        char *file = strndup(main_file.data, main_file.length);
        walk->file = file;
        indexstore_unit_reader_dependencies_apply_f(reader, walk, dependency);
        free(file);
    }
    indexstore_unit_reader_dispose(reader);
    return !walk->failed;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: references STORE_PATH SOURCE_PREFIX\n");
        return 2;
    }
    indexstore_error_t error = NULL;
    indexstore_t store = indexstore_store_create(argv[1], &error);
    if (!store) {
        fprintf(stderr, "references: %s: %s\n", argv[1], error ? indexstore_error_get_description(error) : "no store");
        return 1;
    }
    struct walk walk = {store, argv[2], NULL, 0};
    indexstore_store_units_apply_f(store, 1, &walk, unit);
    indexstore_store_dispose(store);
    return walk.failed;
}
