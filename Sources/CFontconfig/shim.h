#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

// FC_FILE is a string macro ("file"); give it a typed home for Swift.
static inline const char *cfc_file_property(void) { return FC_FILE; }

#endif
