// The C library's elementary functions, as compiler builtins behind names of our own (as swift-numerics'
// shims do): Swift has no sin or cos of its own, and importing the platform's C library for them would
// bring every name of it along. Sources/Support/Math.swift gives them their usual names.
#ifndef PATHTEXT_CMATH_H
#define PATHTEXT_CMATH_H

static inline double pt_sin(double x) { return __builtin_sin(x); }
static inline double pt_cos(double x) { return __builtin_cos(x); }
static inline double pt_tan(double x) { return __builtin_tan(x); }
static inline double pt_asin(double x) { return __builtin_asin(x); }
static inline double pt_acos(double x) { return __builtin_acos(x); }
static inline double pt_atan(double x) { return __builtin_atan(x); }
static inline double pt_atan2(double y, double x) { return __builtin_atan2(y, x); }
static inline double pt_pow(double x, double y) { return __builtin_pow(x, y); }
static inline double pt_exp(double x) { return __builtin_exp(x); }
static inline double pt_log(double x) { return __builtin_log(x); }
static inline double pt_hypot(double x, double y) { return __builtin_hypot(x, y); }

#endif
