/*
 * fuzz.h - the fuzzing harnesses, one per kind of file marshal reads:
 * map, order of battle, scenario, ruleset, save, replay and play by
 * email's turn files and kept games.
 *
 * Each harness takes a buffer, reads it through yread_buffer (or, where
 * a loader only takes a path, through a temporary file) and hands it to
 * the loader, then frees whatever came back.  The loaders must refuse
 * bad input with diagnostics; a crash, a leak or undefined behaviour is
 * the bug the fuzzer looks for.
 *
 * Built two ways.  With --enable-fuzz each harness is a libFuzzer program
 * (FUZZ_TARGET is LLVMFuzzerTestOneInput).  Always, the same harnesses are
 * linked into tests/test-fuzz-regress as fuzz_KIND functions, which make
 * check runs over every input kept in tests/data/fuzz-regress/KIND/.
 */
#ifndef MARSHAL_FUZZ_H
#define MARSHAL_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#ifdef FUZZ_LIBFUZZER
#define FUZZ_TARGET(kind)	int LLVMFuzzerTestOneInput(const uint8_t *, \
    size_t); int LLVMFuzzerTestOneInput
#else
#define FUZZ_TARGET(kind)	int fuzz_##kind
#endif

int fuzz_map(const uint8_t *, size_t);
int fuzz_oob(const uint8_t *, size_t);
int fuzz_scenario(const uint8_t *, size_t);
int fuzz_ruleset(const uint8_t *, size_t);
int fuzz_save(const uint8_t *, size_t);
int fuzz_replay(const uint8_t *, size_t);
int fuzz_pbem(const uint8_t *, size_t);

/* Whether the last input was accepted by its loader (for the tests). */
extern int fuzz_loaded;

/* The data directory: $MARSHAL_DATA, else the source tree's data/. */
const char *fuzz_datadir(void);

/*
 * A private temporary directory made on first use (removed at exit), and
 * a file name in it written with the buffer; the path is allocated (the
 * caller frees it).
 */
const char *fuzz_tmpdir(void);
char *fuzz_write(const char *name, const uint8_t *, size_t);

#endif
