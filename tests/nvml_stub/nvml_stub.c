/* A stand-in for libnvidia-ml.so.1, built by the tests only: the NVML entry points edgetop
 * resolves, answering from a script (the file named by EDGETOP_NVML_STUB_SCRIPT), re-read whenever
 * the file changes so that a test can change the answers between two samples.
 *
 * One line per answer, `#` starts a comment:
 *   init <code>                      nvmlInit_v2's answer (default 0, success)
 *   count <n>                        devices (default 0)
 *   fail <code>                      every device call answers <code> (the library going away)
 *   <i> name <text...>
 *   <i> util <gpu%> <mem%>
 *   <i> clock <type> <MHz>           type: 0 graphics, 2 memory
 *   <i> maxclock <type> <MHz>
 *   <i> temp <C>
 *   <i> power <mW>
 *   <i> limit <mW>
 *   <i> memory <total bytes> <used bytes>
 *   <i> compute <pid> <bytes>        one line per process; bytes -1: not available
 *   <i> graphics <pid> <bytes>
 *   <i> enc <percent> <period us>    nvmlDeviceGetEncoderUtilization
 *   <i> dec <percent> <period us>    nvmlDeviceGetDecoderUtilization
 *   <i> jpg <percent> <period us>    nvmlDeviceGetJpgUtilization
 *   <i> ofa <percent> <period us>    nvmlDeviceGetOfaUtilization
 * An answer written as `<i> <key> !<code>` returns that code; a value without a line answers
 * NOT_SUPPORTED (3). Built without nvmlDeviceGetUtilizationRates when NVML_STUB_LACKS_UTILIZATION
 * is defined: a library that lacks a symbol; without the JPEG and OFA queries when
 * NVML_STUB_LACKS_JPG_OFA is defined: a driver older than those two. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OK 0
#define NOT_SUPPORTED 3
#define INVALID_ARGUMENT 2
#define INSUFFICIENT_SIZE 7
#define MAX_DEVICES 8
#define MAX_PROCS 16
#define MAX_ANSWERS 24

typedef struct {
    char key[16];
    int type; /* the clock type of clock/maxclock */
    int code;
    unsigned long long a, b;
} answer_t;

typedef struct {
    unsigned pid;
    unsigned long long used;
    unsigned gi, ci;
} process_t;

typedef struct {
    char name[96];
    answer_t answers[MAX_ANSWERS];
    int n_answers;
    process_t compute[MAX_PROCS], graphics[MAX_PROCS];
    unsigned n_compute, n_graphics;
} device_t;

static struct {
    struct stat seen;
    int init_code, fail_code;
    unsigned count;
    device_t devices[MAX_DEVICES];
} stub;

static void load_script(void) {
    const char* path = getenv("EDGETOP_NVML_STUB_SCRIPT");
    struct stat now;
    if (!path || stat(path, &now) != 0) return;
    if (now.st_ino == stub.seen.st_ino && now.st_size == stub.seen.st_size &&
        now.st_mtim.tv_sec == stub.seen.st_mtim.tv_sec &&
        now.st_mtim.tv_nsec == stub.seen.st_mtim.tv_nsec)
        return;
    FILE* f = fopen(path, "r");
    if (!f) return;
    memset(&stub, 0, sizeof stub);
    stub.seen = now;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        char key[16] = "";
        unsigned index = 0;
        int used = 0;
        line[strcspn(line, "\n#")] = 0;
        if (sscanf(line, "init %d", &stub.init_code) == 1) continue;
        if (sscanf(line, "fail %d", &stub.fail_code) == 1) continue;
        if (sscanf(line, "count %u", &stub.count) == 1) continue;
        if (sscanf(line, "%u %15s %n", &index, key, &used) < 2 || index >= MAX_DEVICES) continue;
        device_t* d = &stub.devices[index];
        const char* rest = line + used;
        if (strcmp(key, "name") == 0) {
            snprintf(d->name, sizeof d->name, "%s", rest);
        } else if (strcmp(key, "compute") == 0 || strcmp(key, "graphics") == 0) {
            int is_compute = strcmp(key, "compute") == 0;
            unsigned* n = is_compute ? &d->n_compute : &d->n_graphics;
            process_t* p = is_compute ? d->compute : d->graphics;
            long long bytes = 0;
            if (*n < MAX_PROCS && sscanf(rest, "%u %lld", &p[*n].pid, &bytes) == 2) {
                p[*n].used = bytes < 0 ? ~0ULL : (unsigned long long)bytes;
                ++*n;
            }
        } else if (d->n_answers < MAX_ANSWERS) {
            answer_t* a = &d->answers[d->n_answers++];
            snprintf(a->key, sizeof a->key, "%s", key);
            if (strcmp(key, "clock") == 0 || strcmp(key, "maxclock") == 0) {
                if (sscanf(rest, "%d %n", &a->type, &used) < 1) continue;
                rest += used;
            }
            if (rest[0] == '!')
                a->code = atoi(rest + 1);
            else
                sscanf(rest, "%llu %llu", &a->a, &a->b);
        }
    }
    fclose(f);
}

/* The device behind a handle, or NULL (with *code set) when the call must fail. */
static device_t* device_of(void* handle, int* code) {
    load_script();
    *code = stub.fail_code;
    if (stub.fail_code) return NULL;
    device_t* d = (device_t*)handle;
    if (d < stub.devices || d >= stub.devices + stub.count) {
        *code = INVALID_ARGUMENT;
        return NULL;
    }
    return d;
}

