// CPrefetch is its header (a static inline function); SwiftPM wants a source file in a C target.
#include "CPrefetch.h"
