#ifndef RECOVER_CZXCVBN_SHIM_H
#define RECOVER_CZXCVBN_SHIM_H
// Debian's libzxcvbn is built with its dictionaries compiled in: ZxcvbnInit is a no-op macro there.
#include <zxcvbn.h>
#endif