static int find_answer(void* handle, const char* key, int type, unsigned long long* a,
                       unsigned long long* b) {
    int code;
    device_t* d = device_of(handle, &code);
    if (!d) return code;
    for (int i = 0; i < d->n_answers; ++i) {
        answer_t* x = &d->answers[i];
        if (strcmp(x->key, key) != 0 || x->type != type) continue;
        if (x->code) return x->code;
        *a = x->a;
        if (b) *b = x->b;
        return OK;
    }
    return NOT_SUPPORTED;
}

int nvmlInit_v2(void) {
    load_script();
    return stub.init_code;
}

int nvmlShutdown(void) {
    return OK;
}

int nvmlDeviceGetCount_v2(unsigned* count) {
    load_script();
    if (stub.fail_code) return stub.fail_code;
    *count = stub.count;
    return OK;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned index, void** handle) {
    load_script();
    if (stub.fail_code) return stub.fail_code;
    if (index >= stub.count) return INVALID_ARGUMENT;
    *handle = &stub.devices[index];
    return OK;
}

int nvmlDeviceGetName(void* handle, char* name, unsigned length) {
    int code;
    device_t* d = device_of(handle, &code);
    if (!d) return code;
    if (!d->name[0]) return NOT_SUPPORTED;
    if (strlen(d->name) >= length) return INSUFFICIENT_SIZE;
    strcpy(name, d->name);
    return OK;
}

#ifndef NVML_STUB_LACKS_UTILIZATION
typedef struct {
    unsigned gpu, memory;
} utilization_t;

int nvmlDeviceGetUtilizationRates(void* handle, utilization_t* out) {
    unsigned long long gpu = 0, mem = 0;
    int code = find_answer(handle, "util", 0, &gpu, &mem);
    if (code == OK) {
        out->gpu = (unsigned)gpu;
        out->memory = (unsigned)mem;
    }
    return code;
}
#endif

static int one_value(void* handle, const char* key, int type, unsigned* out) {
    unsigned long long value = 0;
    int code = find_answer(handle, key, type, &value, NULL);
    if (code == OK) *out = (unsigned)value;
    return code;
}

int nvmlDeviceGetClockInfo(void* handle, int type, unsigned* mhz) {
    return one_value(handle, "clock", type, mhz);
}

int nvmlDeviceGetMaxClockInfo(void* handle, int type, unsigned* mhz) {
    return one_value(handle, "maxclock", type, mhz);
}

int nvmlDeviceGetTemperature(void* handle, int sensor, unsigned* celsius) {
    if (sensor != 0) return INVALID_ARGUMENT;
    return one_value(handle, "temp", 0, celsius);
}

int nvmlDeviceGetPowerUsage(void* handle, unsigned* mw) {
    return one_value(handle, "power", 0, mw);
}

int nvmlDeviceGetEnforcedPowerLimit(void* handle, unsigned* mw) {
    return one_value(handle, "limit", 0, mw);
}

typedef struct {
    unsigned long long total, free, used;
} memory_t;

int nvmlDeviceGetMemoryInfo(void* handle, memory_t* out) {
    unsigned long long total = 0, used = 0;
    int code = find_answer(handle, "memory", 0, &total, &used);
    if (code == OK) {
        out->total = total;
        out->used = used;
        out->free = total - used;
    }
    return code;
}

static int processes(void* handle, int compute, unsigned* count, process_t* out) {
    int code;
    device_t* d = device_of(handle, &code);
    if (!d) return code;
    unsigned n = compute ? d->n_compute : d->n_graphics;
    const process_t* list = compute ? d->compute : d->graphics;
    unsigned room = *count;
    *count = n;
    if (n > room || (n > 0 && !out)) return INSUFFICIENT_SIZE;
    memcpy(out, list, n * sizeof *list);
    return OK;
}

int nvmlDeviceGetComputeRunningProcesses_v3(void* handle, unsigned* count, process_t* out) {
    return processes(handle, 1, count, out);
}

int nvmlDeviceGetGraphicsRunningProcesses_v3(void* handle, unsigned* count, process_t* out) {
    return processes(handle, 0, count, out);
}

static int engine(void* handle, const char* key, unsigned* percent, unsigned* period_us) {
    unsigned long long value = 0, period = 0;
    int code = find_answer(handle, key, 0, &value, &period);
    if (code == OK) {
        *percent = (unsigned)value;
        *period_us = (unsigned)period;
    }
    return code;
}

int nvmlDeviceGetEncoderUtilization(void* handle, unsigned* percent, unsigned* period_us) {
    return engine(handle, "enc", percent, period_us);
}

int nvmlDeviceGetDecoderUtilization(void* handle, unsigned* percent, unsigned* period_us) {
    return engine(handle, "dec", percent, period_us);
}

#ifndef NVML_STUB_LACKS_JPG_OFA
int nvmlDeviceGetJpgUtilization(void* handle, unsigned* percent, unsigned* period_us) {
    return engine(handle, "jpg", percent, period_us);
}

int nvmlDeviceGetOfaUtilization(void* handle, unsigned* percent, unsigned* period_us) {
    return engine(handle, "ofa", percent, period_us);
}
#endif
