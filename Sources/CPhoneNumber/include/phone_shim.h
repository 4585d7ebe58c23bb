// A plain C view of libphonenumber's PhoneNumberMatcher, for Swift.
//
// Nothing of libphonenumber (C++, protobuf) shows here: the caller passes
// UTF-8 bytes and gets byte ranges back. The library's logger is replaced by
// a null logger, so no number ever reaches stdout or stderr through it.
#ifndef RF_PHONE_SHIM_H
#define RF_PHONE_SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One phone number found in the text: `[start, end)` in bytes of the UTF-8
/// input, the number's type (one of `RF_PHONE_TYPE_*`) and its country
/// calling code (49 for Germany).
typedef struct rf_phone_match {
    size_t start;
    size_t end;
    int32_t type;
    int32_t country_code;
} rf_phone_match;

/// libphonenumber's `PhoneNumberUtil::PhoneNumberType`, same order.
enum {
    RF_PHONE_TYPE_FIXED_LINE = 0,
    RF_PHONE_TYPE_MOBILE = 1,
    RF_PHONE_TYPE_FIXED_LINE_OR_MOBILE = 2,
    RF_PHONE_TYPE_TOLL_FREE = 3,
    RF_PHONE_TYPE_PREMIUM_RATE = 4,
    RF_PHONE_TYPE_SHARED_COST = 5,
    RF_PHONE_TYPE_VOIP = 6,
    RF_PHONE_TYPE_PERSONAL_NUMBER = 7,
    RF_PHONE_TYPE_PAGER = 8,
    RF_PHONE_TYPE_UAN = 9,
    RF_PHONE_TYPE_VOICEMAIL = 10,
    RF_PHONE_TYPE_UNKNOWN = 11
};

/// Leniency levels of `PhoneNumberMatcher`, same order.
enum {
    RF_PHONE_LENIENCY_POSSIBLE = 0,
    RF_PHONE_LENIENCY_VALID = 1,
    RF_PHONE_LENIENCY_STRICT_GROUPING = 2,
    RF_PHONE_LENIENCY_EXACT_GROUPING = 3
};

/// Finds the phone numbers in `utf8[0..<len]` with `PhoneNumberMatcher`,
/// reading numbers without a country code as numbers of `region` (a CLDR
/// region code such as "DE"), at the given leniency (`RF_PHONE_LENIENCY_*`).
///
/// Writes up to `cap` matches, in text order, to `out` and returns how many
/// there are in all: if that is more than `cap`, call again with a larger
/// buffer. Returns 0 for invalid UTF-8 or an unknown region, and
/// `RF_PHONE_FAILED` when libphonenumber failed (threw): then nothing is
/// known about the text. Thread-safe. Wraps
/// `i18n::phonenumbers::PhoneNumberMatcher`.
/// `rf_phone_find` failed: not the same as finding nothing.
#define RF_PHONE_FAILED ((size_t)-1)

size_t rf_phone_find(const char *utf8, size_t len, const char *region,
                     int leniency, rf_phone_match *out, size_t cap);

/// Whether numbers of `region` written without a country code are only
/// found by the matcher (at `leniency`) when they start with the national
/// (trunk) prefix, as in Germany ("030 1234567" is found, "30 1234567" is
/// not). Returns the prefix's first digit as an ASCII character ('0') if so,
/// 0 if not or if unknown. Decided by trying the region's example fixed-line
/// and mobile numbers on the matcher. Wraps `PhoneNumberUtil::GetExampleNumberForType`,
/// `GetNddPrefixForRegion` and `PhoneNumberMatcher`.
int rf_phone_required_national_prefix(const char *region, int leniency);

/// The version of the libphonenumber loaded in this process, as its file
/// name gives it ("8.12" for libphonenumber.so.8.12): the library has no
/// version function and its headers no version macro. Writes a
/// NUL-terminated string of at most `cap` bytes to `out` and returns its
/// length, or 0 when the loaded file is not found or its name carries no
/// version (a static link). Wraps `dl_iterate_phdr` and `realpath`.
size_t rf_phone_library_version(char *out, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
