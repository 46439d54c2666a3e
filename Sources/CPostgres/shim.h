#ifndef RECOVER_CPOSTGRES_SHIM_H
#define RECOVER_CPOSTGRES_SHIM_H
#include <libpq-fe.h>

/* The PG_DIAG_* field codes are character-literal macros, which Swift does not import. */
static inline int recover_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int recover_pq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int recover_pq_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }
static inline int recover_pq_diag_table_name(void) { return PG_DIAG_TABLE_NAME; }
static inline int recover_pq_diag_column_name(void) { return PG_DIAG_COLUMN_NAME; }
#endif
