/*
 * Preloaded into qpdf when it assembles pages (`--empty --pages ... --`, engines/qpdf.ts): qpdf exits
 * as soon as its job has written the output, instead of first taking apart every document it read.
 *
 * QPDFJob::run() (qpdf 11, libqpdf/QPDFJob.cc) writes the output, then returns, and its locals, one
 * QPDF per input file, are destroyed: every object of 50 inputs freed one by one, and jemalloc giving
 * the pages back (the server runs big assemblies on it). For a 50-file merge that is about 20 ms of
 * the 130 after the output is complete, a time the server and its client only wait through. The
 * kernel frees the whole address space at exit anyway.
 *
 * So the first QPDF destroyed after the output was written ends the process, with the exit code qpdf
 * would give (QPDFJob::getExitCode(), warnings counted), once stdio is flushed. Only then:
 * - inside QPDFJob::run() (the job is known), with no exception under way (a failure unwinding
 *   destroys documents too, and must reach qpdf's own error path);
 * - after a stream open for writing was closed inside that run, none of its writes and not its close
 *   having failed: the output is on disk (a failed one ends qpdf with an error: write-check.c).
 * An assembly destroys no document before that (qpdf opens each input once and keeps it to the end);
 * operations that do (--split-pages writes and drops a document per part) never get this library.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <unistd.h>

/* glibc's stream flag for a stream that does not write (libio/libio.h), part of its ABI */
#define STREAM_NO_WRITES 0x0008

/* std::uncaught_exceptions() of libstdc++, which qpdf links: exceptions thrown and not yet caught */
extern int _ZSt19uncaught_exceptionsv(void);

/* the QPDFJob whose run() is under way, and whether it has closed a stream it wrote */
static const void *running_job;
static int wrote_output;

static void run_ended(const void **job) {
  (void)job;
  running_job = NULL;
}

/* void QPDFJob::run() */
void _ZN7QPDFJob3runEv(void *job) {
  static void (*next)(void *);
  if (!next) next = (void (*)(void *))dlsym(RTLD_NEXT, "_ZN7QPDFJob3runEv");
  /* cleared when run() returns or throws (compiled with -fexceptions: the cleanup runs on unwinding) */
  const void *scope __attribute__((cleanup(run_ended))) = job;
  running_job = scope;
  wrote_output = 0;
  next(job);
}

int fclose(FILE *stream) {
  static int (*next)(FILE *);
  if (!next) next = (int (*)(FILE *))dlsym(RTLD_NEXT, "fclose");
  int written = !(stream->_flags & STREAM_NO_WRITES) && !ferror(stream);
  int closed = next(stream);
  if (running_job && written && closed == 0 && _ZSt19uncaught_exceptionsv() == 0) wrote_output = 1;
  return closed;
}

/* QPDF::~QPDF() */
void _ZN4QPDFD1Ev(void *pdf) {
  static void (*next)(void *);
  if (!next) next = (void (*)(void *))dlsym(RTLD_NEXT, "_ZN4QPDFD1Ev");
  if (running_job && wrote_output && _ZSt19uncaught_exceptionsv() == 0) {
    int (*exit_code)(const void *) =
        (int (*)(const void *))dlsym(RTLD_NEXT, "_ZNK7QPDFJob11getExitCodeEv");
    /* std::cout and std::cerr write through stdio (synced, qpdf's default): flushing stdio is enough */
    if (exit_code && fflush(NULL) == 0) _exit(exit_code(running_job));
  }
  next(pdf);
}
