// The declaration in include/CFuzzerDriver.h is all this module holds;
// SwiftPM wants a C target to have one source file.
#include "CFuzzerDriver.h"
