#ifndef RECOVER_CSODIUM_SHIM_H
#define RECOVER_CSODIUM_SHIM_H
#include <sodium.h>
#endif
