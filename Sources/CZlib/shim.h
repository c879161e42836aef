#ifndef DRAWDOC_CZLIB_SHIM_H
#define DRAWDOC_CZLIB_SHIM_H
#include <zlib.h>
#endif
