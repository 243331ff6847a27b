// libxml2 for the SVG reader (Sources/Jobs/SVG/XMLTree.swift is the only file that uses it).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h then includes the system's <unicode/ucnv.h>, whose types
// clash with Foundation's own ICU module in any target that imports both. The reader never touches
// xmlCharEncodingHandler (the only declaration that changes), so ICU's part of the header is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
