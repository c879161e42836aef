#ifndef DRAWDOC_COPENSSL_SHIM_H
#define DRAWDOC_COPENSSL_SHIM_H
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/bio.h>
#include <openssl/rand.h>

// What OpenSSL declares as macros, which Swift cannot call, as functions.

static inline long drawdoc_ssl_ctx_set_mode(SSL_CTX *context, long mode) {
  return SSL_CTX_set_mode(context, mode);
}

static inline int drawdoc_ssl_ctx_set_min_proto_version(SSL_CTX *context, int version) {
  return (int)SSL_CTX_set_min_proto_version(context, version);
}

static inline long drawdoc_bio_get_mem_data(BIO *bio, char **data) {
  return BIO_get_mem_data(bio, data);
}

static inline EVP_PKEY *drawdoc_evp_ec_gen(const char *curve) {
  return EVP_EC_gen(curve);
}

static inline long drawdoc_ssl_ctx_add1_chain_cert(SSL_CTX *context, X509 *certificate) {
  return SSL_CTX_add1_chain_cert(context, certificate);
}

static inline uint64_t drawdoc_ssl_server_options(void) {
  return SSL_OP_NO_RENEGOTIATION | SSL_OP_CIPHER_SERVER_PREFERENCE;
}

static inline void drawdoc_openssl_free(void *pointer) {
  OPENSSL_free(pointer);
}

// The stack of subjectAltName entries (GENERAL_NAMES), whose functions are macros.

static inline int drawdoc_general_names_count(const GENERAL_NAMES *names) {
  return sk_GENERAL_NAME_num(names);
}

static inline GENERAL_NAME *drawdoc_general_names_value(const GENERAL_NAMES *names, int index) {
  return sk_GENERAL_NAME_value(names, index);
}

static inline int drawdoc_general_names_push(GENERAL_NAMES *names, GENERAL_NAME *name) {
  return sk_GENERAL_NAME_push(names, name);
}

#endif
