#ifndef RECOVER_COPENSSL_SHIM_H
#define RECOVER_COPENSSL_SHIM_H
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>

/* OpenSSL 3's typed parameter calls take NULL-terminated OSSL_PARAM arrays and names that are macros: a few
   wrappers that build them, so Swift calls one function per operation. Each returns 1 on success. */

/* A new P-256 key pair (EVP_EC_gen is a variadic macro). */
static inline EVP_PKEY *recover_p256_generate(void) {
    return EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
}

/* A P-256 key from its uncompressed public point (65 bytes) and, when `private_key` is not NULL, its 32-byte
   scalar; NULL when the point is not on the curve or the scalar does not match it (EVP_PKEY_fromcheck). */
static inline EVP_PKEY *recover_p256_from_raw(const unsigned char *public_point, size_t public_length,
                                              const unsigned char *private_key, size_t private_length) {
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    BIGNUM *scalar = NULL;
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *context = NULL;
    EVP_PKEY *key = NULL;
    int selection = private_key ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    if (!builder) return NULL;
    if (!OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0)) goto done;
    if (!OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, public_point, public_length)) goto done;
    if (private_key) {
        scalar = BN_bin2bn(private_key, (int)private_length, NULL);
        if (!scalar || !OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, scalar)) goto done;
    }
    params = OSSL_PARAM_BLD_to_param(builder);
    context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!params || !context || EVP_PKEY_fromdata_init(context) != 1) goto done;
    if (EVP_PKEY_fromdata(context, &key, selection, params) != 1) goto done;
    /* fromdata trusts its input: check the point is on the curve (and the pair matches) before use. */
    EVP_PKEY_CTX_free(context);
    context = EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
    if (!context || (private_key ? EVP_PKEY_pairwise_check(context) : EVP_PKEY_public_check(context)) != 1) {
        EVP_PKEY_free(key);
        key = NULL;
    }
done:
    EVP_PKEY_CTX_free(context);
    OSSL_PARAM_free(params);
    BN_free(scalar);
    OSSL_PARAM_BLD_free(builder);
    return key;
}

/* The key's uncompressed public point into `out` (65 bytes). */
static inline int recover_p256_public_point(const EVP_PKEY *key, unsigned char *out, size_t room) {
    size_t written = 0;
    if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, out, room, &written) != 1) return 0;
    return written == 65;
}

/* The key's private scalar into `out`, left-padded to 32 bytes. */
static inline int recover_p256_private_scalar(const EVP_PKEY *key, unsigned char *out) {
    BIGNUM *scalar = NULL;
    int ok = EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) == 1 && BN_bn2binpad(scalar, out, 32) == 32;
    BN_clear_free(scalar);
    return ok;
}

/* HKDF-SHA-256 (RFC 5869), extract and expand, through EVP_KDF. */
static inline int recover_hkdf_sha256(const unsigned char *salt, size_t salt_length, const unsigned char *key,
                                      size_t key_length, const unsigned char *info, size_t info_length,
                                      unsigned char *out, size_t out_length) {
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *context = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[5];
    int ok = 0;
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key, key_length);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_length);
    params[3] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, (void *)info, info_length);
    params[4] = OSSL_PARAM_construct_end();
    if (context) ok = EVP_KDF_derive(context, out, out_length, params) == 1;
    EVP_KDF_CTX_free(context);
    EVP_KDF_free(kdf);
    return ok;
}

/* The GCM tag after EVP_EncryptFinal_ex (EVP_CIPHER_CTX_ctrl with its control code). */
static inline int recover_gcm_tag(EVP_CIPHER_CTX *context, unsigned char *tag, int length) {
    return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, length, tag);
}
#endif
