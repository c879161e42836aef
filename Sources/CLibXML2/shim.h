#ifndef DRAWDOC_CLIBXML2_SHIM_H
#define DRAWDOC_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's
 * <unicode/ucnv.h>. Foundation on Linux ships its own ICU headers with a different
 * UErrorCode, and a module that sees both fails to build. drawdoc never touches the
 * ICU converter fields (the last members of xmlCharEncodingHandler), so leave them out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/relaxng.h>
#include <libxml/xmlschemas.h>
#endif
