/*
 * Preloaded into every qpdf run (engines/engine-preloads.ts): a failed write of an output fails the run.
 *
 * qpdf 11 writes its outputs through stdio and checks neither a stream's error flag nor what fclose
 * answers. On a full file system (the work folders' tmpfs, /dev/shm) it writes part of the file, says
 * nothing and exits 0: a merge into a 64 KB tmpfs left a 64 KB PDF cut mid-stream, and the server
 * would have stored it and answered it as a success. So when a stream that writes is closed after one
 * of its writes failed (its error flag), or its close fails (the last flush), qpdf ends there with its
 * error exit code (2) and says why on stderr, prefixed as qpdf prefixes its errors; engines/qpdf.ts
 * reads that as the server's trouble, not the document's. The reason is the first failed write's
 * (fwrite and fflush note it: by the close, errno says something else). Streams qpdf only reads, and
 * stdout and stderr (never closed with fclose), are left as they are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* glibc's stream flag for a stream that does not write (libio/libio.h), part of its ABI */
#define STREAM_NO_WRITES 0x0008
/* qpdf's exit code for an error (QPDFJob::EXIT_ERROR) */
#define QPDF_EXIT_ERROR 2

/* why the first write that failed did (its errno), kept for the message: 0 while none has */
static int write_failure;

static void note_failure(void) {
  if (!write_failure) write_failure = errno;
}

size_t fwrite(const void *data, size_t size, size_t count, FILE *stream) {
  static size_t (*next)(const void *, size_t, size_t, FILE *);
  if (!next) next = (size_t(*)(const void *, size_t, size_t, FILE *))dlsym(RTLD_NEXT, "fwrite");
  size_t written = next(data, size, count, stream);
  if (written < count) note_failure();
  return written;
}

int fflush(FILE *stream) {
  static int (*next)(FILE *);
  if (!next) next = (int (*)(FILE *))dlsym(RTLD_NEXT, "fflush");
  int flushed = next(stream);
  if (flushed != 0) note_failure();
  return flushed;
}

int fclose(FILE *stream) {
  static int (*next)(FILE *);
  if (!next) next = (int (*)(FILE *))dlsym(RTLD_NEXT, "fclose");
  int writing = !(stream->_flags & STREAM_NO_WRITES);
  int failed_before = writing && ferror(stream);
  int closed = next(stream);
  if (writing && (failed_before || closed != 0)) {
    if (closed != 0) note_failure();
    const char *reason = write_failure ? strerror(write_failure) : "a write failed";
    dprintf(STDERR_FILENO, "qpdf: error writing an output file: %s\n", reason);
    _exit(QPDF_EXIT_ERROR);
  }
  return closed;
}
