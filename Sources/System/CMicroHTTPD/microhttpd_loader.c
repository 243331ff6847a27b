// The one place that opens libmicrohttpd: dlopen on the first pt_mhd_load, then calls through the
// pointers it found. Nothing here runs unless a server is started.
#include "CMicroHTTPD.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

static struct {
    struct MHD_Daemon *(*start_daemon_va)(unsigned int, uint16_t, MHD_AcceptPolicyCallback, void *,
                                          MHD_AccessHandlerCallback, void *, va_list);
    void (*stop_daemon)(struct MHD_Daemon *);
    int (*get_connection_values)(struct MHD_Connection *, enum MHD_ValueKind, MHD_KeyValueIterator, void *);
    struct MHD_Response *(*create_response_from_buffer)(size_t, void *, enum MHD_ResponseMemoryMode);
    void (*destroy_response)(struct MHD_Response *);
    enum MHD_Result (*add_response_header)(struct MHD_Response *, const char *, const char *);
    enum MHD_Result (*queue_response)(struct MHD_Connection *, unsigned int, struct MHD_Response *);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
} mhd;
static const char *load_error = "libmicrohttpd was not loaded";
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The versioned name first (what the runtime package installs), then the development symlink.
    static const char *const names[] = {
#ifdef __APPLE__
        "libmicrohttpd.12.dylib", "libmicrohttpd.dylib",
#else
        "libmicrohttpd.so.12", "libmicrohttpd.so",
#endif
    };
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *why = dlerror();
        load_error = why ? why : "libmicrohttpd not found";
        return;
    }
    // Never closed: the daemon's threads run the library's code until the process ends.
#define PT_FIND(field, symbol) \
    if (!(*(void **)&mhd.field = dlsym(library, symbol))) { load_error = "libmicrohttpd lacks " symbol; return; }
    PT_FIND(start_daemon_va, "MHD_start_daemon_va")
    PT_FIND(stop_daemon, "MHD_stop_daemon")
    PT_FIND(get_connection_values, "MHD_get_connection_values")
    PT_FIND(create_response_from_buffer, "MHD_create_response_from_buffer")
    PT_FIND(destroy_response, "MHD_destroy_response")
    PT_FIND(add_response_header, "MHD_add_response_header")
    PT_FIND(queue_response, "MHD_queue_response")
    PT_FIND(get_connection_info, "MHD_get_connection_info")
#undef PT_FIND
    load_error = NULL;
}

const char *pt_mhd_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

struct MHD_Daemon *pt_mhd_start_daemon_va(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc,
                                          void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap) {
    if (pt_mhd_load()) return NULL;
    return mhd.start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, ap);
}

void pt_mhd_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

int pt_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                 MHD_KeyValueIterator iterator, void *iterator_cls) {
    return mhd.get_connection_values(connection, kind, iterator, iterator_cls);
}

struct MHD_Response *pt_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
    return mhd.create_response_from_buffer(size, buffer, mode);
}

void pt_mhd_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }

enum MHD_Result pt_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content) {
    return mhd.add_response_header(response, header, content);
}

enum MHD_Result pt_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                      struct MHD_Response *response) {
    return mhd.queue_response(connection, status_code, response);
}

int pt_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? (int)info->connect_fd : -1;
}
