// ICU (libicu-dev, pkg-config icu-uc): this module only links libicuuc and carries pkg-config's flags to
// CICUBreak, the C file that calls ICU. It declares nothing itself: ICU's headers define C types such as
// UErrorCode that Foundation's own copy of ICU (_FoundationICU) defines differently, and a Swift module
// that sees both (a test importing Foundation and Shaping) fails to compile.
#ifndef PATHTEXT_CICU_SHIM_H
#define PATHTEXT_CICU_SHIM_H
#endif
