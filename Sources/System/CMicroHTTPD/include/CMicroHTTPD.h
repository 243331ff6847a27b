// libmicrohttpd, loaded with dlopen the first time `pathtext serve` (or a test) starts a server, so no
// other run of the program loads it: linked normally, it and the TLS stack it depends on (GnuTLS,
// Nettle, p11-kit, …) cost every process 3.7 M instructions of relocations and constructors and about
// 3 MB of resident memory at start-up. Only these eight functions are used; each forwards to the
// library's own, which pt_mhd_load must have found first.
#ifndef PT_MICROHTTPD_H
#define PT_MICROHTTPD_H

// libmicrohttpd needs these system headers before its own.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Loads libmicrohttpd once (thread-safe). Returns NULL when its functions are ready, otherwise why the
/// library could not be loaded (a static string, or the dynamic loader's message).
const char *pt_mhd_load(void);

struct MHD_Daemon *pt_mhd_start_daemon_va(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc,
                                          void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap);
void pt_mhd_stop_daemon(struct MHD_Daemon *daemon);
int pt_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                 MHD_KeyValueIterator iterator, void *iterator_cls);
struct MHD_Response *pt_mhd_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
void pt_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result pt_mhd_add_response_header(struct MHD_Response *response, const char *header, const char *content);
enum MHD_Result pt_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                      struct MHD_Response *response);

/// The socket of `connection` (MHD_CONNECTION_INFO_CONNECTION_FD), or -1.
int pt_mhd_connection_socket(struct MHD_Connection *connection);

#endif
